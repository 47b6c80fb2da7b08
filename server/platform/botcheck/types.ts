// The bot-check contract (DESIGN.md "Security stance"): every POST/PUT/PATCH carries a token in
// X-Recaptcha-Token for the action api_update, checked by whichever verifier is configured.

export type BotCheckFailure =
  "missing" | "malformed" | "forged" | "expired" | "replayed" | "wrong-action" | "low-score" | "unavailable";

export type BotCheckResult = { ok: true } | { ok: false; reason: BotCheckFailure };

export type BotCheckClientConfig =
  | { kind: "altcha"; challenge: unknown /* a fresh challenge for the action */ }
  | { kind: "recaptcha"; siteKey: string };

export interface BotCheckVerifier {
  readonly kind: "altcha" | "recaptcha";
  /** What the browser needs to produce a token for this action. */
  clientConfig(action: string): Promise<BotCheckClientConfig>;
  verify(token: string | undefined, action: string): Promise<BotCheckResult>;
}

/** Remembers spent tokens until they expire, so a token works once. spend() returns false when the id was already spent. */
export interface SpentTokens {
  spend(id: string, expiresAt: Date): boolean | Promise<boolean>;
}

export const fail = (reason: BotCheckFailure): BotCheckResult => ({ ok: false, reason });
