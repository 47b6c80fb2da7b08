// Google reCAPTCHA v3: the browser gets a token from Google for an action, we ask Google's
// siteverify what it thinks. Anything short of a clear yes is a refusal, including Google being
// unreachable ("unavailable" is never a success).
import { fail, type BotCheckFailure, type BotCheckResult, type BotCheckVerifier } from "./types";

export const SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
const MAX_TOKEN_LENGTH = 8192;

export interface RecaptchaVerifierOptions {
  secret: string;
  siteKey: string;
  minScore?: number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** The documented siteverify answer; score and action are v3 only. */
interface SiteverifyResponse {
  success?: boolean;
  score?: number;
  action?: string;
  challenge_ts?: string;
  hostname?: string;
  "error-codes"?: string[];
}

// Google's error codes; secret and request problems are ours, so the check is unavailable.
const GOOGLE_ERRORS: Record<string, BotCheckFailure> = {
  "missing-input-response": "missing",
  "invalid-input-response": "forged",
  "timeout-or-duplicate": "expired", // Google does not say which: older than two minutes, or used before
  "missing-input-secret": "unavailable",
  "invalid-input-secret": "unavailable",
  "bad-request": "unavailable",
};

export function createRecaptchaVerifier({
  secret,
  siteKey,
  minScore = 0.5,
  fetch = globalThis.fetch,
  timeoutMs = 5000,
}: RecaptchaVerifierOptions): BotCheckVerifier {
  return {
    kind: "recaptcha",

    async clientConfig() {
      return { kind: "recaptcha", siteKey };
    },

    async verify(token, action): Promise<BotCheckResult> {
      if (!token) return fail("missing");
      if (token.length > MAX_TOKEN_LENGTH) return fail("malformed");
      let answer: SiteverifyResponse;
      try {
        const res = await fetch(SITEVERIFY_URL, {
          method: "POST",
          body: new URLSearchParams({ secret, response: token }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return fail("unavailable");
        answer = (await res.json()) as SiteverifyResponse;
      } catch {
        return fail("unavailable");
      }
      if (answer?.success !== true) {
        const codes = answer?.["error-codes"];
        const code = Array.isArray(codes) ? codes.find((c) => Object.hasOwn(GOOGLE_ERRORS, c)) : undefined;
        return fail(code ? GOOGLE_ERRORS[code]! : "forged");
      }
      if (answer.action !== action) return fail("wrong-action");
      if (typeof answer.score !== "number" || answer.score < minScore) return fail("low-score");
      return { ok: true };
    },
  };
}
