// step.get's answer, byte for byte, for the demo's whole two-borrower application: every page of
// the borrower's path, read by the borrower and by the joined co-borrower, with the co-borrower
// only signing or answering their own part. The read path is cut for speed (issue 34); what it
// sends must not move: which answers each reader sees, masked identifiers, prefill, progress,
// role and part. The snapshot was written by the read path before those cuts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transaction } from "@server/persistence/db/client";
import { flowOfRole } from "@engine/funnel/members";
import { memberStore } from "@server/features/members/store";
import { makeApplicant, TWO_BORROWERS } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

type Page = Awaited<ReturnType<ReturnType<typeof browser>["trpc"]["step"]["get"]["query"]>>;

/**
 * The borrower at `status` (every step before it saved), with the co-borrower joined by their
 * invite link; each reader signed in in a browser of their own.
 */
async function application(answeredBy: "borrower" | "coborrower", status: string, n: number) {
  const email = `maria.${answeredBy}.${n}@example.com`;
  const coEmail = `luis.${answeredBy}.${n}@example.com`;
  const doc = structuredClone(TWO_BORROWERS);
  doc.user.email = email;
  doc.coborrower.email = coEmail;
  doc.coborrowerInvite = { answeredBy, email: coEmail };
  const who = await makeApplicant(server.services, { email, status, doc, walked: true });
  const owner = browser(server.url);
  await owner.auth("Applicant", "callback/credentials", { email, password: who.password });
  const token = await transaction(server.services.db, (tx) =>
    memberStore(server.services).invite(tx, who.applicationId, "coborrower", coEmail, server.services.now()),
  );
  const coborrower = browser(server.url);
  await coborrower.trpc.members.accept.mutate({ token: token! });
  const flow = flowOfRole(
    server.services.defs,
    "coborrower",
    answeredBy === "coborrower" ? "answers" : "signs",
  );
  const coborrowerFirst = server.services.defs.flows.get(flow!)!.def.variants[0]!.steps[0]!;
  return { owner, coborrower, coborrowerFirst };
}

/**
 * Every page the reader has reached (their done steps and the due one), as step.get sends it: one
 * line of JSON per page, the reader's application (the same on every page of theirs) written once.
 */
async function pagesOf(b: ReturnType<typeof browser>, first: string): Promise<string> {
  const opening = await b.trpc.step.get.query({ stepId: first });
  const lines = [`application ${JSON.stringify(opening.application)}`];
  for (const stepId of [...opening.done, ...(opening.due ? [opening.due] : [])]) {
    const { application, ...page } = await b.trpc.step.get.query({ stepId });
    expect(JSON.stringify(application), stepId).toBe(JSON.stringify(opening.application));
    lines.push(`${stepId} ${JSON.stringify(page)}`);
  }
  return lines.join("\n");
}

describe("step.get on the whole two-borrower application (issue 34)", () => {
  it("answers every page of each reader as before, the co-borrower only signing or answering their part", async () => {
    const readers: string[] = [];
    for (const [n, answeredBy] of (["borrower", "coborrower"] as const).entries()) {
      const { owner, coborrower, coborrowerFirst } = await application(answeredBy, "application8", n);
      readers.push(
        `## the borrower, the co-borrower's part answered by the ${answeredBy}`,
        await pagesOf(owner, "application8"),
        `## the co-borrower, their part answered by the ${answeredBy}`,
        await pagesOf(coborrower, coborrowerFirst),
      );
    }
    const submitted = await application("borrower", "applicationSubmitted", 2);
    readers.push("## the borrower, submitted", await pagesOf(submitted.owner, "applicationSubmitted"));
    await expect(`${readers.join("\n")}\n`).toMatchFileSnapshot("./__snapshots__/step-get-answer.whole.txt");
  });
});
