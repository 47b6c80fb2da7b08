// Issue 10: several servers on one database behave as one. Two server processes on two ports
// share the database (PostgreSQL on the PostgreSQL run, one SQLite file otherwise), the
// encryption key and the data folder (for the development outbox); nothing they must agree on
// lives in one process's memory.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, freshDatabaseUrl, mailedCode, type Browser } from "../helpers/server";

interface Running {
  url: string;
  process: ChildProcess;
}

function startProcess(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/hardening/server-process.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the server process ended (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", (url) => resolve({ url, process: child }));
  });
}

let a: Running;
let b: Running;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "heloc-two-servers-"));
  const databaseUrl = await freshDatabaseUrl();
  const env = {
    DATA_DIR: dataDir,
    APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  a = await startProcess(env); // first alone: it makes and migrates the database
  b = await startProcess(env);
}, 60_000);

afterAll(() => {
  a?.process.kill();
  b?.process.kill();
});

/** The same person's browser, pointed at the other server (a load balancer sends requests anywhere). */
function sameBrowserOn(url: string, from: Browser): Browser {
  const other = browser(url);
  for (const [name, value] of from.cookies) other.cookies.set(name, value);
  return other;
}

describe("two servers on one database", () => {
  it("honours on one server a session made on the other, and signing out on one ends it on both", async () => {
    const onA = browser(a.url);
    await onA.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Two-Servers" } },
    });
    const onB = sameBrowserOn(b.url, onA);
    const step = await onB.trpc.step.get.query({ stepId: "name" });
    expect(step.application).toMatchObject({ user: { firstName: "Ada", lastName: "Two-Servers" } });
    expect((await onB.session()).user?.id).toEqual((await onA.session()).user?.id);

    await onB.trpc.identity.deleteSession.mutate();
    expect(await onA.session()).toEqual({});
  });

  it("counts a rate limit across both: wrong passwords alternating between servers reach the one limit", async () => {
    const email = `limit-${randomBytes(4).toString("hex")}@example.com`;
    const onA = browser(a.url);
    const onB = browser(b.url);
    // signInPerEmailIp allows 10 attempts per address from one IP per 15 minutes (server/services.ts).
    for (let i = 0; i < 10; i++)
      expect(
        (
          await (i % 2 ? onB : onA).auth("Applicant", "callback/credentials", {
            email,
            password: "wrong password",
          })
        ).status,
      ).toBe(401);
    for (const on of [onA, onB])
      expect(
        (await on.auth("Applicant", "callback/credentials", { email, password: "wrong password" })).body
          .error,
      ).toBe("RateLimited");
  }, 120_000); // 12 password checks and bot-check tokens: CPU-bound, slow on a loaded machine

  it("accepts on one server a sign-in code mailed by the other", async () => {
    const onA = browser(a.url);
    await onA.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Cody", lastName: "Mailed" } },
    });
    const email = `code-${randomBytes(4).toString("hex")}@example.com`;
    await onA.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
    const onB = sameBrowserOn(b.url, onA); // the code proves the address in the session that claims it
    expect((await onA.auth("Applicant", "signin/email", { email })).status).toBe(200);
    const signedIn = await onB.auth("Applicant", "callback/email", {
      email,
      code: await mailedCode(dataDir, email),
    });
    expect(signedIn.body.error).toBeUndefined();
    expect((await onB.session()).user?.email).toBe(email);
  });

  it("signs out everywhere: every device's session ends, whichever server it talks to", async () => {
    const first = browser(a.url);
    await first.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Eve", lastName: "Everywhere" } },
    });
    const email = `everywhere-${randomBytes(4).toString("hex")}@example.com`;
    await first.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
    await first.auth("Applicant", "signin/email", { email }); // proves the address in this session
    const proof = await mailedCode(dataDir, email);
    await first.auth("Applicant", "callback/email", { email, code: proof });
    const phone = browser(b.url); // a second device, signing in with a mailed code
    await phone.auth("Applicant", "signin/email", { email });
    await phone.auth("Applicant", "callback/email", { email, code: await mailedCode(dataDir, email, proof) });
    expect((await phone.session()).user?.email).toBe(email);

    expect(await first.trpc.identity.signOutEverywhere.mutate()).toEqual({ signedOut: true });
    expect(await first.session()).toEqual({});
    expect(await phone.session()).toEqual({});
  });

  it("refuses on one server a bot-check token already spent on the other", async () => {
    const onA = browser(a.url);
    const token = await onA.botToken();
    const post = (url: string) =>
      fetch(`${url}/api/trpc/identity.deleteSession`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-Same-Origin": "1", "X-Recaptcha-Token": token },
        body: "{}",
      });
    expect((await post(a.url)).status).toBe(200);
    expect((await post(b.url)).status).toBe(403);
  });
});
