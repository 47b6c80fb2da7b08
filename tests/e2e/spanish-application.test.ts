// The application's other pages in Spanish (issue 41): the account setup (phone, texted code,
// consents), each page of the application a borrower answers, the photo ID choice, the e-sign
// ceremony, the documents checklist, the first draw and the submitted page (what happens next), for a signed-in applicant who chose
// Español: each with no English left (english-left.ts) but the legal texts marked English. axe
// clean; a screenshot of each (spanish-app-<step>-1280).
import { describe, expect, it } from "vitest";
import { routeOf } from "../helpers/routes";
import { makeApplicant, signInApplicant } from "../helpers/accounts";
import { TWO_BORROWERS } from "../helpers/closing";
import { browser as apiBrowser } from "../helpers/server";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { pageWithSession } from "./sessions";
import { englishLeft, translatedEnglish, untranslatedEnglish } from "./english-left";

const e2e = useE2E({ shared: true });

/** An applicant of two borrowers whose next page is `status` (every page before it answered), signed in, reading Spanish. */
async function signedIn(status: string) {
  const doc = structuredClone(TWO_BORROWERS);
  doc.user.email = `ana.${crypto.randomUUID()}@example.com`;
  doc.coborrower.email = `rosa.${crypto.randomUUID()}@example.com`;
  const who = await makeApplicant(e2e.server.services, { email: doc.user.email, status, doc, walked: true });
  const api = apiBrowser(e2e.server.url);
  api.cookies.set("heloc.lang", "es");
  const signIn = await api.auth("Applicant", "callback/credentials", {
    email: who.email,
    password: who.password,
  });
  // A refused sign-in would show the funnel's first page to a visitor instead: say so here.
  expect(signIn.body.error).toBeUndefined();
  api.cookies.set("heloc.lang", "es");
  return pageWithSession(e2e, api, 1280);
}

/** The pages visited, in the application's order, and the Spanish heading each shows. */
const PAGES = [
  "setupPhone",
  "setupConsent",
  "application",
  "coborrowerInvite",
  "application2",
  "application3",
  "application4",
  "application5",
  "manualIncomeVerification",
  "debtConsolidation",
  "disclosures",
  "identityVerification",
  "incomeDocs",
  "loanDisbursement",
  "applicationSubmitted",
];

describe("the application's other pages in Spanish", { timeout: 400_000 }, () => {
  it("shows each page of the account setup and the application in Spanish, with no English left", async () => {
    const found: Record<string, string[]> = {};
    for (const stepId of PAGES) {
      // A page is open as the applicant's next one (an earlier page's address leads to the next page to answer).
      const page = await signedIn(stepId);
      await page.goto(routeOf(stepId), { waitUntil: "networkidle" });
      await page.locator("h1").first().waitFor();
      await page
        .getByText(/Cargando/)
        .first()
        .waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe(routeOf(stepId));
      await expect(page.evaluate("document.documentElement.lang")).resolves.toBe("es");
      const left = await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish]);
      if (left.length) found[stepId] = left;
      await screenshot(page, `spanish-app-${stepId}-1280`);
      expect({ stepId, axe: await seriousA11yViolations(page) }).toEqual({ stepId, axe: [] });
      await page.context().close();
    }
    expect(found).toEqual({});
  });
});
