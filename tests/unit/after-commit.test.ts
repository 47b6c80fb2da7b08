// Phase 7 of step.submit (server/features/steps/submit/after-commit.ts): a save answers once its data
// is committed; its work after the commit (a signed PDF, mail, texts) goes on after the answer.
import { describe, expect, it } from "vitest";
import { afterResponse } from "@server/features/auth/after-response";
import { runAfterCommit, type AfterCommit } from "@server/features/steps/submit/after-commit";
import type { Submission } from "@server/features/steps/submit/submission";

function submission(awaitWorkAfterSave: boolean) {
  const errors: string[] = [];
  const log = {
    error: (_fields: object, message: string) => void errors.push(message),
  } as unknown as Parameters<typeof afterResponse>[1];
  const background = afterResponse("after an answer", log);
  const cookies: string[] = [];
  const s = {
    services: {
      config: { awaitWorkAfterSave },
      later: background.later,
      log,
      auth: { applicant: { jar: { set: (_c: unknown, name: string) => void cookies.push(name) } } },
    },
    step: { id: "disclosures" },
    ctx: { cookies: {} },
  } as unknown as Submission;
  return { s, errors, cookies, settled: background.settled };
}

const slowWork = (done: string[], name: string) => async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  done.push(name);
};

describe("the work a save leaves for after its commit", () => {
  it("runs after the answer on a server: the save answers first, the work finishes in order", async () => {
    const { s, settled, cookies } = submission(false);
    const done: string[] = [];
    const after: AfterCommit = {
      session: { token: "t", expiresAt: new Date() },
      work: [slowWork(done, "signed PDF"), slowWork(done, "mail")],
    };
    await runAfterCommit(s, after);
    expect(cookies).toEqual(["session"]); // the new guest's cookie goes out with the answer
    expect(done).toEqual([]);
    await settled();
    expect(done).toEqual(["signed PDF", "mail"]);
  });

  it("runs before the answer when the server is told to (tests)", async () => {
    const { s } = submission(true);
    const done: string[] = [];
    await runAfterCommit(s, { session: null, work: [slowWork(done, "signed PDF")] });
    expect(done).toEqual(["signed PDF"]);
  });

  it("logs a failed piece by the step and goes on with the next", async () => {
    const { s, settled, errors } = submission(false);
    const done: string[] = [];
    const failing = async () => {
      throw new Error("storage down");
    };
    await runAfterCommit(s, { session: null, work: [failing, slowWork(done, "mail")] });
    await settled();
    expect(errors).toEqual(["step.submit disclosures: work after the save failed"]);
    expect(done).toEqual(["mail"]);
  });
});
