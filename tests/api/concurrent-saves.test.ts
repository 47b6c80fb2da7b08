// Saves that arrive together (server/persistence/db/client.ts: on SQLite they share one durable COMMIT, each
// in its own savepoint): every good one is kept, a refused one saves nothing and leaves the others
// alone, and no answer goes out before its save is committed.
import { join } from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@server/persistence/db/schema";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

/** A second connection to the server's SQLite file: it sees only what is committed (null on PostgreSQL). */
const committedReader = () =>
  server.services.config.databaseUrl
    ? null
    : new Database(join(server.dataDir, "heloc.sqlite"), { readonly: true });

/** A step.submit sent at once, its bot-check token solved beforehand, as the web app sends it. */
async function submitter(b: Browser, stepId: string, answers: Record<string, unknown>, revision?: number) {
  const token = await b.botToken();
  return () =>
    b.fetch(`${server.url}/api/trpc/step.submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-same-origin": "1", "x-recaptcha-token": token },
      body: JSON.stringify({ stepId, answers, ...(revision === undefined ? {} : { revision }) }),
    });
}

const pageOf = (b: Browser) => b.trpc.step.get.query({ stepId: "email" });
type Answer = {
  status: number;
  body: { result?: { data: { stepId: string; revision: number } }; error?: { data: { code: string } } };
};

describe("step.submit calls that arrive at the same moment", () => {
  it("are all saved, each answered only once its save is committed, and a refused one saves nothing and spoils none of the others", async () => {
    // Five applicants on the email page; the last has it open in two windows and saves both at once.
    const onEmail = Array.from({ length: 5 }, () => browser(server.url));
    for (const b of onEmail) {
      const first = (await (
        await (
          await submitter(b, "name", { user: { firstName: "Ada", lastName: "Lovelace" } })
        )()
      ).json()) as Answer["body"];
      expect(first.result?.data.stepId).toBe("email");
    }
    const before = await Promise.all(onEmail.map(pageOf));
    const emails = onEmail.map((_, i) => `own.${i}.${Date.now()}@example.com`);
    const twoWindows = onEmail[4]!;
    const otherWindowEmail = `other.window.${Date.now()}@example.com`;
    // And four visitors giving their first answer (each starts a guest account, application and session).
    const newcomers = Array.from({ length: 4 }, () => browser(server.url));
    const sends = [
      ...(await Promise.all(
        onEmail.map((b, i) => submitter(b, "email", { user: { email: emails[i] } }, before[i]!.revision!)),
      )),
      await submitter(twoWindows, "email", { user: { email: otherWindowEmail } }, before[4]!.revision!),
      ...(await Promise.all(
        newcomers.map((b) => submitter(b, "name", { user: { firstName: "Grace", lastName: "Hopper" } })),
      )),
    ];

    // Every saved step leaves an audit row in its transaction: counted from another connection
    // the moment each answer arrives, the committed saves are never fewer than the saves answered.
    const reader = committedReader();
    const savesCommitted = () =>
      (
        reader!.prepare("SELECT count(*) AS n FROM audit_events WHERE action LIKE 'step.submit:%'").get() as {
          n: number;
        }
      ).n;
    const committedBefore = reader ? savesCommitted() : 0;
    let savesAnswered = 0;
    const committedAtAnswer: boolean[] = [];
    const answers: Answer[] = await Promise.all(
      sends.map((send) =>
        send().then(async (res) => {
          if (res.status === 200) savesAnswered++;
          if (reader) committedAtAnswer.push(savesCommitted() - committedBefore >= savesAnswered);
          return { status: res.status, body: (await res.json()) as Answer["body"] };
        }),
      ),
    );
    reader?.close();

    // The four applicants with one window and the four newcomers: saved.
    for (const i of [0, 1, 2, 3, 6, 7, 8, 9]) expect(answers[i]!.status).toBe(200);
    // Of the two windows, one save is kept; the other, sent from the same now stale page, is refused.
    const windows = [answers[4]!, answers[5]!];
    expect(windows.map((a) => a.status).sort()).toEqual([200, 409]);
    const kept = windows[0]!.status === 200 ? emails[4] : otherWindowEmail;

    const after = await Promise.all(onEmail.map(pageOf));
    onEmail.forEach((_, i) => {
      // One save each: the refused window's added nothing (one revision more, not two).
      expect(after[i]!.revision).toBe(before[i]!.revision! + 1);
      expect(after[i]!.application).toMatchObject({ user: { email: i === 4 ? kept : emails[i] } });
      expect(after[i]!.due).not.toBe("email");
    });
    for (const b of newcomers)
      expect((await b.trpc.step.get.query({ stepId: "name" })).application).toMatchObject({
        user: { firstName: "Grace" },
      });
    // Each kept save left its audit row; the refused one left none.
    const audited = await server.services.db
      .select({ id: auditEvents.applicationId })
      .from(auditEvents)
      .where(eq(auditEvents.action, "step.submit:email"));
    expect(audited).toHaveLength(5);
    if (committedAtAnswer.length) expect(committedAtAnswer).toEqual(sends.map(() => true));
  });
});
