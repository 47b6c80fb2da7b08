// A decline in Chromium: the applicant who reports a recent foreclosure lands on the late-payment
// page, which shows the adverse action notice (principal reason, ECOA notice, creditor, agency);
// the public pages name the lender from its profile, with the sample banner in development.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choose } from "./answer";
import { screenshot, seriousA11yViolations, startE2E, type E2E } from "./browser";
import { toDerogatoryQuestion } from "./early-funnel";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ shared: true });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});

describe("adverse action notice and lender profile (e2e)", { timeout: 60_000 }, () => {
  it("shows the principal reason and the ECOA notice on the ineligible page after a decline", async () => {
    const { page } = await e2e.page(1280, { bypassCSP: true });
    await toDerogatoryQuestion(page, { value: 500000, owed: 200000 });
    await choose(page, "/setup/hasFbm", true, "/app/ineligible/late-payment");
    const notice = page.getByRole("region", { name: "Notice of action taken" });
    await notice.getByText("Foreclosure, bankruptcy or a late mortgage payment within the last 12 months", { exact: false }).waitFor();
    const text = await notice.innerText();
    expect(text).toContain("The Federal Equal Credit Opportunity Act prohibits creditors from discriminating");
    expect(text).toContain("Federal Trade Commission, Equal Credit Opportunity, Washington, DC 20580");
    expect(text).toContain("Sample Lender, LLC (sample data), NMLS ID");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "adverse-action-notice");
  });

  it("names the lender from its profile on the public pages, with the sample banner", async () => {
    const { page } = await e2e.page();
    await page.goto("/license");
    await page.getByRole("heading", { name: "Licensing and disclosures" }).waitFor();
    const body = await page.locator("main").innerText();
    expect(body).toContain("Sample Lender, LLC (sample data) is a licensed lender");
    expect(body).not.toMatch(/\[[A-Z ]+\]|Note for the lender/);
    await expect(page.getByRole("note").innerText()).resolves.toMatch(/^Sample lender:/);
    await screenshot(page, "license-from-lender-profile");
    await page.goto("/e-consent");
    await page.getByRole("heading", { name: "Consent to electronic records and signatures" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("for up to 7 years after we gave it. Email support@sample-lender.invalid");
    await screenshot(page, "e-consent-one-text");
  });
});
