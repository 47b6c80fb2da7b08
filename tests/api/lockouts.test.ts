// Lockouts are per attacker, not per victim (issue 20, item 5): attempts are limited per (email,
// IP) and per IP, the account is only slowed (a progressive wait), and the owner on their own
// connection still gets in with the right password or code. Another IP is another loopback address
// (127.0.0.2): the server sees it as another computer. And the portal's mailed code opens a session
// only in the browser that gave the password (item 7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delayAfter, FREE_FAILURES } from "@server/features/auth/attempts";
import { makeApplicant, makePortalUser } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await testServer({ now: () => new Date(clock) });
});
afterAll(() => server.close());

const ELSEWHERE = "127.0.0.2";

describe("wrong passwords from elsewhere", () => {
  it("leave the owner's right password working from their own connection: 10 wrong ones from another IP gave it a 429 for 15 minutes", async () => {
    const staff = await makePortalUser(server.services);
    const attacker = browser(server.url, { from: ELSEWHERE });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await attacker.auth("Portal", "callback/credentials", {
            email: staff.email,
            password: `guess ${i}`,
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429); // the attacker is stopped

    const owner = browser(server.url);
    const first = await owner.auth("Portal", "callback/credentials", {
      email: staff.email,
      password: staff.password,
      callbackUrl: "/portal",
    });
    expect(first.status).toBe(200);
    expect(first.body.url).toContain("step=code");
    expect(
      (
        await owner.auth("Portal", "callback/credentials", {
          email: staff.email,
          code: server.lastCode(),
          callbackUrl: "/portal",
        })
      ).status,
    ).toBe(200);
    expect(await owner.session("Portal")).toMatchObject({ user: { email: staff.email } });
  });

  it("slow the account down, right or wrong, instead of locking it: no wait for the first few, then one that doubles", async () => {
    const who = await makeApplicant(server.services);
    const attacker = browser(server.url, { from: ELSEWHERE });
    server.pauses.length = 0;
    for (let i = 0; i < FREE_FAILURES + 3; i++)
      await attacker.auth("Applicant", "callback/credentials", { email: who.email, password: `guess ${i}` });
    expect(server.pauses).toEqual([500, 1000, 2000]);
    server.pauses.length = 0;
    const owner = browser(server.url);
    expect(
      (await owner.auth("Applicant", "callback/credentials", { email: who.email, password: who.password }))
        .status,
    ).toBe(200);
    expect(server.pauses).toEqual([delayAfter(FREE_FAILURES + 3)]);
    // A success clears the account's failures: the next attempt waits no more.
    server.pauses.length = 0;
    await browser(server.url).auth("Applicant", "callback/credentials", {
      email: who.email,
      password: who.password,
    });
    expect(server.pauses).toEqual([]);
  });
});

describe("code requests and wrong codes from elsewhere", () => {
  const requestCode = async (b: ReturnType<typeof browser>, email: string) => {
    const res = await b.auth("Applicant", "signin/email", { email });
    await server.services.settled();
    return res.status;
  };

  it("do not block the owner's own code request: 3 requests from elsewhere blocked it", async () => {
    const who = await makeApplicant(server.services);
    const attacker = browser(server.url, { from: ELSEWHERE });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await requestCode(attacker, who.email));
    expect(statuses).toEqual([200, 200, 200, 429]);

    const owner = browser(server.url);
    expect(await requestCode(owner, who.email)).toBe(200);
    // At most one mail a minute reaches the inbox; the newest code in it signs the owner in.
    expect(
      (await owner.auth("Applicant", "callback/credentials", { email: who.email, code: server.lastCode() }))
        .status,
    ).toBe(200);
  });

  it("do not lock the owner's code: a stranger's 5 wrong codes lock only the stranger", async () => {
    clock += 61_000;
    const who = await makeApplicant(server.services);
    const owner = browser(server.url);
    expect(await requestCode(owner, who.email)).toBe(200);
    const code = server.lastCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const attacker = browser(server.url, { from: ELSEWHERE });
    const errors = [];
    for (let i = 0; i < 6; i++)
      errors.push(
        (await attacker.auth("Applicant", "callback/credentials", { email: who.email, code: wrong })).body
          .error,
      );
    expect(errors).toEqual([
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "CodeLocked",
      "CodeLocked",
    ]);
    expect(
      (await attacker.auth("Applicant", "callback/credentials", { email: who.email, code })).body.error,
    ).toBe("CodeLocked");

    expect((await owner.auth("Applicant", "callback/credentials", { email: who.email, code })).status).toBe(
      200,
    );
  });
});

describe("the portal's second factor", () => {
  it("opens a session only in the browser that gave the password: the mailed code alone, typed elsewhere, opens nothing", async () => {
    clock += 61_000;
    const staff = await makePortalUser(server.services);
    const owner = browser(server.url);
    expect(
      (
        await owner.auth("Portal", "callback/credentials", {
          email: staff.email,
          password: staff.password,
          callbackUrl: "/portal",
        })
      ).status,
    ).toBe(200);
    const code = server.lastCode();

    const elsewhere = browser(server.url);
    const refused = await elsewhere.auth("Portal", "callback/credentials", {
      email: staff.email,
      code,
      callbackUrl: "/portal",
    });
    expect(refused.body.error).toBe("Verification");
    expect(await elsewhere.session("Portal")).toEqual({});

    expect(
      (
        await owner.auth("Portal", "callback/credentials", {
          email: staff.email,
          code,
          callbackUrl: "/portal",
        })
      ).status,
    ).toBe(200);
    expect(await owner.session("Portal")).toMatchObject({ user: { email: staff.email } });
  });

  it("forgets the password step after the code's ten minutes", async () => {
    const staff = await makePortalUser(server.services);
    const owner = browser(server.url);
    await owner.auth("Portal", "callback/credentials", {
      email: staff.email,
      password: staff.password,
      callbackUrl: "/portal",
    });
    const code = server.lastCode();
    clock += 10 * 60_000 + 1000;
    expect(
      (
        await owner.auth("Portal", "callback/credentials", {
          email: staff.email,
          code,
          callbackUrl: "/portal",
        })
      ).body.error,
    ).toBe("Verification");
  });
});
