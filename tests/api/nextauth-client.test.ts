// The auth endpoints of spec §7 take a stock NextAuth client (issue 40, item 7): next-auth/react
// v4 itself, installed in tests/nextauth-client (a test-only folder, never the product's
// dependencies; `npm test` installs it), run in node against both bases with a cookie-keeping
// fetch. Its signIn reads every answer's url with `new URL` and takes the error from its `error=`:
// a wrong password, a missing bot-check token and a CSRF token of another cookie must each come
// back as a readable error, never a throw; a right password signs in and out.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { makeApplicant, makePortalUser } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const CLIENT_DIR = join(REPO_ROOT, "tests/nextauth-client");
/** What the test calls of next-auth/react (typed here: its own types augment the global ProcessEnv). */
interface NextAuthReact {
  getProviders(): Promise<Record<string, { id: string; type: string }> | null>;
  getSession(): Promise<{ user?: { email?: string } } | null>;
  signIn(
    provider: string,
    options: Record<string, unknown>,
  ): Promise<{ error: string | null; status: number; ok: boolean; url: string | null } | undefined>;
  signOut(options: { redirect: boolean; callbackUrl: string }): Promise<unknown>;
}

let server: TestServer;
beforeAll(async () => {
  if (!existsSync(join(CLIENT_DIR, "node_modules/next-auth/react/index.js")))
    throw new Error("the stock NextAuth client is not installed: run node scripts/ensure-deps.mjs --tests");
  server = await testServer();
});
afterAll(() => server.close());

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  delete process.env.NEXTAUTH_URL;
});

/**
 * next-auth/react, loaded afresh for one base (it reads NEXTAUTH_URL when it loads), with the
 * global fetch it calls replaced by one browser's: cookies kept, and a bot-check token added to a
 * POST while `bot` says so (the one header a client adds for us). `staleCsrf`: the POST goes out
 * with another browser's CSRF cookie, as after the cookie changed under an open page.
 */
async function stockClient(base: "authApplicant" | "authPortal") {
  process.env.NEXTAUTH_URL = `${server.url}/api/${base}`;
  const require = createRequire(join(CLIENT_DIR, "package.json"));
  for (const key of Object.keys(require.cache))
    if (key.includes("/nextauth-client/node_modules/next-auth/")) delete require.cache[key];
  const nextAuth = require("next-auth/react") as NextAuthReact;
  const b = browser(server.url);
  const options = { bot: true, staleCsrf: false };
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const post = (init.method ?? "GET").toUpperCase() === "POST";
    if (post && options.bot) headers.set("X-Recaptcha-Token", await b.botToken());
    if (post && options.staleCsrf) {
      // A fresh CSRF cookie of another browser each time (the real fetch: no cookie of this one).
      const res = await realFetch(`${server.url}/api/${base}/csrf`);
      const [pair = ""] = (res.headers.getSetCookie()[0] ?? "").split(";");
      const at = pair.indexOf("=");
      b.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return b.fetch(input, { ...init, headers });
  }) as typeof fetch;
  return { nextAuth, b, options };
}

const errorOf = (url: string | null | undefined) => (url ? new URL(url).searchParams.get("error") : null);

describe("a stock next-auth/react v4 client", () => {
  it("signs an applicant in with the credentials provider, reads the session, and signs out", async () => {
    const who = await makeApplicant(server.services, { status: "application5" });
    const { nextAuth } = await stockClient("authApplicant");
    expect(Object.keys((await nextAuth.getProviders()) ?? {})).toEqual(
      expect.arrayContaining(["credentials", "email"]),
    );
    const result = await nextAuth.signIn("credentials", {
      email: who.email,
      password: who.password,
      callbackUrl: "/app",
      redirect: false,
    });
    expect(result).toMatchObject({ ok: true, error: null, status: 200, url: `${server.url}/app` });
    expect(await nextAuth.getSession()).toMatchObject({ user: { email: who.email } });
    const out = (await nextAuth.signOut({ redirect: false, callbackUrl: "/" })) as unknown as { url: string };
    expect(out.url).toBe(`${server.url}/`);
    expect(await nextAuth.getSession()).toBeNull();
  });

  for (const base of ["authApplicant", "authPortal"] as const) {
    describe(`on /api/${base}`, () => {
      const account = () =>
        base === "authApplicant"
          ? makeApplicant(server.services)
          : makePortalUser(server.services).then((p) => ({ email: p.email, password: p.password }));

      it("reads CredentialsSignin from signIn with a wrong password", async () => {
        const who = await account();
        const { nextAuth } = await stockClient(base);
        const result = await nextAuth.signIn("credentials", {
          email: who.email,
          password: "not the password",
          callbackUrl: "/",
          redirect: false,
        });
        expect(result).toMatchObject({ ok: false, status: 401, error: "CredentialsSignin" });
      });

      it("reads BotCheck from signIn without a bot-check token, and is not signed in", async () => {
        const who = await account();
        const { nextAuth, options } = await stockClient(base);
        options.bot = false;
        const result = await nextAuth.signIn("credentials", {
          email: who.email,
          password: who.password,
          callbackUrl: "/",
          redirect: false,
        });
        expect(result).toMatchObject({ ok: false, status: 403, error: "BotCheck" });
        expect(new URL(result!.url ?? `${server.url}/api/${base}/error?error=BotCheck`).pathname).toBe(
          `/api/${base}/error`,
        );
        expect(await nextAuth.getSession()).toBeNull();
      });

      it("reads MissingCSRF from signIn and signOut with the CSRF token of another cookie", async () => {
        const who = await account();
        const { nextAuth, options } = await stockClient(base);
        options.staleCsrf = true;
        const result = await nextAuth.signIn("credentials", {
          email: who.email,
          password: who.password,
          callbackUrl: "/",
          redirect: false,
        });
        expect(result).toMatchObject({ ok: false, status: 403, error: "MissingCSRF" });
        const out = (await nextAuth.signOut({ redirect: false, callbackUrl: "/" })) as unknown as {
          url: string;
        };
        expect(errorOf(out.url)).toBe("MissingCSRF");
      });
    });
  }

  it("sends a browser that follows a refusal's url on to the error page, with the error", async () => {
    const res = await realFetch(`${server.url}/api/authApplicant/error?error=MissingCSRF`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/app/error?error=MissingCSRF");
  });

  it("still refuses a POST the browser marks cross-site", async () => {
    const b = browser(server.url);
    const csrf = (
      (await (await b.fetch(`${server.url}/api/authApplicant/csrf`)).json()) as { csrfToken: string }
    ).csrfToken;
    const res = await b.fetch(`${server.url}/api/authApplicant/signout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ csrfToken: csrf, callbackUrl: "/", json: "true" }),
    });
    expect(res.status).toBe(403);
  });
});
