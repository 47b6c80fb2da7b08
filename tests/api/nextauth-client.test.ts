// The auth endpoints of spec §7 take a standard NextAuth client. What next-auth/react's functions
// send (getCsrfToken, getProviders, getSession, signIn with redirect:false, signOut): plain GETs and
// form-encoded POSTs with csrfToken, callbackUrl and json=true, and no header of ours. The one
// addition a client makes for us is the bot-check token on sign-in (X-Recaptcha-Token).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApplicant, makePortalUser } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

/** next-auth/react's client functions, as they call an endpoint at `base` (a cookie-keeping fetch). */
function nextAuthClient(b: ReturnType<typeof browser>, base: string) {
  const json = async (path: string) =>
    (await (await b.fetch(`${base}/${path}`)).json()) as Record<string, any>;
  const post = async (path: string, body: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await b.fetch(`${base}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body),
    });
    return { status: res.status, body: (await res.json()) as { url: string; error?: string } };
  };
  const getCsrfToken = async () => (await json("csrf")).csrfToken as string;
  return {
    getCsrfToken,
    getProviders: () => json("providers"),
    getSession: () => json("session"),
    /** signIn(provider, { redirect: false, ...credentials }): POST callback/<provider> for credentials. */
    signIn: async (
      provider: string,
      credentials: Record<string, string>,
      { csrfToken, botToken }: { csrfToken?: string; botToken?: string } = {},
    ) =>
      post(
        `callback/${provider}`,
        {
          ...credentials,
          csrfToken: csrfToken ?? (await getCsrfToken()),
          callbackUrl: credentials.callbackUrl ?? "/",
          json: "true",
        },
        botToken ? { "X-Recaptcha-Token": botToken } : {},
      ),
    signOut: async () => post("signout", { csrfToken: await getCsrfToken(), callbackUrl: "/", json: "true" }),
    post,
  };
}

describe("a standard NextAuth client", () => {
  it("signs an applicant in and out on /api/authApplicant without X-Same-Origin", async () => {
    const who = await makeApplicant(server.services, { status: "application5" });
    const b = browser(server.url);
    const client = nextAuthClient(b, `${server.url}/api/authApplicant`);
    expect(await client.getSession()).toEqual({});
    expect(Object.keys(await client.getProviders())).toContain("credentials");
    const signedIn = await client.signIn(
      "credentials",
      { email: who.email, password: who.password, callbackUrl: "/app" },
      { botToken: await b.botToken() },
    );
    expect(signedIn).toMatchObject({ status: 200, body: { url: "/app" } });
    expect(await client.getSession()).toMatchObject({ user: { email: who.email } });
    expect((await client.signOut()).body.url).toBe("/");
    expect(await client.getSession()).toEqual({});
  });

  it("signs portal staff in on /api/authPortal with the password, then the mailed code", async () => {
    const staff = await makePortalUser(server.services);
    const b = browser(server.url);
    const client = nextAuthClient(b, `${server.url}/api/authPortal`);
    const first = await client.signIn(
      "credentials",
      { email: staff.email, password: staff.password, callbackUrl: "/portal" },
      { botToken: await b.botToken() },
    );
    expect(first.body.url).toBe("/portal/login?step=code&callbackUrl=%2Fportal");
    const second = await client.signIn(
      "credentials",
      { email: staff.email, code: server.lastCode(), callbackUrl: "/portal" },
      { botToken: await b.botToken() },
    );
    expect(second.body.url).toBe("/portal");
    expect(await client.getSession()).toMatchObject({ user: { email: staff.email } });
    await client.signOut();
    expect(await client.getSession()).toEqual({});
  });

  it("still needs the CSRF token of the browser's own cookie", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    const client = nextAuthClient(b, `${server.url}/api/authApplicant`);
    const other = nextAuthClient(browser(server.url), `${server.url}/api/authApplicant`);
    const res = await client.signIn(
      "credentials",
      { email: who.email, password: who.password },
      { csrfToken: await other.getCsrfToken(), botToken: await b.botToken() },
    );
    expect(res).toMatchObject({ status: 403, body: { error: "MissingCSRF" } });
    expect(await client.getSession()).toEqual({});
  });

  it("still refuses a POST the browser marks cross-site", async () => {
    const b = browser(server.url);
    const client = nextAuthClient(b, `${server.url}/api/authApplicant`);
    const res = await client.post(
      "signout",
      { csrfToken: await client.getCsrfToken(), callbackUrl: "/", json: "true" },
      { "Sec-Fetch-Site": "cross-site" },
    );
    expect(res.status).toBe(403);
  });
});
