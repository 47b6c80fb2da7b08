// The bot check (DESIGN.md "Security stance"): the self-hosted verifier is exercised for real,
// solving each challenge the way the browser does; reCAPTCHA is checked against Google's
// documented siteverify answers through an injected fetch.
import type { Challenge } from "altcha-lib";
import { describe, expect, it, vi } from "vitest";
import {
  createAltchaVerifier,
  createBotCheck,
  createMemorySpentTokens,
  createRecaptchaVerifier,
  type BotCheckVerifier,
} from "@server/platform/botcheck";
import { SITEVERIFY_URL } from "@server/platform/botcheck/recaptcha";
import { createBotCheckRoutes } from "@server/platform/botcheck/routes";
import { solveBotToken } from "@web/src/api/bot-token";

const SECRET = "test-hmac-secret-for-the-bot-check";
const ACTION = "api_update";

function altcha({ hmacSecret = SECRET, ttlSeconds = 600 } = {}) {
  let clock = Date.now();
  const verifier = createAltchaVerifier({
    hmacSecret,
    spent: createMemorySpentTokens(),
    ttlSeconds,
    now: () => clock,
  });
  return { verifier, advance: (ms: number) => (clock += ms) };
}

async function tokenFor(verifier: BotCheckVerifier, action = ACTION): Promise<string> {
  const config = await verifier.clientConfig(action);
  if (config.kind !== "altcha") throw new Error("expected an altcha config");
  return solveBotToken(config.challenge as Challenge);
}

type Payload = {
  challenge: { parameters: Record<string, unknown> & { data: Record<string, unknown> }; signature: string };
  solution: { counter: number; derivedKey: string };
};
const decode = (token: string) => JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Payload;
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64url");
const flipLastHex = (hex: string) => hex.slice(0, -1) + (hex.endsWith("0") ? "1" : "0");

