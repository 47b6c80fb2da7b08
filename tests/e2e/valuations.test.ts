// Valuations in Chromium (issue 35 item 8): a closer records an appraisal with its report in the
// file's Loan section; the borrower's "Your loan" lists the copy and offers the waiver of the
// three-day timing. Screenshots of both, axe on both.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { inClosing } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { ARTIFACTS, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession, staffPage } from "./sessions";

const e2e = useE2E({ shared: true });
const server = () => e2eTestServer(e2e) as TestServer;

/** A closer's or processor's appraisal entered in the file's form, effective today in the home's time zone (returned). */
async function recordAppraisal(portal: Page, value: string): Promise<string> {
  const form = portal.getByRole("form", { name: "Record a valuation" });
  await form.getByLabel("Value (dollars)").fill(value);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  await form.getByLabel("Effective date").fill(today);
  await form.getByLabel("Provider or appraiser").fill("Pat Appraiser, CA-AR-1234");
  await form.getByLabel("Report (PDF or photo)").setInputFiles({
    name: "appraisal.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), randomBytes(2048)]),
  });
  await form.getByRole("button", { name: "Record the valuation and send the copy" }).click();
  return today;
}

describe("valuations (e2e)", { timeout: 120_000 }, () => {
  it("records an appraisal with its report from the portal; the borrower sees the copy and may waive the timing", async () => {
    const loan = await inClosing(server(), { freeAndClear: true });
    const portal = await staffPage(e2e, "closer");
    await portal.goto(`/portal/applications/${loan.applicationId}`);
    const section = portal.locator('section[aria-labelledby="loan"]');
    await recordAppraisal(portal, "612,000");
    const table = portal.getByRole("region", { name: "Valuations of the home table" });
    await table.getByRole("cell", { name: "$612,000" }).waitFor();
    await table.getByRole("cell", { name: /^Given / }).waitFor();
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await section.screenshot({ path: join(ARTIFACTS, "portal-loan-valuations.png") });

    const page = await pageWithSession(e2e, loan.borrower, 1280);
    await page.goto("/app/loan");
    await page.getByRole("heading", { level: 2, name: "Valuations of your home" }).waitFor();
    await page.getByText(/^Appraisal: \$612,000, effective .*: your copy was sent on /).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "loan-valuations");
    await page.getByRole("button", { name: "Waive the three-day timing" }).click();
    await page.getByText(/^You waived receiving the copies three business days before/).waitFor();
  });

  it("lists a copy without E-SIGN consent in the print-and-mail queue, where a processor records the day it was mailed", async () => {
    const loan = await inClosing(server(), { freeAndClear: true, consents: { coborrower: false } });
    const portal = await staffPage(e2e, "processor");
    await portal.goto(`/portal/applications/${loan.applicationId}`);
    const today = await recordAppraisal(portal, "598,000");
    const notices = portal.getByRole("region", { name: "Notices given on this file table" });
    await notices.getByText(/^To be mailed to .*\(No E-SIGN consent on file\)/).waitFor();
    const mailing = notices.getByRole("form", { name: /^Record the mailing of / });
    await mailing.getByLabel("Day mailed").fill(today);
    await mailing.getByRole("button", { name: "Record as mailed" }).click();
    await notices.getByText(/^Mailed .* to /).waitFor();
    await portal
      .getByRole("region", { name: "Valuations of the home table" })
      .getByRole("cell", { name: /^Given / })
      .waitFor();
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await notices.screenshot({ path: join(ARTIFACTS, "portal-loan-notices-mailed.png") });
  });
});
