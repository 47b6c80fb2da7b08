// A co-borrower whose part the borrower answered (they only consent and sign) uploads, in their own
// session, the document a condition asks of them, from the loan page (issue 35): the upload counts
// as their answer and the condition goes back to the processor.
import { describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { submittedLoan } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession } from "./sessions";

const e2e = useE2E();
const server = () => e2eTestServer(e2e) as TestServer;

describe("a co-borrower's own document condition (e2e)", { timeout: 120_000 }, () => {
  it("lets the co-borrower upload it on their loan page though the borrower answered their part", async () => {
    const loan = await submittedLoan(server());
    await loan.staff.trpc.portal.loan.addCondition.mutate({
      applicationId: loan.applicationId,
      code: 411,
      priorTo: "approval",
      dueOn: todayIso(new Date(Date.now() + 7 * 86_400_000)),
      borrowers: ["coborrower"],
    });
    const james = await pageWithSession(e2e, loan.coborrower, 1280);
    await james.goto("/app/loan");
    await james.getByRole("heading", { level: 2, name: "What we need from you" }).waitFor();
    // The documents page is the borrower's checklist: the co-borrower is not sent there.
    expect(await james.getByRole("link", { name: "Upload it on your documents page" }).count()).toBe(0);
    const form = james.getByRole("form", { name: "Upload your Bank statements here" });
    await form.getByLabel("Upload your Bank statements here").setInputFiles({
      name: "statement-october.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
    });
    expect(await seriousA11yViolations(james)).toEqual([]);
    await screenshot(james, "coborrower-condition-upload");
    await form.getByRole("button", { name: "Upload", exact: true }).click();
    await james.getByText(/^You answered on /).waitFor();
    await screenshot(james, "coborrower-condition-uploaded");
    const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    expect(file.conditions[0]).toMatchObject({ status: "answered" });
  });
});
