// A save's audit row is written by the save itself (issue 34): sent right behind the save's UPDATE,
// in its transaction (pipelined on PostgreSQL: one round trip for both), so a save refused as stale
// throws in that transaction and takes its audit row back with it. Runs on both databases
// (`node scripts/with-postgres.mjs npx vitest run --project api tests/api/save-audit.test.ts`).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditAction } from "@engine/lending/audit-actions";
import { transaction } from "@server/persistence/db/client";
import { auditEvents } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const auditOf = (applicationId: string) =>
  server.services.db
    .select({ action: auditEvents.action, actorId: auditEvents.actorId, changed: auditEvents.changed })
    .from(auditEvents)
    .where(eq(auditEvents.applicationId, applicationId))
    .orderBy(auditEvents.id);

/** An owner who saved their name twice; the application as it stood after the first save. */
async function savedTwice() {
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
  });
  const ownerId = (await b.session()).user?.id as string;
  const store = applicationStore(server.services);
  const first = (await store.ofOwner(server.services.db, ownerId))!;
  await b.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Ada", lastName: "King" } },
  });
  return { ownerId, store, first };
}

describe("a save's audit row", () => {
  it("is written with each save: the step, who saved it and the pointers it changed", async () => {
    const { ownerId, first } = await savedTwice();
    const rows = (await auditOf(first.id)).filter((r) => r.action === auditAction("step.submit", "name"));
    expect(rows.map((r) => [r.actorId, JSON.parse(r.changed)])).toEqual([
      [ownerId, ["/user/firstName", "/user/lastName"]],
      [ownerId, ["/user/lastName"]],
    ]);
  });

  it("is taken back with a save refused as stale, which throws in its transaction", async () => {
    const { ownerId, store, first } = await savedTwice();
    const before = await auditOf(first.id);
    const refused = transaction(
      server.services.db,
      async (tx) => {
        // The revision read before the second save: the UPDATE finds no row, the audit row was sent behind it.
        const saved = await store.save(
          tx,
          first,
          { ...first.doc, user: { firstName: "Ada", lastName: "Byron" } },
          first.status,
          first.recheck,
          {
            audit: {
              actorKind: "applicant",
              actorId: ownerId,
              action: auditAction("step.submit", "name"),
              applicationId: first.id,
              changed: ["/user/lastName"],
            },
          },
        );
        expect(saved).toBe(false);
        throw new Error("stale revision");
      },
      { isolation: "lockedRows" },
    );
    await expect(refused).rejects.toThrow("stale revision");
    expect(await auditOf(first.id)).toEqual(before);
    const now = (await store.ofOwner(server.services.db, ownerId))!;
    expect(now.doc).toMatchObject({ user: { lastName: "King" } });
    expect(now.revision).toBe(first.revision + 1);
  });
});
