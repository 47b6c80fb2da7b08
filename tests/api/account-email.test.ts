// Account pre-hijacking (issue 20, item 4): an email typed in the funnel is only a claim. The
// account's sign-in address is set only when a code mailed to it is entered in the session of the
// account that claims it; a guest who types someone else's address neither blocks them nor
// captures them, and code requests answer alike, in the same time, for known and unknown addresses.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@server/persistence/db/schema";
import { startServer } from "@server/start";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

let server: TestServer;
let clock = Date.now();
beforeAll(async () => {
  server = await testServer({ now: () => new Date(clock) });
});
afterAll(() => server.close());

const guest = async (firstName: string, email: string) => {
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({ stepId: "name", answers: { user: { firstName, lastName: "Tester" } } });
  await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
  return b;
};
/** Asks for a code in this browser and enters it there; the mail goes out after the answer. */
const proveWithCode = async (b: Browser, email: string) => {
  expect((await b.auth("Applicant", "signin/email", { email })).status).toBe(200);
  await server.services.settled();
  return b.auth("Applicant", "callback/credentials", { email, code: server.lastCode() });
};
const addressOf = async (b: Browser) => {
  const id = (await b.session()).user?.id as string;
  return (
    (await server.services.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ??
    null
  );
};
let n = 0;
const fresh = () => `owner-${++n}-${clock}@example.com`;

describe("an email typed by a guest is a claim until a code proves it", () => {
  it("does not give the address to the guest's account when typed", async () => {
    const email = fresh();
    const b = await guest("Gina", email);
    expect(await addressOf(b)).toBeNull();
    expect((await b.session()).user).toMatchObject({ email: null });
  });

  it("never blocks the real owner: a stranger's claim of their address does not say it already exists", async () => {
    const email = fresh();
    await guest("Mallory", email);
    const owner = browser(server.url);
    await owner.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Olivia", lastName: "Owner" } },
    });
    await expect(
      owner.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } }),
    ).resolves.toMatchObject({ applicationStatus: expect.any(String) });
  });

  it("never captures the owner: signing in with the mailed code lands in their own application, and the stranger's session never reads it", async () => {
    const email = fresh();
    const mallory = await guest("Mallory", email);
    // The stranger even asks for a code: it goes to the owner's inbox, where the stranger cannot read it.
    await mallory.auth("Applicant", "signin/email", { email });
    await server.services.settled();
    clock += 61_000;

    const owner = await guest("Olivia", email);
    expect((await proveWithCode(owner, email)).status).toBe(200);
    expect((await owner.session()).user).toMatchObject({ email, name: "Olivia Tester" });
    await owner.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 777000 } },
    });

    // The stranger's session is still the stranger's own application, without the owner's answers.
    expect((await mallory.session()).user).toMatchObject({ email: null, name: "Mallory Tester" });
    const seen = (await mallory.trpc.step.get.query({ stepId: "propertyValue" })).application as {
      setup?: { propertyValue?: number };
    };
    expect(seen.setup?.propertyValue).toBeUndefined();
    // And the owner, signing in again from anywhere, reaches their own application.
    clock += 61_000;
    const phone = browser(server.url);
    expect((await proveWithCode(phone, email)).status).toBe(200);
    expect((await phone.session()).user).toMatchObject({ name: "Olivia Tester" });
  });

  it("does not let a code typed in another browser prove a guest's claim", async () => {
    const email = fresh();
    const claimant = await guest("Carl", email);
    await claimant.auth("Applicant", "signin/email", { email });
    await server.services.settled();
    const elsewhere = browser(server.url);
    const res = await elsewhere.auth("Applicant", "callback/credentials", { email, code: server.lastCode() });
    expect(res.body.error).toBe("CredentialsSignin");
    expect(await elsewhere.session()).toEqual({});
    expect(await addressOf(claimant)).toBeNull();
  });

  it("gives the address to the claiming account once its own session enters the code", async () => {
    const email = fresh();
    const b = await guest("Paula", email);
    expect((await proveWithCode(b, email)).status).toBe(200);
    expect(await addressOf(b)).toBe(email);
    expect((await b.session()).user).toMatchObject({ email, name: "Paula Tester" });
  });
});

describe("code requests answer alike for known and unknown addresses", () => {
  it("answers before any mail is sent, whether or not the address has an account", async () => {
    const email = fresh();
    const known = await guest("Kim", email);
    expect((await proveWithCode(known, email)).status).toBe(200);
    clock += 61_000;

    // A mailer that does not finish until told: the answers must not wait for it.
    const { mailer } = server.services;
    const send = mailer.send.bind(mailer);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    mailer.send = async (message) => {
      await held;
      sent++;
      return send(message);
    };
    try {
      const answers = await Promise.all([
        known.auth("Applicant", "signin/email", { email }),
        browser(server.url).auth("Applicant", "signin/email", { email: fresh() }),
      ]);
      expect(answers.map((a) => a.body)).toEqual([
        { url: "/app/login?step=code" },
        { url: "/app/login?step=code" },
      ]);
      expect(sent).toBe(0);
    } finally {
      release();
      await server.services.settled();
      mailer.send = send;
    }
    expect(sent).toBe(1); // the known address only
  });
});

describe("addresses claimed before proof was needed", () => {
  it("are taken back on start from accounts that only claimed them, and stay claims in their applications", async () => {
    const email = fresh();
    const b = await guest("Lena", email);
    const id = (await b.session()).user?.id as string;
    await server.services.db.update(users).set({ email }).where(eq(users.id, id)); // as the old claimEmail did
    const { dataDir, databaseUrl } = server.services.config;
    const restarted = await startServer({
      port: 0,
      host: "127.0.0.1",
      quiet: true,
      webDir: undefined,
      dataDir,
      databaseUrl,
    });
    try {
      expect(
        (await restarted.services.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]
          ?.email,
      ).toBeNull();
      expect(restarted.notes.some((note) => /taken back/.test(note))).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
