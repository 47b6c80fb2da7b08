// The portal's decisions in the browser (issue 35 item 3): an underwriter declines with two
// reasons from the catalogue; the borrower's notice of action taken and their loan page name both.
import { describe, expect, it } from "vitest";
import { readLoanFile } from "@server/features/loan/store";
import { submittedLoan } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession, staffPage } from "./sessions";

const e2e = useE2E();
const server = () => e2eTestServer(e2e) as TestServer;

const REASONS = ["Unable to verify income", "Excessive obligations in relation to income"];

describe("portal decisions (e2e)", { timeout: 120_000 }, () => {
  it("declines with two reasons: each borrower's notice and the loan page name both", async () => {
    const loan = await submittedLoan(server());
    const underwriter = await staffPage(e2e, "underwriter");
    await underwriter.goto(`/portal/applications/${loan.applicationId}`);
    await underwriter.getByRole("button", { name: "Decline", exact: true }).click();
    const form = underwriter.getByRole("form", { name: "Decline" });
    for (const reason of REASONS) await form.getByLabel(reason, { exact: true }).check();
    expect(await seriousA11yViolations(underwriter)).toEqual([]);
    await screenshot(underwriter, "portal-decline-two-reasons");
    await form.getByRole("button", { name: "Decline the application" }).click();
    const notices = underwriter.getByRole("region", { name: "Notices given on this file table" });
    await notices.getByRole("row").nth(1).waitFor();

    const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    expect(file.milestone).toBe("declined");
    // Each borrower's notice, as recorded (its text was filled with these values), states both reasons.
    const stored = await readLoanFile(e2e.server.services.db, loan.applicationId);
    const declines = stored!.file.notices.filter((n) => n.kind === "adverseAction");
    expect(declines.map((n) => n.to).sort()).toEqual(["borrower", "coborrower"]);
    for (const n of declines)
      for (const reason of REASONS) expect(n.document.values.reasons).toContain(reason);

    const maria = await pageWithSession(e2e, loan.borrower, 1280);
    await maria.goto("/app/loan");
    const decision = maria.getByRole("region", { name: "Our decision" });
    for (const reason of REASONS) await decision.getByText(reason, { exact: true }).waitFor();
    expect(await seriousA11yViolations(maria)).toEqual([]);
    await screenshot(maria, "loan-declined-two-reasons");
  });
});
