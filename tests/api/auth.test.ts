// Sign-in endpoints of spec §7 (NextAuth-style wire) for applicants and portal staff: CSRF,
// passwords, one-time codes with expiry and attempt limit, rate limits, sign-out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApplicant, makePortalUser } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await testServer({ now: () => new Date(clock) });
});
afterAll(() => server.close());

describe("sessions and CSRF", () => {
  it("answers {} for a visitor without a session", async () => {
    expect(await browser(server.url).session()).toEqual({});
  });

  it("gives a CSRF token and lists the providers", async () => {
    const b = browser(server.url);
    const { csrfToken } = (await (await b.fetch(`${server.url}/api/authApplicant/csrf`)).json()) as {
      csrfToken: string;
    };
    expect(csrfToken).toMatch(/^[\w-]{40,}$/);
    const providers = await (await b.fetch(`${server.url}/api/authApplicant/providers`)).json();
    expect(providers).toMatchObject({
      credentials: {
        id: "credentials",
        type: "credentials",
        callbackUrl: "/api/authApplicant/callback/credentials",
      },
      email: { type: "email" },
    });
  });

  it("signs in with email and password and answers {url} with the callback url", async () => {
    const who = await makeApplicant(server.services, { status: "application5" });
    const b = browser(server.url);
    const res = await b.auth("Applicant", "callback/credentials", {
      email: who.email,
      password: who.password,
      callbackUrl: "/app/application/4",
    });
    expect(res).toMatchObject({ status: 200, body: { url: "/app/application/4" } });
    const cookie = [...b.cookies.keys()].find((k) => k.includes("applicant.session"));
    expect(cookie).toBeDefined();
  });

  it("tells a returning applicant where to go: the page for their status", async () => {
    const who = await makeApplicant(server.services, { status: "application5" });
    const b = browser(server.url);
    await b.auth("Applicant", "signin/credentials", { email: who.email, password: who.password });
    const session = await b.session();
    expect(session).toMatchObject({
      user: { email: who.email, name: null },
      applicationStatus: "application5",
      applicationRoute: "/app/application/4",
    });
    expect(Date.parse(session.expires)).toBeGreaterThan(clock);
  });

  it("shows the applicant's name from the answers rules/account.json names", async () => {
    const who = await makeApplicant(server.services, {
      doc: { user: { firstName: "Dana", lastName: "Rivera" } },
    });
    const b = browser(server.url);
    await b.auth("Applicant", "signin/credentials", { email: who.email, password: who.password });
    expect((await b.session()).user.name).toBe("Dana Rivera");
  });

  it("refuses a sign-in whose CSRF token does not match the cookie", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    await b.fetch(`${server.url}/api/authApplicant/csrf`);
    const res = await b.auth(
      "Applicant",
      "callback/credentials",
      { email: who.email, password: who.password },
      { csrf: "x".repeat(43) },
    );
    expect(res.status).toBe(403);
    expect(new URL(res.body.url, server.url).searchParams.get("error")).toBe("MissingCSRF");
    expect(await b.session()).toEqual({});
  });

  it("refuses a wrong password with error=CredentialsSignin in the url", async () => {
    const who = await makeApplicant(server.services);
    const res = await browser(server.url).auth("Applicant", "callback/credentials", {
      email: who.email,
      password: "not the password",
    });
    expect(res.status).toBe(401);
    expect(res.body.url).toBe("/app/login?error=CredentialsSignin");
  });

  it("sends an unknown provider to the sign-in page with its callbackUrl", async () => {
    const res = await browser(server.url).auth("Applicant", "signin/github", {
      email: "a@example.com",
      callbackUrl: "/app/application/1",
    });
    expect(res.body.url).toBe("/app/login?callbackUrl=%2Fapp%2Fapplication%2F1");
  });

  it("refuses a callbackUrl on another site", async () => {
    const who = await makeApplicant(server.services);
    const res = await browser(server.url).auth("Applicant", "callback/credentials", {
      email: who.email,
      password: who.password,
      callbackUrl: "//evil.example/phish",
    });
    expect(res.body.error).toBe("InvalidCallbackUrl");
  });

  it("needs the bot-check token to sign in", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    const { csrfToken } = (await (await b.fetch(`${server.url}/api/authApplicant/csrf`)).json()) as {
      csrfToken: string;
    };
    const res = await b.auth(
      "Applicant",
      "callback/credentials",
      { email: who.email, password: who.password },
      { csrf: csrfToken, bot: false },
    );
    expect(res.status).toBe(403);
  });

  it("signs out: the session is deleted and the cookie cleared", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const token = [...b.cookies.values()].find((v) => v.includes("."))!;
    const res = await b.auth("Applicant", "signout", { callbackUrl: "/" }, { bot: false });
    expect(res.body.url).toBe("/");
    expect(await b.session()).toEqual({});
    // The old cookie value no longer opens a session, even if a browser kept it.
    const replay = await fetch(`${server.url}/api/authApplicant/session`, {
      headers: { cookie: `heloc.applicant.session=${token}` },
    });
    expect(await replay.json()).toEqual({});
  });
});

