// A decline in Chromium: the applicant who reports a recent foreclosure lands on the late-payment
// page, which shows the adverse action notice (principal reason, ECOA notice, creditor, agency) and
// downloads it as a PDF whose text says the same; portal staff see it among the notices sent; the
// public pages name the lender from its profile, with the sample banner in development.
import { describe, expect, it } from "vitest";
import { applicationStore } from "@server/persistence/store/applications";
import { dateIn } from "@server/features/esign/rescission";
import { homeTimeZone } from "@server/features/esign/right-to-cancel";
import { pdfPages, pdfProse } from "../helpers/pdf";
import { choose } from "./answer";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { toDerogatoryQuestion } from "./early-funnel";
import { downloaded, staffPage } from "./sessions";

const e2e = useE2E({ shared: true });

const ECOA =
  "The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract)";

describe("adverse action notice and lender profile (e2e)", { timeout: 60_000 }, () => {
  it("asks to confirm the answer before any decision; going back to correct it lets the applicant go on", async () => {
    const { page } = await e2e.page(1280, { bypassCSP: true });
    await toDerogatoryQuestion(page, { value: 500000, owed: 200000 });
    await choose(page, "/setup/hasFbm", true, "/app/ineligible/late-payment");
    const ask = page.getByRole("region", { name: "Is your answer right?" });
    await ask
      .getByText("Foreclosure, bankruptcy or a late mortgage payment within the last 12 months", {
        exact: false,
      })
      .waitFor();
    expect(await page.getByRole("region", { name: "Notice of action taken" }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "decline-confirmation");
    await ask.getByRole("button", { name: "Go back and correct it" }).click();
    await page.waitForURL((url) => url.pathname === "/app/initial-setup/has-fbm");
    await choose(page, "/setup/hasFbm", false, "/app/initial-setup/is-self-employed");
  });

  it("shows the principal reason and the ECOA notice on the ineligible page once the answer is confirmed, mailed on paper", async () => {
    const { page } = await e2e.page(1280, { bypassCSP: true });
    await toDerogatoryQuestion(page, { value: 500000, owed: 200000 });
    await choose(page, "/setup/hasFbm", true, "/app/ineligible/late-payment");
    const ask = page.getByRole("region", { name: "Is your answer right?" });
    // Confirming without an address is refused by the server, naming the field; nothing is recorded.
    await ask.getByRole("button", { name: "Confirm my answer" }).click();
    await ask.getByText("Tell us where to mail your notice", { exact: false }).first().waitFor();
    await ask.getByLabel("Street address").fill("12 Elm Street");
    await ask.getByLabel("City").fill("Springfield");
    await ask.getByLabel("State (two letters, e.g. CA)").fill("IL");
    await ask.getByLabel("ZIP code").fill("62701");
    await ask.getByRole("button", { name: "Confirm my answer" }).click();
    const notice = page.getByRole("region", { name: "Notice of action taken" });
    await notice
      .getByText("Foreclosure, bankruptcy or a late mortgage payment within the last 12 months", {
        exact: false,
      })
      .waitFor();
    const text = await notice.innerText();
    expect(text).toContain(
      "The Federal Equal Credit Opportunity Act prohibits creditors from discriminating",
    );
    expect(text).toContain("Federal Trade Commission, Equal Credit Opportunity, Washington, DC 20580");
    expect(text).toContain("Sample Lender, LLC (sample data), NMLS ID");
    expect(text).toContain("We are sending you this notice on paper");
    expect(text).toContain("12 Elm Street");
    expect(await ask.count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "adverse-action-notice");

    // The notice downloads as a PDF whose text has the reasons and the ECOA notice (read offline: tests/helpers/pdf.ts).
    const pdf = await downloaded(
      page,
      notice.getByRole("link", { name: "Download this notice (PDF)" }),
      "notice-of-action-taken.pdf",
    );
    expect(await pdfPages(pdf)).toBeGreaterThanOrEqual(1);
    const pdfText = pdfProse(pdf);
    expect(pdfText).toContain("Foreclosure, bankruptcy or a late mortgage payment within the last 12 months");
    expect(pdfText).toContain(ECOA);
    expect(pdfText).toContain("Federal Trade Commission, Equal Credit Opportunity, Washington, DC 20580");
    expect(pdfText).toContain("notify you of our decision within 30 days");
  });

  it("lists the notice among the notices sent in the portal, with its PDF", async () => {
    const page = await staffPage(e2e, "processor");
    await page.goto("/portal/notices");
    await page.getByRole("heading", { level: 1, name: "Notices sent" }).waitFor();
    const table = page.getByRole("region", { name: "Adverse action notices sent table" });
    await table
      .getByText("Foreclosure, bankruptcy or a late mortgage payment within the last 12 months", {
        exact: false,
      })
      .first()
      .waitFor();
    expect(await table.getByRole("link", { name: /^PDF of the notice to / }).count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "portal-notices-sent");

    // The paper notice waits in the file's print-and-mail queue until staff with notices.mail record
    // the day they mailed it; a day after today is refused at the field, and nothing is saved.
    const closer = await staffPage(e2e, "closer");
    const href = (await table
      .getByRole("link", { name: /^(?!PDF)/ })
      .first()
      .getAttribute("href"))!;
    await closer.goto(href);
    // "Today" is the home's (server/features/decisions/decline-mail.ts), not this machine's.
    const services = e2e.server.services;
    const app = await applicationStore(services).byId(services.db, href.split("/").pop()!);
    const today = dateIn(new Date(), homeTimeZone(services.defs, app!.doc));
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const notices = closer.getByRole("region", { name: "Adverse action notices table" });
    await notices
      .getByText(/^To be mailed to 12 Elm Street, Springfield, IL 62701/)
      .first()
      .waitFor();
    const record = notices.getByRole("form", { name: /^Record the mailing of the notice given/ }).first();
    await record.getByLabel("Day mailed").fill(tomorrow);
    await record.getByRole("button", { name: "Record as mailed" }).click();
    await record.getByText(/The day mailed cannot be after today/).waitFor();
    expect(await seriousA11yViolations(closer)).toEqual([]);
    await screenshot(closer, "portal-early-decline-mail-refused");
    await record.getByLabel("Day mailed").fill(today);
    await record.getByRole("button", { name: "Record as mailed" }).click();
    await notices
      .getByText(/^Mailed .* to 12 Elm Street, Springfield, IL 62701/)
      .first()
      .waitFor();
    await screenshot(closer, "portal-early-decline-mailed");
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
    expect(await page.locator("main").innerText()).toContain(
      "for up to 7 years after we gave it. Email support@sample-lender.invalid",
    );
    await screenshot(page, "e-consent-one-text");
  });
});
