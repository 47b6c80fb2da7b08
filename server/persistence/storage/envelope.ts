// Envelope encryption for stored files: each file is encrypted (AES-256-GCM) with a data key of
// its own, and that key is stored beside it, sealed with the key-encryption key (derived from the
// master key, purpose "files"). Reading a file needs the master key; changing the master key means
// re-sealing the small data keys, not every file. The file's storage key (its SHA-256) is bound in
// as associated data, so an envelope moved to another name does not open.
//
// Layout: "HLCF" 0x01 | key iv (12) | sealed data key (32) | key tag (16) | data iv (12) | data | data tag (16)
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const MAGIC = Buffer.from("HLCF\x01", "latin1");
const IV = 12;
const KEY = 32;
const TAG = 16;
/** Bytes an envelope adds to its file. */
export const ENVELOPE_OVERHEAD = MAGIC.length + IV + KEY + TAG + IV + TAG;

export const isEnvelope = (bytes: Uint8Array) =>
  bytes.length >= ENVELOPE_OVERHEAD && Buffer.from(bytes.subarray(0, MAGIC.length)).equals(MAGIC);

function gcm(key: Buffer, iv: Buffer, plain: Uint8Array, aad: string): [Buffer, Buffer] {
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [body, cipher.getAuthTag()];
}

function ungcm(key: Buffer, iv: Buffer, body: Uint8Array, tag: Uint8Array, aad: string): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** The file's bytes in an envelope, for the storage key `name`. */
export function sealFile(kek: Buffer, plain: Uint8Array, name: string): Buffer {
  const dataKey = randomBytes(KEY);
  const keyIv = randomBytes(IV);
  const [sealedKey, keyTag] = gcm(kek, keyIv, dataKey, `key:${name}`);
  const dataIv = randomBytes(IV);
  const [body, dataTag] = gcm(dataKey, dataIv, plain, `data:${name}`);
  return Buffer.concat([MAGIC, keyIv, sealedKey, keyTag, dataIv, body, dataTag]);
}

/** The file's bytes out of its envelope; throws when the key is wrong or the bytes were changed. */
export function openFile(kek: Buffer, sealed: Uint8Array, name: string): Buffer {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  let at = MAGIC.length;
  const take = (n: number) => bytes.subarray(at, (at += n));
  const keyIv = take(IV);
  const sealedKey = take(KEY);
  const keyTag = take(TAG);
  const dataIv = take(IV);
  const body = bytes.subarray(at, bytes.length - TAG);
  const dataTag = bytes.subarray(bytes.length - TAG);
  const dataKey = ungcm(kek, keyIv, sealedKey, keyTag, `key:${name}`);
  return ungcm(dataKey, dataIv, body, dataTag, `data:${name}`);
}
