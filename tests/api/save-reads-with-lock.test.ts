// A save sends the reads of its application's standing signatures and members right behind the
// statement that locks the application, in one round trip (pg pipelining, issue 34). They must
// still read what another transaction holding the lock committed: PostgreSQL runs them only once
// the lock is granted. Runs on both databases
// (`node scripts/with-postgres.mjs npx vitest run --project api tests/api/save-reads-with-lock.test.ts`).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "@engine/funnel/owner";
import { auditAction } from "@engine/lending/audit-actions";
import type { BorrowerRole } from "@engine/lending/borrowers";
import { lockRows, rows, transaction } from "@server/persistence/db/client";
import { applications, auditEvents, signatures } from "@server/persistence/db/schema";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const onPostgres = !!process.env.DATABASE_URL;

/** Until another connection waits for a row lock (PostgreSQL), or a moment (SQLite's saves queue in the process). */
async function untilASaveWaitsForTheLock(): Promise<void> {
  if (!onPostgres) return void (await new Promise((resolve) => setTimeout(resolve, 300)));
  for (let tries = 0; tries < 200; tries++) {
    const [waiting] = await rows<{ n: number | string }>(
      server.services.db,
      sql`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    if (Number(waiting?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no save came to wait for the application's lock in 5 s");
}

describe("an owner's save that waits for another transaction holding their application", () => {
  it("voids a signature that transaction recorded, as its reads come after the lock", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    const [app] = await server.services.db.select({ id: applications.id }).from(applications);
    const signatureId = randomUUID();
    let save: Promise<unknown> | undefined;
    // Another transaction locks the application, records a signature covering the last name, and
    // commits only once the owner's save (changing that last name) waits for the lock.
    await transaction(
      server.services.db,
      async (tx) => {
        await lockRows(
          tx,
          sql`SELECT ${applications.id} FROM ${applications} WHERE ${applications.id} = ${app!.id}`,
        );
        await tx.insert(signatures).values({
          id: signatureId,
          applicationId: app!.id,
          signer: OWNER_ROLE as BorrowerRole,
          typedName: "Ada Lovelace",
          documents: "[]",
          signedAt: new Date(),
          // A fingerprint no value has: any save changing the last name voids it.
          covered: JSON.stringify({ "/user/lastName": "fingerprint of an earlier last name" }),
        });
        save = b.trpc.step.submit.mutate({
          stepId: "name",
          answers: { user: { firstName: "Ada", lastName: "King" } },
        });
        save.catch(() => undefined);
        await untilASaveWaitsForTheLock();
      },
      { isolation: "lockedRows" },
    );
    await save;
    const [signature] = await server.services.db
      .select({ voidedAt: signatures.voidedAt })
      .from(signatures)
      .where(eq(signatures.id, signatureId));
    expect(signature?.voidedAt).toBeInstanceOf(Date);
    const voided = await server.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, app!.id));
    expect(voided.map((e) => e.action)).toContain(auditAction("esign.voided", OWNER_ROLE));
  });
});
