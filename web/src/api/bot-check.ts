// X-Recaptcha-Token for every POST/PUT/PATCH (DESIGN.md "Security stance"). The server says which
// check it runs: a self-hosted ALTCHA challenge (solved here; each token works once, so one is
// solved ahead in the background for the next mutation) or Google reCAPTCHA v3 (its script is
// loaded only then).
export const BOT_CHECK_ACTION = "api_update";

type BotCheckConfig = { kind: "altcha"; challenge: unknown } | { kind: "recaptcha"; siteKey: string };

/** A solved token is used well before the challenge's ten-minute expiry, or thrown away. */
const PREFETCH_MAX_AGE_MS = 5 * 60_000;

let ahead: { token: Promise<string>; startedAt: number } | null = null;

async function fetchConfig(): Promise<BotCheckConfig> {
  const res = await fetch(`/api/botcheck/config?action=${BOT_CHECK_ACTION}`, {
    headers: { "X-Same-Origin": "1" },
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`bot check: the server answered ${res.status}`);
  return (await res.json()) as BotCheckConfig;
}

async function solveAltcha(challenge: unknown): Promise<string> {
  // Loaded on first use: the home page never needs the solver.
  const { solveBotToken } = await import("./bot-token");
  return solveBotToken(challenge as Parameters<typeof solveBotToken>[0]);
}

/** The check the server ran last time; a token is solved ahead only for ALTCHA. */
let lastKind: BotCheckConfig["kind"] | null = null;

async function freshToken(): Promise<string> {
  const config = await fetchConfig();
  lastKind = config.kind;
  if (config.kind === "altcha") return solveAltcha(config.challenge);
  if (config.kind === "recaptcha") return recaptchaToken(config.siteKey);
  throw new Error("bot check: the server named an unknown kind of check");
}

/** Starts solving the next token now, so the next mutation does not wait for it. */
export function prefetchBotToken(): void {
  // A reCAPTCHA token expires in two minutes: nothing is gained by holding one.
  if (ahead || lastKind === "recaptcha") return;
  const token = freshToken();
  token.catch(() => undefined); // a failed prefetch is retried by the next botToken()
  ahead = { token, startedAt: Date.now() };
}

/** A token for one mutation: the one solved ahead when it is fresh, then the next is started. */
export async function botToken(): Promise<string> {
  const held = ahead && Date.now() - ahead.startedAt < PREFETCH_MAX_AGE_MS ? ahead.token : null;
  ahead = null;
  const token = held ? await held.catch(freshToken) : await freshToken();
  prefetchBotToken();
  return token;
}

// --- reCAPTCHA v3, only when the server is configured for it -----------------------------------
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let recaptchaScript: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error("bot check: reCAPTCHA did not load"));
    };
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error("bot check: reCAPTCHA could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

async function recaptchaToken(siteKey: string): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey);
  return grecaptcha.execute(siteKey, { action: BOT_CHECK_ACTION });
}
