// A document condition is answered by an upload (issue 35 item 2): a processor asks the borrower for
// bank statements; the borrower's upload of that document counts as their answer, and once every
// borrower it is asked of has uploaded, the condition is back in the processor's queue (the
// "answered" status, the conditionAnswered mail) for them to clear. An upload of another document
// leaves it open.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { submittedLoan, type Loan } from "../helpers/closing";
import { testServer, type Browser, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const pdf = () =>
  new Uint8Array(Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), randomBytes(2048)]));

async function tryUpload(b: Browser, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([pdf()], { type: "application/pdf" }), "statement.pdf");
  return b.fetch(`${server.url}/api/upload`, {
    method: "POST",
    headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
    body: form,
  });
}

async function upload(b: Browser, fields: Record<string, string>) {
  const res = await tryUpload(b, fields);
  expect([res.status, res.status === 201 ? "" : await res.text()]).toEqual([201, ""]);
}

const ask = (loan: Loan, code: number, borrowers: string[]) =>
  loan.staff.trpc.portal.loan.addCondition.mutate({
    applicationId: loan.applicationId,
    code,
    priorTo: "approval",
    dueOn: todayIso(new Date(Date.now() + 7 * 86_400_000)),
    borrowers,
  });
const conditionOf = async (loan: Loan) =>
  (await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId })).conditions[0]!;

describe("a document condition", () => {
  it("counts each borrower's upload of its document, and is back with the processor once all have uploaded", async () => {
    const loan = await submittedLoan(server);
    // 411: bank statements (documentType bank_statements), asked of both borrowers.
    await ask(loan, 411, ["borrower", "coborrower"]);
    await upload(loan.borrower, { documentType: "w2", borrower: "borrower" });
    expect((await conditionOf(loan)).answers).toEqual({});
    await upload(loan.borrower, { documentType: "bank_statements", borrower: "borrower" });
    let condition = await conditionOf(loan);
    expect(condition.status).toBe("open");
    expect(Object.keys(condition.answers ?? {})).toEqual(["borrower"]);
    const mine = await loan.borrower.trpc.loan.mine.query();
    expect(mine!.conditions[0]!.answeredAt).not.toBeNull();
    // The borrower answers the co-borrower's part here (rules/members.json), so uploads their documents too.
    await upload(loan.borrower, { documentType: "bank_statements", borrower: "coborrower" });
    condition = await conditionOf(loan);
    expect(condition.status).toBe("answered");
    const cleared = await loan.staff.trpc.portal.loan.decideCondition.mutate({
      applicationId: loan.applicationId,
      conditionId: condition.id,
      outcome: "cleared",
    });
    expect(cleared.conditions[0]!.status).toBe("cleared");
  });

  it("takes the co-borrower's own upload for a condition asked of them, though the borrower answered their part", async () => {
    const loan = await submittedLoan(server);
    // The borrower answered the co-borrower's part: the co-borrower only consents and signs.
    expect(
      (await tryUpload(loan.coborrower, { documentType: "bank_statements", borrower: "coborrower" })).status,
    ).toBe(403);
    await ask(loan, 411, ["coborrower"]);
    // Only the document the condition asks, and only their own: not another type, not the borrower's.
    expect([400, 403]).toContain(
      (await tryUpload(loan.coborrower, { documentType: "w2", borrower: "coborrower" })).status,
    );
    expect(
      (await tryUpload(loan.coborrower, { documentType: "bank_statements", borrower: "borrower" })).status,
    ).toBe(403);
    expect((await conditionOf(loan)).answers).toEqual({});
    await upload(loan.coborrower, { documentType: "bank_statements", borrower: "coborrower" });
    const condition = await conditionOf(loan);
    expect(condition.status).toBe("answered");
    expect(Object.keys(condition.answers ?? {})).toEqual(["coborrower"]);
    const theirs = (await loan.coborrower.trpc.loan.mine.query())!.conditions[0]!;
    expect(theirs.answeredAt).not.toBeNull();
    // Once it is answered, nothing more is asked of them: a second upload is refused.
    expect(
      (await tryUpload(loan.coborrower, { documentType: "bank_statements", borrower: "coborrower" })).status,
    ).toBe(403);
  });
});
