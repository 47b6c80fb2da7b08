// The hash a translation records of the English it translates (schemas/translation.schema.json):
// the first 16 hex digits of its SHA-256. Server and command lines only: the browser is sent
// strings already chosen (localize.ts).
import { createHash } from "node:crypto";

export const englishHash = (text: string): string =>
  createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
