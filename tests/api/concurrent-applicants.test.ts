// Many applicants saving at the same moment (issue 34): on PostgreSQL a save locks its own
// application's row and runs at READ COMMITTED (server/persistence/db/client.ts `lockedRows`), so
// no applicant's save is aborted, run again or refused because someone else saved; two saves of
// ONE application still take turns, and the one sent from the page the other made stale is refused.
// Runs on both databases (`npm run test:postgres` for PostgreSQL).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_WORDS } from "@engine/locale/server-words";
import { auditEvents } from "@server/persistence/db/schema";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

type Answer = {
  status: number;
  body: {
    result?: { data: { stepId: string; revision: number } };
    error?: { message: string; data: { code: string } };
  };
};

/** A step.submit ready to send at once (its bot-check token solved beforehand), as the web app sends it. */
async function submitter(b: Browser, stepId: string, answers: Record<string, unknown>, revision?: number) {
  const token = await b.botToken();
  return async (): Promise<Answer> => {
    const res = await b.fetch(`${server.url}/api/trpc/step.submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-same-origin": "1", "x-recaptcha-token": token },
      body: JSON.stringify({ stepId, answers, ...(revision === undefined ? {} : { revision }) }),
    });
    return { status: res.status, body: (await res.json()) as Answer["body"] };
  };
}

const name = (firstName: string) => ({ user: { firstName, lastName: "Lovelace" } });

/** Transactions PostgreSQL aborted and the server ran again, so far (0 on SQLite). */
async function retries(): Promise<number> {
  const metric = await server.services.metrics.transactionRetries.get();
  return metric.values.reduce((sum, v) => sum + v.value, 0);
}

describe("applicants saving at the same moment", () => {
  it("are every one saved, round after round, none refused and none run again for another's save", async () => {
    const applicants = Array.from({ length: 24 }, () => browser(server.url));
    const rounds = 5;
    const retriedBefore = await retries();
    // Round 0: each is a newcomer whose first answer makes their account and application.
    let answers = await Promise.all(
      await Promise.all(applicants.map((b, i) => submitter(b, "name", name(`Ada ${i} 0`)))),
    ).then((sends) => Promise.all(sends.map((send) => send())));
    for (let round = 1; round <= rounds; round++) {
      expect(answers.map((a) => a.status)).toEqual(applicants.map(() => 200));
      // All at once again, each correcting their name from the page their last save answered.
      const sends = await Promise.all(
        applicants.map((b, i) =>
          submitter(b, "name", name(`Ada ${i} ${round}`), answers[i]!.body.result!.data.revision),
        ),
      );
      answers = await Promise.all(sends.map((send) => send()));
    }
    expect(answers.map((a) => a.status)).toEqual(applicants.map(() => 200));

    // Each kept all of their own saves: one revision each, the last answer stored, an audit row each.
    const pages = await Promise.all(applicants.map((b) => b.trpc.step.get.query({ stepId: "name" })));
    pages.forEach((page, i) => {
      expect(page.revision).toBe(answers[i]!.body.result!.data.revision);
      expect(page.application).toMatchObject(name(`Ada ${i} ${rounds}`));
    });
    const audited = await server.services.db
      .select({ id: auditEvents.applicationId })
      .from(auditEvents)
      .where(eq(auditEvents.action, "step.submit:name"));
    expect(audited).toHaveLength(applicants.length * (rounds + 1));
    expect(new Set(audited.map((a) => a.id)).size).toBe(applicants.length);
    // And PostgreSQL never aborted one of them for another applicant's save.
    expect((await retries()) - retriedBefore).toBe(0);
  });

  it("of ONE application, from two windows of the same page: exactly one is kept, the other is refused as stale", async () => {
    for (let race = 0; race < 6; race++) {
      const b = browser(server.url);
      const first = await (await submitter(b, "name", name("Grace")))();
      const revision = first.body.result!.data.revision;
      const left = await submitter(b, "name", name(`Left ${race}`), revision);
      const right = await submitter(b, "name", name(`Right ${race}`), revision);
      const [l, r] = await Promise.all([left(), right()]);

      expect([l.status, r.status].sort()).toEqual([200, 409]);
      const [won, lost] = l.status === 200 ? [l, r] : [r, l];
      expect(lost.body.error?.data.code).toBe("CONFLICT");
      expect(lost.body.error?.message).toBe(SERVER_WORDS["refusal.changedInAnotherWindow"]);
      // The kept one is stored, once: one revision more, not two.
      const page = await b.trpc.step.get.query({ stepId: "name" });
      expect(page.revision).toBe(won.body.result!.data.revision);
      expect(page.revision).toBe(revision + 1);
      expect(page.application).toMatchObject(name(l.status === 200 ? `Left ${race}` : `Right ${race}`));
    }
  });
});
