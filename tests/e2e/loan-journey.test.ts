// From "submitted" to "funded" in Chromium (issue 35, "Done when", first bullet): two borrowers in
// two browser contexts, each in their own session, and staff in the portal.
//
// The household starts submitted, seeded through the same server APIs the other loan tests use
// (tests/helpers/closing.ts submittedLoan: the two-borrower fixture saved as walked, the co-borrower
// joined with their own account), not by walking the funnel twice: the funnel has journeys of its
// own (funnel-journeys, coborrower) and walking it twice would take this test past its budget.
// From there every step is a person on a page: the borrower follows the submitted page's link to
// "Your loan"; a processor asks a document condition of the borrower and an information condition
// of the co-borrower (both mailed: the outbox); the borrower uploads the statement from the loan
// page's link, the co-borrower answers in the condition's form; the processor clears both; an
// underwriter approves with terms (the margin included); each borrower answers about the home and
// signs the closing package in their own session; a closer records the notarization; the account
// opens and each owner's last day to cancel shows on both sides; funding during the hold is refused;
// the server's injected clock is moved past the last period (never a sleep) and everyone signs in
// again (sessions end after a quiet while); funding releases the draw and both borrowers see
// "Funded". A screenshot per milestone in tests/artifacts/journey-*.png.
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loanFiles, notificationOutbox } from "@server/persistence/db/schema";
import { homeToday, submittedLoan } from "../helpers/closing";
import { browser as apiBrowser, newestMail, type TestServer } from "../helpers/server";
import { ARTIFACTS, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession, staffPage } from "./sessions";

// The server's clock: the real time until the test moves it past the periods to cancel.
let clock: Date | null = null;
const e2e = useE2E({ now: () => clock ?? new Date() });
const server = () => e2eTestServer(e2e) as TestServer;

const loanSection = (page: Page) => page.locator('section[aria-labelledby="loan"]');
const shotOf = (page: Page, name: string) =>
  loanSection(page).screenshot({ path: join(ARTIFACTS, `${name}.png`) });

