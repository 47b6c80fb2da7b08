// The statements an applicant's save sends the database (issue 34): on PostgreSQL each is a round
// trip, and the server's CPU and the database's grow with them. Counted by the server itself
// (DATABASE_COUNT_STATEMENTS, through drizzle's logger). Runs on both databases
// (`node scripts/with-postgres.mjs npx vitest run --project api tests/api/save-statements.test.ts`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApplicant } from "../helpers/accounts";
import { browser, mailedCode, newestTextCode, testServer, type TestServer } from "../helpers/server";
import { sentDuring } from "../helpers/statements";

let server: TestServer;
beforeAll(async () => {
  // Read when the server opens its database.
  process.env.DATABASE_COUNT_STATEMENTS = "1";
  server = await testServer();
});
afterAll(() => server.close());

const onPostgres = !!process.env.DATABASE_URL;

describe("an owner's save", () => {
  it("reads their application once, in the statement that locks it, its members and signatures with it, and writes no decline clock when none runs", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    const sent = await sentDuring(server.services.db, () =>
      b.trpc.step.submit.mutate({
        stepId: "name",
        answers: { user: { firstName: "Ada", lastName: "King" } },
      }),
    );
    // One BEGIN and one COMMIT on PostgreSQL (drizzle's transaction); SQLite's grouped commit sends its own.
    expect(sent.filter(([text]) => text.startsWith("begin")).map(([, n]) => n)).toEqual(
      onPostgres ? [1] : [],
    );
    /** The statements that read `table` itself (not in a subquery). */
    const readsOf = (table: string) =>
      sent.filter(
        ([text]) => text.startsWith("select ") && text.split(" from ")[1]?.startsWith(`"${table}" where`),
      );
    const applicationReads = readsOf("applications");
    // One read of the owner's application: with FOR UPDATE on PostgreSQL, plain on SQLite (a
    // transaction there holds the whole database).
    expect(applicationReads).toHaveLength(1);
    const [[read, times]] = applicationReads as [[string, number]];
    expect(times).toBe(1);
    expect(read).toContain('"document"');
    expect(read.endsWith(" for update")).toBe(onPostgres);
    // Its members and standing signatures are read once each, by the owner (the application's id
    // not known yet): sent right behind the lock, in its round trip on PostgreSQL.
    for (const table of ["application_members", "signatures"]) {
      const reads = readsOf(table);
      expect(reads.map(([, n]) => n)).toEqual([1]);
      expect(reads[0]![0]).toContain(
        '= (select "applications"."id" from "applications" where "applications"."owner_id" = ',
      );
    }
    // No decline waits for confirmation, and no clock ran: nothing to start or stop.
    expect(sent.filter(([text]) => text.includes('"pending_decline_since" ='))).toEqual([]);
    // The save itself was written (the counter sees the statements that matter), its audit row
    // once, right behind it (in its round trip on PostgreSQL).
    expect(sent.some(([text]) => /^update "applications" set .*"document"/.test(text))).toBe(true);
    expect(sent.filter(([text]) => text.startsWith('insert into "audit_events"')).map(([, n]) => n)).toEqual([
      1,
    ]);
  });
});

describe("an email code step's save", () => {
  it("reads the reader's application once before its transaction (the code's check) and once with its lock", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    const email = `counted-${Date.now()}@example.com`;
    await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
    await server.services.settled();
    const code = await mailedCode(server.dataDir, email);
    const sent = await sentDuring(server.services.db, () =>
      b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: code } }),
    );
    // Its own reads (not the subqueries naming it by its owner), the lock's included.
    const byOwner = sent.filter(([text]) =>
      text.split(" from ")[1]?.startsWith('"applications" where "applications"."owner_id" = '),
    );
    expect(byOwner.reduce((sum, [, n]) => sum + n, 0)).toBe(2);
    // The address proven: the save went through.
    expect(sent.some(([text]) => /^update "users" set .*"email"/.test(text))).toBe(true);
  });
});

describe("a page's read", () => {
  it("reads the session and the application its user owns in one statement", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    const sent = await sentDuring(server.services.db, () => b.trpc.step.get.query({ stepId: "name" }));
    expect(sent.filter(([text]) => text.includes('from "applicant_sessions"')).map(([, n]) => n)).toEqual([
      1,
    ]);
    expect(sent.filter(([text]) => text.includes('from "applications" where'))).toEqual([]);
  });
});

/** The transactions committed so far (the server's own histogram of them). */
const committedTransactions = async () =>
  (await server.services.metrics.transactionDuration.get()).values.find(
    (v) => v.metricName === "heloc_db_transaction_seconds_count" && v.labels.outcome === "committed",
  )?.value ?? 0;

describe("a code step's save", () => {
  it("spends the right code in the save's own transaction: one commit, with the code's one UPDATE in it", async () => {
    const who = await makeApplicant(server.services, { status: "setupPhone" });
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550161" } } });
    const code = newestTextCode(server.dataDir, "3035550161");
    await server.services.settled();
    const committedBefore = await committedTransactions();
    const sent = await sentDuring(server.services.db, () =>
      b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } }),
    );
    expect(await committedTransactions()).toBe(committedBefore + 1);
    expect(sent.filter(([text]) => text.startsWith("begin")).map(([, n]) => n)).toEqual(
      onPostgres ? [1] : [],
    );
    // The code read once, before the transaction, and spent once, in it; no try counted.
    const codeWrites = sent.filter(([text]) => /^update "sign_in_codes"/.test(text));
    expect(codeWrites).toHaveLength(1);
    expect(codeWrites[0]![0]).toContain('"consumed_at" =');
    expect(codeWrites[0]![1]).toBe(1);
    expect(sent.some(([text]) => /^update "applications" set .*"document"/.test(text))).toBe(true);
  });
});
