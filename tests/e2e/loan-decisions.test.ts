// The portal's decisions in the browser (issue 35 item 3): an underwriter declines with two
// reasons from the catalogue, and the borrower's notice of action taken and their loan page name
// both; an underwriter counteroffers a lower line, the applicant accepts it in her session, and the
// lower line is what her loan page, the file and the closing package state; a processor sends a
// notice of incompleteness, and each borrower sees the missing items and the deadline.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { longDate } from "@engine/base/dates";
import { readLoanFile } from "@server/features/loan/store";
import { move, submittedLoan } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { ARTIFACTS, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession, staffPage } from "./sessions";

const e2e = useE2E();
const server = () => e2eTestServer(e2e) as TestServer;

const loanSection = (page: Page) => page.locator('section[aria-labelledby="loan"]');

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

  it("a counteroffer at a lower line, accepted by the applicant: the lower line is on her pages, the file and the closing package", async () => {
    const loan = await submittedLoan(server(), {
      titleHolders: { borrowerOnTitle: true, coborrowerOnTitle: true, otherOwners: [] },
    });
    await move(loan, "startReview");
    const before = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    const lower = before.offer!.lineAmount - 10_000;
    const lowerText = `$${lower.toLocaleString("en-US")}`;

    const underwriter = await staffPage(e2e, "underwriter");
    await underwriter.goto(`/portal/applications/${loan.applicationId}`);
    await underwriter.getByRole("button", { name: "Make a counteroffer", exact: true }).click();
    const form = underwriter.getByRole("form", { name: "Make a counteroffer" });
    await form.getByLabel("Line amount ($)").fill(String(lower));
    // Sent without a reason: the form names the missing reasons and nothing is moved.
    await form.getByRole("button", { name: "Make the counteroffer" }).click();
    await form.getByText("Choose at least one principal reason.").waitFor();
    await form.getByLabel("Value or type of collateral not sufficient", { exact: true }).check();
    expect(await seriousA11yViolations(underwriter)).toEqual([]);
    await form.screenshot({ path: join(ARTIFACTS, "portal-counteroffer-lower-line.png") });
    await form.getByRole("button", { name: "Make the counteroffer" }).click();
    await loanSection(underwriter).getByText("Counteroffer pending", { exact: true }).waitFor();

    const maria = await pageWithSession(e2e, loan.borrower, 1280);
    await maria.goto("/app/loan");
    const decision = maria.getByRole("region", { name: "Our decision" });
    await decision
      .getByText(
        new RegExp(`^We cannot approve the line you applied for, but we can offer you: \\${lowerText} at `),
      )
      .waitFor();
    await decision.getByText("Value or type of collateral not sufficient", { exact: true }).waitFor();
    expect(await seriousA11yViolations(maria)).toEqual([]);
    await screenshot(maria, "loan-counteroffer-offered");
    await decision.getByRole("button", { name: "Accept this offer" }).click();
    await decision.getByText(/^You accepted our offer on /).waitFor();
    await decision.getByText(new RegExp(`^Your approved line: \\${lowerText} at `)).waitFor();
    await maria.getByText("Approved, with conditions", { exact: true }).first().waitFor();
    expect(await seriousA11yViolations(maria)).toEqual([]);
    await screenshot(maria, "loan-counteroffer-accepted");

    // The file: the accepted counteroffer's terms are the approved terms.
    await underwriter.reload();
    await loanSection(underwriter).getByText("Conditionally approved", { exact: true }).waitFor();
    await loanSection(underwriter)
      .getByText(new RegExp(`^Approved terms: \\${lowerText} at `))
      .waitFor();
    await loanSection(underwriter)
      .getByText(/The applicant accepted it on /)
      .waitFor();
    await loanSection(underwriter).screenshot({ path: join(ARTIFACTS, "portal-counteroffer-accepted.png") });

    // The closing package states the lower line.
    await loan.borrower.trpc.loan.answerOccupancy.mutate({ principalDwelling: true });
    await loan.coborrower.trpc.loan.answerOccupancy.mutate({ principalDwelling: true });
    await move(loan, "clearToClose");
    await move(loan, "sendForSigning");
    await maria.goto("/app/loan");
    await maria.getByText(/^Home equity line of credit agreement \(version /).click();
    await maria
      .getByText(new RegExp(`credit limit of \\*\\*\\${lowerText}\\*\\*`))
      .first()
      .waitFor();
    await screenshot(maria, "loan-counteroffer-closing-package");
  });

  it("a notice of incompleteness: the applicant sees what is missing and the date by which", async () => {
    const loan = await submittedLoan(server());
    const processor = await staffPage(e2e, "processor");
    await processor.goto(`/portal/applications/${loan.applicationId}`);
    await processor.getByRole("button", { name: "Send a notice of incompleteness", exact: true }).click();
    const form = processor.getByRole("form", { name: "Send a notice of incompleteness" });
    // Sent with no item: the field names what is missing and nothing is sent.
    await form.getByRole("button", { name: "Send the notice" }).click();
    await form.getByText("List at least one missing item, one a line.").waitFor();
    await form
      .getByLabel("Missing items (one a line)")
      .fill("Your two most recent pay stubs\nYour signed 2025 federal tax return");
    const deadline = await form.getByLabel("Deadline").inputValue();
    expect(deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await seriousA11yViolations(processor)).toEqual([]);
    await form.screenshot({ path: join(ARTIFACTS, "portal-incompleteness-form.png") });
    await form.getByRole("button", { name: "Send the notice" }).click();
    await loanSection(processor).getByText("Incomplete", { exact: true }).waitFor();
    const notices = processor.getByRole("region", { name: "Notices given on this file table" });
    await notices.getByRole("row").nth(2).waitFor();

    const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    expect(file.milestone).toBe("incomplete");
    const stored = await readLoanFile(e2e.server.services.db, loan.applicationId);
    const sent = stored!.file.notices.filter((n) => n.kind === "incompleteness");
    expect(sent.map((n) => n.to).sort()).toEqual(["borrower", "coborrower"]);

    const deadlineText = longDate(deadline);
    for (const session of [loan.borrower, loan.coborrower]) {
      const page = await pageWithSession(e2e, session, session === loan.borrower ? 1280 : 390);
      await page.goto("/app/loan");
      const decision = page.getByRole("region", { name: "Our decision" });
      await decision
        .getByText(`We need more from you to decide. Please send us the following by ${deadlineText}:`)
        .waitFor();
      await decision.getByText("Your two most recent pay stubs", { exact: true }).waitFor();
      await decision.getByText("Your signed 2025 federal tax return", { exact: true }).waitFor();
      await page.getByText("We need more from you", { exact: true }).first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(
        page,
        session === loan.borrower ? "loan-incomplete-borrower" : "loan-incomplete-coborrower-phone",
      );
    }
  });
});