describe("the loan from submitted to funded, two borrowers (e2e)", { timeout: 180_000 }, () => {
  it("takes a two-borrower household through conditions, approval, closing, the hold and funding", async () => {
    const loan = await submittedLoan(server(), {
      titleHolders: { borrowerOnTitle: true, coborrowerOnTitle: true, otherOwners: [] },
    });
    const maria = await pageWithSession(e2e, loan.borrower, 1280);
    const james = await pageWithSession(e2e, loan.coborrower, 1280);

    // Submitted: the submitted page leads to the loan's own page.
    await maria.goto("/app/application/submitted");
    await maria.getByRole("link", { name: /^Your loan: where it is/ }).click();
    await maria.waitForURL("**/app/loan");
    await maria.getByText("Submitted", { exact: true }).waitFor();
    await screenshot(maria, "journey-01-submitted");

    // A processor starts the review and asks a condition of each borrower.
    const processor = await staffPage(e2e, "processor");
    await processor.goto(`/portal/applications/${loan.applicationId}`);
    await loanSection(processor).getByRole("button", { name: "Start the review" }).click();
    await loanSection(processor).getByText("In review", { exact: true }).waitFor();
    const ask = processor.getByRole("form", { name: "Ask for a condition" });
    // Asked with nothing chosen: the form names each missing field and sends nothing.
    await ask.getByRole("button", { name: "Ask the borrowers" }).click();
    await ask.getByText("Choose the condition to ask for.").waitFor();
    await ask.getByText("Choose at least one borrower to ask.").waitFor();
    await ask.getByLabel("Condition").selectOption("411");
    await ask.getByRole("checkbox", { name: "Maria Alvarez" }).check();
    await ask.getByRole("button", { name: "Ask the borrowers" }).click();
    const conditions = processor.getByRole("region", { name: "Conditions table" });
    await conditions.getByRole("row").nth(1).waitFor();
    await ask.getByLabel("Condition").selectOption("104");
    await ask.getByRole("checkbox", { name: "James Alvarez" }).check();
    await ask.getByLabel("Note to the borrower (optional)").fill("The Denver address on your credit report.");
    await ask.getByRole("button", { name: "Ask the borrowers" }).click();
    await conditions.getByRole("row").nth(2).waitFor();
    expect(await seriousA11yViolations(processor)).toEqual([]);
    await shotOf(processor, "journey-02-portal-conditions-asked");

    // Both borrowers are mailed (the outbox, then the mail itself).
    const requested = await e2e.server.services.db
      .select({ recipient: notificationOutbox.recipient, status: notificationOutbox.status })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.applicationId, loan.applicationId),
          eq(notificationOutbox.event, "conditionRequested"),
        ),
      );
    expect(requested.map((r) => [r.recipient, r.status]).sort()).toEqual([
      ["role:borrower", "sent"],
      ["role:coborrower", "sent"],
    ]);
    expect(newestMail(e2e.server.services.config.dataDir, loan.email)).toMatch(/bank statements/i);
    expect(newestMail(e2e.server.services.config.dataDir, loan.coEmail)).toMatch(/Explanation of an address/);

    // Maria uploads the statement from her loan page's link; James answers his in its form.
    await maria.goto("/app/loan");
    await maria.getByRole("heading", { level: 2, name: "What we need from you" }).waitFor();
    await screenshot(maria, "journey-03-borrower-condition");
    await maria.getByRole("link", { name: "Upload it on your documents page" }).click();
    await maria
      .getByLabel(/^Upload most recent bank statements, all pages/)
      .first()
      .setInputFiles({
        name: "statement-october.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      });
    await maria.getByText("1 of 3 uploaded").first().waitFor();
    await maria.goto("/app/loan");
    await maria.getByText(/^You answered on /).waitFor();

    await james.goto("/app/loan");
    // The condition's form is drawn by the step renderer from its informationType's schema.
    const answer = james.getByRole("region", { name: "Explanation of an address" });
    await answer.getByRole("button", { name: "Send my answer" }).click();
    await answer.getByText("Your answer is required").waitFor();
    await answer
      .getByLabel("Your answer")
      .fill("I rented in Denver from 2019 to 2021 before we bought this home.");
    expect(await seriousA11yViolations(james)).toEqual([]);
    await screenshot(james, "journey-04-coborrower-answers");
    await answer.getByRole("button", { name: "Send my answer" }).click();
    await james.getByText(/^You answered on /).waitFor();

    // The processor sees both answered and clears them.
    await processor.reload();
    await expect
      .poll(() => conditions.getByText("Answered: to review", { exact: true }).count(), { timeout: 10_000 })
      .toBe(2);
    await conditions.getByText(/I rented in Denver/).waitFor();
    await conditions
      .getByRole("button", { name: /^Clear / })
      .first()
      .click();
    await expect.poll(() => conditions.getByText("Cleared", { exact: true }).count()).toBe(1);
    await conditions
      .getByRole("button", { name: /^Clear / })
      .first()
      .click();
    await expect.poll(() => conditions.getByText("Cleared", { exact: true }).count()).toBe(2);
    await shotOf(processor, "journey-05-portal-conditions-cleared");

    // An underwriter approves with terms: the form starts from the offer, the margin included.
    const underwriter = await staffPage(e2e, "underwriter");
    await underwriter.goto(`/portal/applications/${loan.applicationId}`);
    await loanSection(underwriter).getByRole("button", { name: "Approve with terms" }).click();
    const approve = underwriter.getByRole("form", { name: "Approve with terms" });
    const margin = approve.getByLabel("Margin over the index (%)");
    expect(await margin.inputValue()).toBe("1.24");
    // A blank margin is named on its field; nothing is approved.
    await margin.fill("");
    await approve.getByRole("button", { name: "Approve" }).click();
    await approve.getByText("Enter the margin over the index (%).").waitFor();
    await margin.fill("1.24");
    expect(await seriousA11yViolations(underwriter)).toEqual([]);
    await shotOf(underwriter, "journey-06-portal-approve-form");
    await approve.getByRole("button", { name: "Approve" }).click();
    await loanSection(underwriter).getByText("Conditionally approved", { exact: true }).waitFor();
    await loanSection(underwriter)
      .getByText(/^Approved terms: .* margin 1\.24% over the index/)
      .waitFor();

    // Each borrower says whether the home is their principal dwelling, in their own session.
    for (const page of [maria, james]) {
      await page.goto("/app/loan");
      await page.getByText(/^Your approved line: /).waitFor();
      await page.getByRole("radio", { name: "Yes, I live in this home as my principal dwelling" }).check();
      await page.getByRole("button", { name: "Save my answer" }).click();
      await page.getByText(/^Your answer: /).waitFor();
    }
    await screenshot(maria, "journey-07-borrower-approved");

    // A closer clears to close and sends the package; each borrower signs it in their own session.
    const closer = await staffPage(e2e, "closer");
    await closer.goto(`/portal/applications/${loan.applicationId}`);
    await loanSection(closer).getByRole("button", { name: "Clear to close" }).click();
    await loanSection(closer).getByRole("button", { name: "Send the closing package" }).click();
    await loanSection(closer).getByText("Closing", { exact: true }).waitFor();
    for (const [page, name] of [
      [maria, "Maria Alvarez"],
      [james, "James Alvarez"],
    ] as const) {
      await page.goto("/app/loan");
      await page.getByText(/^Home equity line of credit agreement \(version /).click();
      await page.getByText(/margin of \*\*1\.24%\*\*/).waitFor();
      if (page === maria) await screenshot(maria, "journey-08-closing-package");
      await page.getByLabel("Type your full name to sign").fill(name);
      await page
        .getByRole("checkbox", { name: "I have read the closing documents and sign them electronically" })
        .check();
      await page.getByRole("button", { name: "Sign the closing documents" }).click();
      await page.getByText("You signed the closing documents.").waitFor();
    }

    // The closer records the in-person notarization: the account opens, each owner's last day shows.
    await closer.reload();
    const notary = closer.getByRole("form", { name: "Record the notarization" });
    await notary.getByLabel("Notary's name").fill("Dana Notary");
    await notary.getByLabel("Commission number").fill("CA-2456789");
    await notary.getByLabel("Date notarized").fill(homeToday(server()));
    await notary.getByLabel("Place (city and state)").fill("San Diego, CA");
    await notary.getByRole("button", { name: "Record the notarization" }).click();
    const periods = closer.getByRole("region", { name: "Each owner's period to cancel table" });
    await periods.getByRole("cell", { name: "Maria Alvarez", exact: true }).waitFor();
    await periods.getByRole("cell", { name: "James Alvarez", exact: true }).waitFor();
    // A draw during the hold is refused, with the reason.
    await loanSection(closer).getByRole("button", { name: "Fund the first draw" }).click();
    await closer
      .getByRole("alert")
      .getByText(/Every period to cancel has ended/)
      .waitFor();
    await shotOf(closer, "journey-09-portal-account-opened-held");
    for (const page of [maria, james]) {
      await page.goto("/app/loan");
      await page.getByText("Your line is open", { exact: true }).waitFor();
      await page.getByText(/^Maria Alvarez: may cancel until midnight on [A-Z][a-z]+day, /).waitFor();
      await page.getByText(/^James Alvarez: may cancel until midnight on [A-Z][a-z]+day, /).waitFor();
      await page
        .getByText("Your first draw is held until every owner's period to cancel has ended.")
        .waitFor();
    }
    expect(await seriousA11yViolations(james)).toEqual([]);
    await screenshot(james, "journey-10-coborrower-cancellation-dates");

    // The clock moves past the last owner's period (the server's injected clock, never a sleep).
    const opened = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    const releasable = opened
      .rightToCancel!.owners.map((o) => o.period!.earliestDisbursementDate)
      .sort()
      .at(-1)!;
    clock = new Date(`${releasable}T17:00:00Z`);

    // Sessions ended in the quiet days: everyone signs in again.
    const closerAgain = await staffPage(e2e, "closer");
    await closerAgain.goto(`/portal/applications/${loan.applicationId}`);
    await closerAgain.getByText("Every period has ended: the first draw may be released.").waitFor();
    await loanSection(closerAgain).getByRole("button", { name: "Fund the first draw" }).click();
    await closerAgain.getByText(/^Funded .*: \$25,000 released to the account ending 6789\.$/).waitFor();
    await shotOf(closerAgain, "journey-11-portal-funded");
    for (const [who, email, password, name] of [
      ["maria", loan.email, loan.passwords.borrower, "journey-12-borrower-funded"],
      ["james", loan.coEmail, loan.passwords.coborrower, "journey-13-coborrower-funded"],
    ] as const) {
      const api = apiBrowser(e2e.server.url);
      await api.auth("Applicant", "callback/credentials", { email, password });
      const page = await pageWithSession(e2e, api, who === "james" ? 390 : 1280);
      await page.goto("/app/loan");
      await page.getByText("Funded", { exact: true }).first().waitFor();
      await page.getByText(/^Funded: we released your first draw of \$25,000 on /).waitFor();
      await screenshot(page, name);
    }
    const [file] = await e2e.server.services.db
      .select({ milestone: loanFiles.milestone })
      .from(loanFiles)
      .where(eq(loanFiles.applicationId, loan.applicationId));
    expect(file!.milestone).toBe("funded");
  });
});
