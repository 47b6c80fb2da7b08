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

export function deriveKey(master: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `heloc:${purpose}`, 32));
}
