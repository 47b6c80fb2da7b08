// A step.get reads the applicant's session and the application its user owns in one statement
// (issue 34: one round trip on PostgreSQL instead of two). The application comes back with the
// session's row whatever the cookie's secret, so it is opened and shown only once the secret has
// passed its constant-time comparison and the session its expiry: a wrong or expired session gets
// a visitor's page. Runs on both databases
// (`node scripts/with-postgres.mjs npx vitest run --project api tests/api/session-with-application.test.ts`).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { applicantSessions, users } from "@server/persistence/db/schema";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";
import { sentDuring } from "../helpers/statements";

// The secrets' comparison, watched: the server's session store must keep comparing in constant time.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const { timingSafeEqual } = await import("node:crypto");

let server: TestServer;
beforeAll(async () => {
  // Read when the server opens its database.
  process.env.DATABASE_COUNT_STATEMENTS = "1";
  server = await testServer();
});
afterAll(() => server.close());
beforeEach(() => {
  vi.mocked(timingSafeEqual).mockClear();
});

/** An applicant who saved their name "Ada Lovelace", and their session's cookie name and id. */
async function applicant() {
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
  });
  const cookie = server.services.auth.applicant.jar.nameOf("session");
  const token = b.cookies.get(cookie)!;
  return { b, cookie, token, id: token.split(".")[0]! };
}

/** The name step as `b` gets it: its answer, or its refusal, as JSON (either way, what it was told). */
const pageOf = (b: Browser) =>
  b.trpc.step.get.query({ stepId: "name" }).then(
    (page) => JSON.stringify(page),
    (error: unknown) => JSON.stringify({ refused: String(error) }),
  );

describe("a step.get's session and application", () => {
  it("are read in one statement, the application not read again", async () => {
    const { b } = await applicant();
    let page = "";
    const sent = await sentDuring(server.services.db, async () => (page = await pageOf(b)));
    expect(page).toContain("Lovelace");
    const sessionReads = sent.filter(([text]) => / from "applicant_sessions"/.test(text));
    expect(sessionReads).toHaveLength(1);
    expect(sessionReads[0]![0]).toMatch(/left join "applications" on "applications"."owner_id" = /);
    expect(sessionReads[0]![1]).toBe(1);
    // No read of the application on its own.
    expect(sent.filter(([text]) => /^select .* from "applications" where/.test(text))).toEqual([]);
  });

  it("give a wrong secret for a session that exists no application, its hash compared in constant time", async () => {
    const { cookie, token, id } = await applicant();
    const secret = token.split(".")[1]!;
    // Same length, one character changed: the row is found, only the secret is wrong.
    const wrong = `${id}.${secret.slice(0, -1)}${secret.endsWith("a") ? "b" : "a"}`;
    const stranger = browser(server.url);
    stranger.cookies.set(cookie, wrong);
    const page = await pageOf(stranger);
    expect(page).not.toContain("Lovelace");
    expect(page).not.toContain("Ada");
    // The stored hash and the secret's were compared with timingSafeEqual, and did not match.
    const compared = vi.mocked(timingSafeEqual).mock;
    const sessionCompares = compared.calls
      .map((args, i) => ({ args, result: compared.results[i]!.value as unknown }))
      .filter(({ args: [a, b] }) => a.byteLength === 32 && b.byteLength === 32);
    expect(sessionCompares.map(({ result }) => result)).toEqual([false]);
    // The session itself stands: a wrong guess does not end the holder's session.
    expect(
      await server.services.db
        .select({ id: applicantSessions.id })
        .from(applicantSessions)
        .where(eq(applicantSessions.id, id)),
    ).toHaveLength(1);
  });

  it("give an expired session no application, and end it", async () => {
    const { b, id } = await applicant();
    await server.services.db
      .update(applicantSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(applicantSessions.id, id));
    const page = await pageOf(b);
    expect(page).not.toContain("Lovelace");
    expect(page).not.toContain("Ada");
    expect(
      await server.services.db
        .select({ id: applicantSessions.id })
        .from(applicantSessions)
        .where(eq(applicantSessions.id, id)),
    ).toEqual([]);
  });

  it("tell a signed-in user who owns no application that there is none", async () => {
    const userId = randomUUID();
    await server.services.db.insert(users).values({ id: userId, createdAt: new Date() });
    const { token } = await server.services.auth.applicant.sessions.create(userId);
    const b = browser(server.url);
    b.cookies.set(server.services.auth.applicant.jar.nameOf("session"), token);
    const page = await pageOf(b);
    expect(JSON.parse(page)).toMatchObject({ refused: expect.stringMatching(/application/i) });
  });
});