describe("self-hosted bot check (altcha)", () => {
  it("accepts a solved challenge for the action it was issued for", async () => {
    const { verifier } = altcha();
    expect(await verifier.verify(await tokenFor(verifier), ACTION)).toEqual({ ok: true });
  });

  it("refuses a request without a token", async () => {
    const { verifier } = altcha();
    expect(await verifier.verify(undefined, ACTION)).toEqual({ ok: false, reason: "missing" });
    expect(await verifier.verify("", ACTION)).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses a token that is not base64url JSON of a challenge and a solution", async () => {
    const { verifier } = altcha();
    for (const token of [
      "not a token!",
      Buffer.from("{oops").toString("base64url"),
      encode([]),
      encode({ challenge: {} }),
      "A".repeat(5000),
    ]) {
      expect(await verifier.verify(token, ACTION)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses a challenge whose signature was tampered with", async () => {
    const { verifier } = altcha();
    const payload = decode(await tokenFor(verifier));
    payload.challenge.signature = flipLastHex(payload.challenge.signature);
    expect(await verifier.verify(encode(payload), ACTION)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses a solution that does not solve the challenge", async () => {
    const { verifier } = altcha();
    const payload = decode(await tokenFor(verifier));
    const wrongKey = {
      ...payload,
      solution: { ...payload.solution, derivedKey: flipLastHex(payload.solution.derivedKey) },
    };
    const wrongCounter = {
      ...payload,
      solution: { ...payload.solution, counter: payload.solution.counter + 1 },
    };
    expect(await verifier.verify(encode(wrongKey), ACTION)).toEqual({ ok: false, reason: "forged" });
    expect(await verifier.verify(encode(wrongCounter), ACTION)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses a challenge signed with another secret", async () => {
    const { verifier } = altcha();
    const other = altcha({ hmacSecret: "some-other-secret-entirely" }).verifier;
    expect(await verifier.verify(await tokenFor(other), ACTION)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses a challenge whose action or expiry was rewritten", async () => {
    const { verifier } = altcha();
    const payload = decode(await tokenFor(verifier, "sign_in"));
    payload.challenge.parameters.data.action = ACTION;
    expect(await verifier.verify(encode(payload), ACTION)).toEqual({ ok: false, reason: "forged" });
    const later = decode(await tokenFor(verifier));
    later.challenge.parameters.expiresAt = (later.challenge.parameters.expiresAt as number) + 3600;
    expect(await verifier.verify(encode(later), ACTION)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses a token that was already used once", async () => {
    const { verifier } = altcha();
    const token = await tokenFor(verifier);
    expect(await verifier.verify(token, ACTION)).toEqual({ ok: true });
    expect(await verifier.verify(token, ACTION)).toEqual({ ok: false, reason: "replayed" });
  });

  it("refuses a token whose challenge has expired", async () => {
    const { verifier, advance } = altcha({ ttlSeconds: 600 });
    const fresh = await tokenFor(verifier);
    const stale = await tokenFor(verifier);
    advance(599_000);
    expect(await verifier.verify(fresh, ACTION)).toEqual({ ok: true });
    advance(2_000);
    expect(await verifier.verify(stale, ACTION)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token issued for another action, without spending it", async () => {
    const { verifier } = altcha();
    const token = await tokenFor(verifier, "sign_in");
    expect(await verifier.verify(token, ACTION)).toEqual({ ok: false, reason: "wrong-action" });
    expect(await verifier.verify(token, "sign_in")).toEqual({ ok: true });
  });

  it("issues a fresh challenge naming the action and its expiry each time", async () => {
    const { verifier } = altcha({ ttlSeconds: 600 });
    const [a, b] = [await verifier.clientConfig(ACTION), await verifier.clientConfig(ACTION)];
    if (a.kind !== "altcha" || b.kind !== "altcha") throw new Error("expected altcha configs");
    const params = (a.challenge as Challenge).parameters;
    expect(params.data).toEqual({ action: ACTION });
    expect(params.expiresAt! - Date.now() / 1000).toBeCloseTo(600, -1);
    expect((a.challenge as Challenge).signature).not.toBe((b.challenge as Challenge).signature);
  });
});

describe("spent tokens in memory", () => {
  it("refuses an id spent before, until it expires", () => {
    let clock = 0;
    const spent = createMemorySpentTokens({ now: () => clock });
    expect(spent.spend("a", new Date(1000))).toBe(true);
    expect(spent.spend("a", new Date(1000))).toBe(false);
    clock = 1000;
    expect(spent.spend("a", new Date(2000))).toBe(true);
  });

  it("forgets expired ids and never holds more than maxEntries", () => {
    let clock = 0;
    const spent = createMemorySpentTokens({ maxEntries: 3, now: () => clock });
    for (const id of ["a", "b", "c", "d", "e"]) spent.spend(id, new Date(10_000));
    expect(spent.size).toBe(3);
    clock = 120_000;
    spent.spend("f", new Date(200_000));
    expect(spent.size).toBe(1);
  });
});

describe("reCAPTCHA v3 verifier", () => {
  const verdict = {
    success: true,
    score: 0.9,
    action: ACTION,
    challenge_ts: "2026-11-22T10:00:00Z",
    hostname: "localhost",
  };

  function recaptcha(
    answer: unknown | Error,
    { minScore, status = 200 }: { minScore?: number; status?: number } = {},
  ) {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer), {
        status,
        headers: { "content-type": "application/json" },
      });
    });
    return {
      fetch,
      verifier: createRecaptchaVerifier({
        secret: "server-secret",
        siteKey: "site-key",
        minScore,
        fetch: fetch as typeof globalThis.fetch,
      }),
    };
  }

  it("asks Google's siteverify with the secret and the token, and accepts a good score for the action", async () => {
    const { fetch, verifier } = recaptcha(verdict);
    expect(await verifier.verify("google-token", ACTION)).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(SITEVERIFY_URL);
    expect(init?.method).toBe("POST");
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      secret: "server-secret",
      response: "google-token",
    });
  });

  it("refuses a score below the minimum", async () => {
    expect(await recaptcha({ ...verdict, score: 0.3 }).verifier.verify("t", ACTION)).toEqual({
      ok: false,
      reason: "low-score",
    });
    expect(
      await recaptcha({ ...verdict, score: 0.7 }, { minScore: 0.8 }).verifier.verify("t", ACTION),
    ).toEqual({ ok: false, reason: "low-score" });
  });

  it("refuses a token Google issued for another action", async () => {
    expect(await recaptcha({ ...verdict, action: "sign_in" }).verifier.verify("t", ACTION)).toEqual({
      ok: false,
      reason: "wrong-action",
    });
  });

  it("refuses when Google says success false, with the reason Google gives", async () => {
    const refused = (codes: string[]) =>
      recaptcha({ success: false, "error-codes": codes }).verifier.verify("t", ACTION);
    expect(await refused(["invalid-input-response"])).toEqual({ ok: false, reason: "forged" });
    expect(await refused(["timeout-or-duplicate"])).toEqual({ ok: false, reason: "expired" });
    expect(await refused(["invalid-input-secret"])).toEqual({ ok: false, reason: "unavailable" });
    expect(await refused([])).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses as unavailable, never accepts, when Google cannot be reached or answers badly", async () => {
    expect(await recaptcha(new TypeError("fetch failed")).verifier.verify("t", ACTION)).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await recaptcha(verdict, { status: 503 }).verifier.verify("t", ACTION)).toEqual({
      ok: false,
      reason: "unavailable",
    });
  });

  it("refuses a missing token without asking Google", async () => {
    const { fetch, verifier } = recaptcha(verdict);
    expect(await verifier.verify(undefined, ACTION)).toEqual({ ok: false, reason: "missing" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("gives the browser the site key", async () => {
    expect(await recaptcha(verdict).verifier.clientConfig(ACTION)).toEqual({
      kind: "recaptcha",
      siteKey: "site-key",
    });
  });
});

describe("choosing the bot check", () => {
  const base = { hmacSecret: SECRET, spent: createMemorySpentTokens() };

  it("uses the self-hosted check when no reCAPTCHA secret is configured", () => {
    expect(createBotCheck(base).kind).toBe("altcha");
    expect(createBotCheck({ ...base, RECAPTCHA_SECRET: "" }).kind).toBe("altcha");
  });

  it("uses reCAPTCHA when a secret and a site key are configured", () => {
    expect(createBotCheck({ ...base, RECAPTCHA_SECRET: "s", RECAPTCHA_SITE_KEY: "k" }).kind).toBe(
      "recaptcha",
    );
  });

  it("refuses to start with a reCAPTCHA secret but no site key, naming RECAPTCHA_SITE_KEY", () => {
    expect(() => createBotCheck({ ...base, RECAPTCHA_SECRET: "s" })).toThrow(/RECAPTCHA_SITE_KEY/);
  });

  it("refuses a minimum score outside 0 to 1, naming RECAPTCHA_MIN_SCORE", () => {
    expect(() =>
      createBotCheck({
        ...base,
        RECAPTCHA_SECRET: "s",
        RECAPTCHA_SITE_KEY: "k",
        RECAPTCHA_MIN_SCORE: "high",
      }),
    ).toThrow(/RECAPTCHA_MIN_SCORE/);
    expect(() =>
      createBotCheck({ ...base, RECAPTCHA_SECRET: "s", RECAPTCHA_SITE_KEY: "k", RECAPTCHA_MIN_SCORE: "1.5" }),
    ).toThrow(/RECAPTCHA_MIN_SCORE/);
  });
});

describe("GET /api/botcheck/config", () => {
  it("serves an uncached challenge for the action that the browser can solve", async () => {
    const { verifier } = altcha();
    const res = await createBotCheckRoutes(verifier).request("/config?action=api_update");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const config = (await res.json()) as { kind: string; challenge: Challenge };
    expect(config.kind).toBe("altcha");
    expect(await verifier.verify(await solveBotToken(config.challenge), ACTION)).toEqual({ ok: true });
  });

  it("refuses an action that is not letters and underscores, naming action", async () => {
    const app = createBotCheckRoutes(altcha().verifier);
    for (const query of ["?action=api-update", "?action=", ""]) {
      const res = await app.request(`/config${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: "action" });
    }
  });
});
