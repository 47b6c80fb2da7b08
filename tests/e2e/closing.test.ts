// Closing, the account opening and funding in Chromium (issue 35, items 5, 6, 9): the borrower
// reads and signs the closing documents on "Your loan" in their own session, the co-borrower signs
// in theirs, staff record the in-person notarization on the file, which opens the account; the
// file and the borrower's page then show each owner's last day to cancel and the draw held, and a
// funding tried during the hold is refused. A file with nobody holding the right is funded from
// the portal and the borrower's page says "Funded". Screenshots of each milestone, axe on each page.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { homeToday, inClosing, openedLoan } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { ARTIFACTS, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession, staffPage } from "./sessions";

const e2e = useE2E({ shared: true });
const server = () => e2eTestServer(e2e) as TestServer;

describe("closing and funding (e2e)", { timeout: 120_000 }, () => {
  it("signs in each borrower's session, records the notarization, opens the account and shows each owner's last day; funding is refused during the hold", async () => {
    const loan = await inClosing(server());
    const page = await pageWithSession(e2e, loan.borrower, 1280);
    await page.goto("/app/loan");
    await page.getByRole("heading", { level: 1, name: "Your loan" }).waitFor();
    await page.getByText("Sign your closing documents", { exact: true }).waitFor();
    await page.getByText(/^Home equity line of credit agreement \(version /).click();
    await page
      .getByText(/credit limit of \*\*\$/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "loan-closing");
    await page.getByLabel("Type your full name to sign").fill("Maria Alvarez");
    await page
      .getByRole("checkbox", { name: "I have read the closing documents and sign them electronically" })
      .check();
    await page.getByRole("button", { name: "Sign the closing documents" }).click();
    await page.getByText("You signed the closing documents.").waitFor();
    await loan.coborrower.trpc.loan.signClosing.mutate({ typedName: "James Alvarez", agreed: true });

    const portal = await staffPage(e2e, "closer");
    await portal.goto(`/portal/applications/${loan.applicationId}`);
    const section = portal.locator('section[aria-labelledby="loan"]');
    const form = portal.getByRole("form", { name: "Record the notarization" });
    await form.getByLabel("Notary's name").fill("Dana Notary");
    await form.getByLabel("Commission number").fill("CA-2456789");
    // The server's today is the home's (California here): hours behind New York's around midnight.
    await form.getByLabel("Date notarized").fill(homeToday(server()));
    await form.getByLabel("Place (city and state)").fill("San Diego, CA");
    await section.screenshot({ path: join(ARTIFACTS, "portal-loan-notarization.png") });
    await form.getByRole("button", { name: "Record the notarization" }).click();
    const periods = portal.getByRole("region", { name: "Each owner's period to cancel table" });
    await periods.getByRole("cell", { name: "Maria Alvarez", exact: true }).waitFor();
    await portal.getByText("The first draw is held until every owner's period has ended.").waitFor();
    await section.getByText("Account opened", { exact: true }).waitFor();
    // Funding during the hold: refused, with the reason.
    await portal.getByRole("button", { name: "Fund the first draw" }).click();
    await portal
      .getByRole("alert")
      .getByText(/Every period to cancel has ended/)
      .waitFor();
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await section.screenshot({ path: join(ARTIFACTS, "portal-loan-account-opened.png") });

    await page.reload();
    await page.getByText("Your line is open", { exact: true }).waitFor();
    await page.getByText(/^Maria Alvarez: may cancel until midnight on [A-Z][a-z]+day, /).waitFor();
    await page.getByText(/^Rosa Alvarez: the notice was mailed/).waitFor();
    await page.getByText("Your first draw is held until every owner's period to cancel has ended.").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "loan-account-opened");
  });

  it("funds from the portal once nothing holds the draw, and the borrower sees Funded", async () => {
    const loan = await openedLoan(server(), {
      occupancy: { borrower: false, coborrower: false, "owner-1": false, "owner-2": false },
    });
    const portal = await staffPage(e2e, "closer");
    await portal.goto(`/portal/applications/${loan.applicationId}`);
    await portal.getByText("Every period has ended: the first draw may be released.").waitFor();
    await portal.getByRole("button", { name: "Fund the first draw" }).click();
    await portal.getByText(/^Funded .*: \$25,000 released to the account ending 6789\.$/).waitFor();
    const page = await pageWithSession(e2e, loan.borrower, 390);
    await page.goto("/app/loan");
    await page.getByText("Funded", { exact: true }).waitFor();
    await page.getByText(/^Funded: we released your first draw of \$25,000 on /).waitFor();
    expect(await page.evaluate("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "loan-funded-390");
  });
});
