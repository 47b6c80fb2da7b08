// The right to cancel in Chromium: once the account opens (the closing package signed by both
// borrowers and notarized: tests/helpers/closing.ts), an owner on the title opens
// "Your right to cancel", downloads their notice (two copies, the last day to cancel), and cancels
// with their typed name; the page then shows the cancellation, and every application page sends
// them back to it (the cancelled status's page, from the rules). Portal staff see each owner's
// notice on the file, and record the day a mailed notice reached its owner, which starts that
// owner's period. Screenshots at 1280 and 390 px, axe on each page.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openedLoan } from "../helpers/closing";
import { pdfProse } from "../helpers/pdf";
import type { TestServer } from "../helpers/server";
import { ARTIFACTS, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { downloaded, e2eTestServer, pageWithSession, staffPage } from "./sessions";

const e2e = useE2E({ shared: true });

/** An opened account on a home both borrowers and Rosa say is their principal dwelling; a browser page signed in as the borrower. */
async function signedOwner(width: number) {
  const loan = await openedLoan(e2eTestServer(e2e) as TestServer, {
    occupancy: { borrower: true, coborrower: true, "owner-1": true },
    titleHolders: {
      borrowerOnTitle: true,
      coborrowerOnTitle: true,
      otherOwners: [{ name: "Rosa Alvarez", livesInHome: true }],
    },
  });
  return { ...loan, api: loan.borrower, page: await pageWithSession(e2e, loan.borrower, width) };
}

describe("the right to cancel (e2e)", { timeout: 90_000 }, () => {
  it("gives the owner their notice as a PDF and lets them cancel; the application then stays on the cancellation", async () => {
    const { page, applicationId } = await signedOwner(1280);
    await page.goto("/app/right-to-cancel");
    await page.getByRole("heading", { level: 1, name: "Your right to cancel" }).waitFor();
    await page.getByText(/^You may cancel until midnight on [A-Z][a-z]+day, /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "right-to-cancel");

    const text = pdfProse(
      await downloaded(
        page,
        page.getByRole("link", { name: "Download your notice of the right to cancel (PDF, two copies)" }),
        "notice-of-right-to-cancel.pdf",
      ),
    );
    expect(text).toContain("Copy 1 of 2 for Maria Alvarez: keep this copy");
    expect(text).toContain("Copy 2 of 2 for Maria Alvarez");
    expect(text).toMatch(/you must send the notice no later than midnight of [A-Z][a-z]+day, /);

    // Asked without a name or the box checked, the form says what is missing and cancels nothing.
    await page.getByRole("button", { name: "Cancel my line of credit" }).click();
    await page.getByText("Type your full name to sign this cancellation").nth(1).waitFor();
    await page.getByLabel("Type your full name to sign this cancellation").fill("Maria Alvarez");
    await page.getByRole("checkbox", { name: "I wish to cancel this line of credit" }).check();
    await page.getByRole("button", { name: "Cancel my line of credit" }).click();
    await page
      .getByText(
        /^This line of credit was cancelled by Maria Alvarez on [A-Z][a-z]+day, .* under the right to cancel\. No money will be sent from it\.$/,
      )
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "right-to-cancel-cancelled");

    // The cancelled status's page (rules/funnel.json) is where every application page now leads.
    await page.goto("/app/application/submitted");
    await page.waitForURL("**/app/right-to-cancel");

    // Staff see each owner's notice and the cancellation on the file.
    const portal = await staffPage(e2e, "processor");
    await portal.goto(`/portal/applications/${applicationId}`);
    const notices = portal.getByRole("region", { name: "Notices of the right to cancel table" });
    await notices.getByRole("cell", { name: "Rosa Alvarez", exact: true }).waitFor();
    expect(await notices.getByRole("link", { name: "PDF, two copies for Rosa Alvarez" }).count()).toBe(1);
    await portal.getByText(/^Cancelled by Maria Alvarez \(online\)/).waitFor();
    expect(await seriousA11yViolations(portal)).toEqual([]);
    // The file is long: the picture is of its Notices section.
    await portal
      .locator('section[aria-labelledby="notices"]')
      .screenshot({ path: join(ARTIFACTS, "portal-file-notices.png") });
  });

  it("lets staff record the day the notice mailed to an owner who is not applying reached them, which starts that owner's period", async () => {
    const { api, applicationId } = await signedOwner(1280);
    const opened = (await api.trpc.rescission.mine.query()).period!.startDate;
    const portal = await staffPage(e2e, "processor");
    await portal.goto(`/portal/applications/${applicationId}`);
    const notices = portal.getByRole("region", { name: "Notices of the right to cancel table" });
    // Rosa owns the home but is not applying: she has no email, so her notice goes by post.
    await notices
      .getByRole("row", { name: /Rosa Alvarez/ })
      .getByText("To be mailed by us (no E-SIGN consent or proven address); delivery not recorded yet")
      .waitFor();
    await notices
      .getByRole("row", { name: /Rosa Alvarez/ })
      .getByText("Not started: no delivery recorded (the draw stays held)")
      .waitFor();
    await portal
      .getByText("The draw is held until every owner's period below has ended.", { exact: false })
      .waitFor();

    const form = portal.getByRole("form", { name: "Record a mailed notice's delivery" });
    await form.getByLabel("Owner the notice was mailed to").selectOption({ label: "Rosa Alvarez" });
    await form.getByLabel("Delivered on (the day the owner received it)").fill(opened);
    await form.getByRole("button", { name: "Record the delivery" }).click();
    await notices.getByText(/^Mailed by us; received [A-Z][a-z]{2} \d{1,2}, \d{4} \(recorded by /).waitFor();
    // Both borrowers' (e-delivered at the opening) and Rosa's periods run.
    expect(await notices.getByText(/^To midnight on [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(3);
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await portal
      .locator('section[aria-labelledby="notices"]')
      .screenshot({ path: join(ARTIFACTS, "portal-file-notice-delivery.png") });
  });

  it("fits a phone's width", async () => {
    const { page } = await signedOwner(390);
    await page.goto("/app/right-to-cancel");
    await page.getByRole("button", { name: "Cancel my line of credit" }).waitFor();
    expect(await page.evaluate("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
    await screenshot(page, "right-to-cancel-390");
  });
});
