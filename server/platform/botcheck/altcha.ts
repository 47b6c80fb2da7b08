// Self-hosted bot check: an ALTCHA v2 proof of work. The server signs a challenge that names the
// action and an expiry; the browser searches for the counter whose PBKDF2 key starts with the
// signed prefix and sends back base64url(JSON {challenge, solution}). A challenge works once.
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { fail, type BotCheckResult, type BotCheckVerifier, type SpentTokens } from "./types";

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per attempt. The server picks the counter (altcha's deterministic mode), so
 *  the browser makes 100-300 attempts: 50k-150k iterations, bounded rather than luck-dependent.
 *  Measured median per token: ~50 ms in headless Chromium, ~120 ms in Node's WebCrypto (2 vCPU
 *  VM), which leaves a phone several times slower well under a second. */
export const ALTCHA_DEFAULT_COST = 500;
const COUNTER_MIN = 100;
const COUNTER_MAX = 300;
/** Real tokens are ~610 characters; anything far longer is not ours and is not parsed. */
const MAX_TOKEN_LENGTH = 4096;

export interface AltchaVerifierOptions {
  hmacSecret: string;
  spent: SpentTokens;
  ttlSeconds?: number;
  cost?: number;
  /** Milliseconds since the epoch; injectable so tests can expire a challenge without sleeping. */
  now?: () => number;
}

export function createAltchaVerifier({
  hmacSecret,
  spent,
  ttlSeconds = 600,
  cost = ALTCHA_DEFAULT_COST,
  now = Date.now,
}: AltchaVerifierOptions): BotCheckVerifier {
  if (!hmacSecret) throw new Error("bot check: the altcha verifier needs a non-empty hmacSecret");
  // A key of its own, so the app secret can be shared with other features without their MACs
  // ever being interchangeable with a challenge signature.
  const signingSecret = createHmac("sha256", hmacSecret).update("heloc/botcheck/altcha/v2").digest("hex");

  return {
    kind: "altcha",

    async clientConfig(action) {
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        data: { action },
        expiresAt: Math.floor((now() + ttlSeconds * 1000) / 1000),
        hmacSignatureSecret: signingSecret,
      });
      return { kind: "altcha", challenge };
    },

    async verify(token, action): Promise<BotCheckResult> {
      if (!token) return fail("missing");
      const payload = decodeToken(token);
      if (!payload) return fail("malformed");
      const { challenge, solution } = payload;

      // altcha-lib checks its own expiry against the real clock before the signature, then the
      // signature, then the solution. Our clock (`now`) is checked below, once the data is trusted.
      let result;
      try {
        result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: signingSecret });
      } catch {
        return fail("malformed");
      }
      if (result.expired) return fail("expired");
      if (!result.verified) return fail("forged");

      const { expiresAt, data } = challenge.parameters;
      if (typeof expiresAt !== "number" || expiresAt * 1000 <= now()) return fail("expired");
      if (data?.action !== action) return fail("wrong-action");
      // Spent last, so a token refused for another reason is not burnt.
      if (!(await spent.spend(challenge.signature!, new Date(expiresAt * 1000)))) return fail("replayed");
      return { ok: true };
    },
  };
}

/** Undoes the browser's base64url(JSON); null unless it has the shape verifySolution expects. */
function decodeToken(token: string): { challenge: Challenge; solution: Solution } | null {
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!isRecord(payload) || !isRecord(payload.challenge) || !isRecord(payload.solution)) return null;
  const { challenge, solution } = payload;
  const params = challenge.parameters;
  if (!isRecord(params) || typeof challenge.signature !== "string") return null;
  if (!["algorithm", "nonce", "salt", "keyPrefix"].every((k) => typeof params[k] === "string")) return null;
  if (!["cost", "keyLength"].every((k) => typeof params[k] === "number")) return null;
  if (params.expiresAt !== undefined && typeof params.expiresAt !== "number") return null;
  if (params.data !== undefined && !isRecord(params.data)) return null;
  if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return null;
  return payload as unknown as { challenge: Challenge; solution: Solution };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
