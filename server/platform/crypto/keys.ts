// One master key (APP_ENCRYPTION_KEY or the development key) and purpose-bound keys derived
// from it with HKDF, so a leak of one purpose's key (say CSRF) says nothing about the others.
import { hkdfSync } from "node:crypto";

export type KeyPurpose =
  | "fields"
  | "files"
  | "csrf"
  | "sign-in-codes"
  | "pending-sign-in"
  | "bot-check"
  | "rate-limit-keys"
  | "signature-covers"
  | "submit-receipts"
  | "phone-index"
  | "pdf-access";

/** Keys derived already, per master key: HKDF was ~0.5 ms of a signing save's CPU, every time. */
const derived = new WeakMap<Buffer, Map<KeyPurpose, Buffer>>();

export function deriveKey(master: Buffer, purpose: KeyPurpose): Buffer {
  let keys = derived.get(master);
  if (!keys) derived.set(master, (keys = new Map()));
  let key = keys.get(purpose);
  if (!key)
    keys.set(
      purpose,
      (key = Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `heloc:${purpose}`, 32))),
    );
  // A copy: a caller that fills or reuses its buffer cannot change the next caller's key.
  return Buffer.from(key);
}