describe("one-time email codes", () => {
  /** Asks for a code, and waits for its mail (sent after the answer). */
  const requestCode = async (b: ReturnType<typeof browser>, email: string) => {
    const res = await b.auth("Applicant", "signin/email", { email });
    await server.services.settled();
    return res;
  };

  it("emails a 6-digit code that signs the applicant in once", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    expect((await requestCode(b, who.email)).body.url).toBe("/app/login?step=code");
    const code = server.lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect((await b.auth("Applicant", "callback/credentials", { email: who.email, code })).status).toBe(200);
    expect((await b.session()).user.email).toBe(who.email);
    const again = await browser(server.url).auth("Applicant", "callback/credentials", {
      email: who.email,
      code,
    });
    expect(again.body.error).toBe("CredentialsSignin");
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const b = browser(server.url);
    const before = server.lastCode();
    const res = await requestCode(b, "nobody-here@example.com");
    expect(res).toMatchObject({ status: 200, body: { url: "/app/login?step=code" } });
    expect(server.lastCode()).toBe(before);
  });

  it("refuses a code after 10 minutes", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    await requestCode(b, who.email);
    const code = server.lastCode();
    clock += 10 * 60_000 + 1000;
    const res = await b.auth("Applicant", "callback/credentials", { email: who.email, code });
    expect(res.body.error).toBe("CodeExpired");
    expect(await b.session()).toEqual({});
  });

  it("locks a code after 5 wrong attempts, even for the right code afterwards", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    await requestCode(b, who.email);
    const code = server.lastCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const errors = [];
    for (let i = 0; i < 5; i++)
      errors.push(
        (await b.auth("Applicant", "callback/credentials", { email: who.email, code: wrong })).body.error,
      );
    expect(errors).toEqual([
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "CodeLocked",
    ]);
    expect((await b.auth("Applicant", "callback/credentials", { email: who.email, code })).body.error).toBe(
      "CodeLocked",
    );
  });

  it("rate-limits code requests per email with a clear error", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestCode(b, who.email)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await requestCode(b, who.email);
    expect(res.body).toMatchObject({
      error: "RateLimited",
      message: expect.stringContaining("Too many attempts"),
    });
  });

  it("rate-limits code requests per IP address, whatever the email", async () => {
    const fresh = await testServer();
    try {
      const b = browser(fresh.url);
      const statuses = [];
      for (let i = 0; i < 21; i++)
        statuses.push(
          (await b.auth("Applicant", "signin/email", { email: `visitor${i}@example.com` })).status,
        );
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses[20]).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it("rate-limits password attempts per email", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await b.auth("Applicant", "callback/credentials", { email: who.email, password: "wrong password" }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the client log endpoint", () => {
  it("takes a client error report and keeps only its level and code", async () => {
    const b = browser(server.url);
    const lines: unknown[][] = [];
    const log = server.services.log;
    const original = log.warn;
    log.warn = ((...args: unknown[]) => void lines.push(args)) as typeof log.warn;
    try {
      const res = await b.fetch(`${server.url}/api/authApplicant/_log`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "X-Same-Origin": "1" },
        body: new URLSearchParams({
          level: "error",
          code: "CLIENT_FETCH_ERROR",
          message: "failed for jane.doe@example.com",
        }),
      });
      expect(res.status).toBe(204);
    } finally {
      log.warn = original;
    }
    expect(lines).toEqual([
      [
        { kind: "applicant", level: "error", clientCode: "CLIENT_FETCH_ERROR" },
        "[auth:applicant] client error: CLIENT_FETCH_ERROR",
      ],
    ]);
  });
});

describe("portal sessions are separate", () => {
  it("signs portal staff in under /api/authPortal with their own cookie, after a password and a mailed code", async () => {
    const staff = await makePortalUser(server.services);
    const b = browser(server.url);
    const first = await b.auth("Portal", "callback/credentials", {
      email: staff.email,
      password: staff.password,
      callbackUrl: "/portal",
    });
    expect(first.body.url).toBe("/portal/login?step=code&callbackUrl=%2Fportal");
    expect(await b.session("Portal")).toEqual({}); // the password alone opens nothing
    expect(
      (
        await b.auth("Portal", "callback/credentials", {
          email: staff.email,
          code: server.lastCode(),
          callbackUrl: "/portal",
        })
      ).body.url,
    ).toBe("/portal");
    expect(await b.session("Portal")).toMatchObject({ user: { email: staff.email, role: "admin" } });
    expect(await b.session("Applicant")).toEqual({});
    expect([...b.cookies.keys()]).toContain("heloc.portal.session");
  });

  it("does not let an applicant's password open the portal", async () => {
    const who = await makeApplicant(server.services);
    const res = await browser(server.url).auth("Portal", "callback/credentials", {
      email: who.email,
      password: who.password,
    });
    expect(res.body.url).toBe("/portal/login?error=CredentialsSignin");
  });
});
