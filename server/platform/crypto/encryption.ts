// AES-256-GCM for identifiers at rest (every field a schema marks sealed or writeOnly). The key
// comes from APP_ENCRYPTION_KEY (64 hex characters or base64 of 32 bytes); in development only, a
// random key is generated once into the data folder.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PREFIX = "enc:v1:";

export interface Cipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  isSealed(value: unknown): value is string;
}

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32)
    throw new Error("APP_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64");
  const weak = weakness(key);
  if (weak)
    throw new Error(
      `APP_ENCRYPTION_KEY is not random (${weak}): make one with openssl rand -hex 32 and set APP_ENCRYPTION_KEY to it`,
    );
  return key;
}

/**
 * Why a 32-byte key is plainly not random, or null. 32 random bytes hold about 30 distinct values
 * (fewer than 20 has a chance far below one in 10^15); a key made by hand (all zeros, one byte
 * repeated, a counting sequence, a short pattern) is refused rather than trusted with every secret.
 */
export function weakness(key: Buffer): string | null {
  const distinct = new Set(key).size;
  if (distinct === 1) return "every byte is the same";
  const step = (key[1]! - key[0]! + 256) % 256;
  if (key.every((b, i) => i === 0 || (b - key[i - 1]! + 256) % 256 === step))
    return "its bytes count up or down";
  if (distinct < 20) return `only ${distinct} different byte values`;
  return null;
}

/**
 * The key from the environment, else (in development only) the development key file, created on
 * first start. `required`: outside development a missing key stops the start with one clear line,
 * rather than a key written beside the data it protects.
 */
export function loadKey(
  envKey: string | undefined,
  dataDir: string,
  { required = false } = {},
): { key: Buffer; source: string } {
  if (envKey) return { key: parseKey(envKey), source: "APP_ENCRYPTION_KEY" };
  if (required)
    throw new Error(
      "APP_ENCRYPTION_KEY is not set: production needs the 32-byte master key; make one with openssl rand -hex 32, set APP_ENCRYPTION_KEY to it, and keep it (sealed data cannot be read without it)",
    );
  const file = join(dataDir, "dev-encryption.key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return { key: parseKey(readFileSync(file, "utf8")), source: file };
}

export function createCipher(key: Buffer): Cipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return PREFIX + [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".");
    },
    decrypt(sealed) {
      const [iv, body, tag] = sealed
        .slice(PREFIX.length)
        .split(".")
        .map((p) => Buffer.from(p, "base64url"));
      if (!sealed.startsWith(PREFIX) || !iv || !body || !tag) throw new Error("not an encrypted value");
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
    isSealed: (value): value is string => typeof value === "string" && value.startsWith(PREFIX),
  };
}
