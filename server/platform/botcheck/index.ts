// Picks the bot check: Google reCAPTCHA when a secret is configured, the self-hosted ALTCHA
// proof of work otherwise (DESIGN.md "Security stance").
import { createAltchaVerifier } from "./altcha";
import { createRecaptchaVerifier } from "./recaptcha";
import type { BotCheckVerifier, SpentTokens } from "./types";
import type { Metrics } from "../observability/metrics";

export type {
  BotCheckClientConfig,
  BotCheckFailure,
  BotCheckResult,
  BotCheckVerifier,
  SpentTokens,
} from "./types";
export { createAltchaVerifier } from "./altcha";
export { createRecaptchaVerifier } from "./recaptcha";
export { createMemorySpentTokens } from "./memory-spent";

export interface BotCheckEnv {
  RECAPTCHA_SECRET?: string;
  RECAPTCHA_SITE_KEY?: string;
  RECAPTCHA_MIN_SCORE?: string;
  /** Signs self-hosted challenges. */
  hmacSecret: string;
  /** Where self-hosted tokens are remembered once used. */
  spent: SpentTokens;
  /** PBKDF2 iterations per attempt of the self-hosted check; unset, ALTCHA_DEFAULT_COST. Only tests lower it. */
  altchaCost?: number;
}

/** An empty variable counts as unset, as in most .env files. */
export function createBotCheck(env: BotCheckEnv): BotCheckVerifier {
  if (!env.RECAPTCHA_SECRET)
    return createAltchaVerifier({
      hmacSecret: env.hmacSecret,
      spent: env.spent,
      ...(env.altchaCost ? { cost: env.altchaCost } : {}),
    });
  if (!env.RECAPTCHA_SITE_KEY) {
    throw new Error(
      "RECAPTCHA_SITE_KEY is required when RECAPTCHA_SECRET is set: the browser needs the site key to get tokens.",
    );
  }
  return createRecaptchaVerifier({
    secret: env.RECAPTCHA_SECRET,
    siteKey: env.RECAPTCHA_SITE_KEY,
    minScore: parseMinScore(env.RECAPTCHA_MIN_SCORE),
  });
}

function parseMinScore(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const score = Number(value);
  if (!Number.isFinite(score) || score < 0 || score > 1) {
    throw new Error(`RECAPTCHA_MIN_SCORE must be a number from 0 to 1 (got ${JSON.stringify(value)}).`);
  }
  return score;
}

/** The same verifier, each refusal counted by its reason (heloc_bot_check_refusals_total). */
export function countedBotCheck(
  verifier: BotCheckVerifier,
  metrics: Pick<Metrics, "botCheckRefusals">,
): BotCheckVerifier {
  return {
    kind: verifier.kind,
    clientConfig: (action) => verifier.clientConfig(action),
    async verify(token, action) {
      const result = await verifier.verify(token, action);
      if (!result.ok) metrics.botCheckRefusals.inc({ reason: result.reason });
      return result;
    },
  };
}
