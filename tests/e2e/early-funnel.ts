// The early funnel as an applicant walks it, from the home page to the mortgage balance (the
// offer preview is next), for the e2e tests that need an applicant further on. Pages are named by
// their steps (tests/helpers/routes.ts): a route product ops rename moves with the steps' files.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { pdfProse } from "../helpers/pdf";
import { routeOf } from "../helpers/routes";
import { newestMail, newestTextCode } from "../helpers/server";
import { answer, answerAll, choose, fieldBox, next } from "./answer";
import { dataDirOf } from "./browser";

export const unique = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** From the home page through name, email, home value and mortgage, to the foreclosure/bankruptcy question (has-fbm). */
export async function toDerogatoryQuestion(
  page: Page,
  o: { value: number; owed: number; firstName?: string; lastName?: string; email?: string },
) {
  await page.goto("/");
  await page.getByRole("link", { name: /Primary Home/ }).click();
  await page.waitForURL(`**${routeOf("name")}`);
  await answerAll(page, {
    "/user/firstName": o.firstName ?? "Dana",
    "/user/lastName": o.lastName ?? "Rivera",
  });
  await next(page, routeOf("email"));
  const email = o.email ?? unique((o.firstName ?? "dana").toLowerCase());
  await answer(page, "/user/email", email);
  await confirmEmail(page, email);
  await answer(page, "/setup/propertyValue", o.value);
  await next(page, routeOf("mortgageEstimate"));
  await answer(page, "/setup/mortgageEstimate", o.owed);
  await next(page, routeOf("hasFbm"));
}

/**
 * From the email step: "Email me a code", then the code mailed to `email` on the code page, on to
 * the home value (`to`), as an applicant reads it from their inbox.
 */
export async function confirmEmail(page: Page, email: string, to = routeOf("propertyValue")) {
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.waitForURL(`**${routeOf("emailVerify")}`);
  let code: string | null = null;
  for (let waited = 0; !code && waited < 10_000; waited += 100) {
    try {
      code = /code is (\d{6})/.exec(newestMail(dataDirOf(page.url()), email))?.[1] ?? null;
    } catch {
      await page.waitForTimeout(100);
    }
  }
  if (!code) throw new Error(`no code was mailed to ${email}`);
  await answer(page, "/otpCode", code);
  await page.getByRole("button", { name: "Confirm" }).click();
  // The disclosures come next in the early funnel, before its first question about the home and credit.
  await page.waitForURL((url) => [routeOf("earlyDisclosures"), to].includes(url.pathname));
  if (new URL(page.url()).pathname === routeOf("earlyDisclosures") && to !== routeOf("earlyDisclosures"))
    await readEarlyDisclosures(page, to);
  else await page.waitForURL(`**${to}`);
}

/**
 * The disclosures page (earlyDisclosures, 12 CFR 1026.40(b)): the important terms, and the CFPB
 * booklet, which must be opened before continuing (a Continue before is refused, naming it).
 */
export async function readEarlyDisclosures(page: Page, to = routeOf("propertyValue")) {
  const terms = page.locator('[data-document="heloc-important-terms"]');
  await terms.getByText("Important terms of our home equity line of credit").waitFor();
  // Before an offer, the plan's terms: the range of margins.
  await terms.getByText(/plus a margin of between \d+\.\d+% and \d+\.\d+%/).waitFor();
  const continueButton = page.getByRole("button", { name: "I have read them, continue" });
  await continueButton.click();
  await page
    .getByText(/Open “What you should know about home equity lines of credit” on this page/)
    .first()
    .waitFor();
  expect(new URL(page.url()).pathname).toBe(routeOf("earlyDisclosures"));
  await page
    .getByRole("button", { name: /^Open “What you should know about home equity lines of credit”/ })
    .click();
  await page.locator('[data-document="heloc-booklet"]').getByText("What a HELOC is").waitFor();
  await continueButton.click();
  await page.waitForURL(`**${to}`);
}

/** The early funnel from the home page to the offer preview; either variant (one asks how the home is used). */
export async function earlyFunnel(
  page: Page,
  o: {
    value: number;
    owed: number;
    firstName?: string;
    lastName?: string;
    email?: string;
    coborrower?: { firstName: string; lastName: string; email?: string };
  },
) {
  await toDerogatoryQuestion(page, o);
  // These questions move on when a choice is made (ui:options.autoAdvance).
  await choose(page, "/setup/hasFbm", false, routeOf("isSelfEmployed"));
  await choose(page, "/setup/isSelfEmployed", false, routeOf("creditRange"));
  await choose(page, "/setup/creditRange", "Excellent (760+)", routeOf("zip"));
  await answer(page, "/setup/zip", "95814");
  await page.getByRole("button", { name: "Next" }).click();
  // The page after the ZIP code: how the home is used (variant one), or the co-borrower question.
  await page.waitForURL((url) => [routeOf("propertyUsage"), routeOf("creditScore")].includes(url.pathname));
  if (new URL(page.url()).pathname === routeOf("propertyUsage")) {
    // Variant one: the home page's choice is already picked.
    await expect(
      fieldBox(page, "/setup/propertyUsage")
        .getByLabel(/Primary/)
        .isChecked(),
    ).resolves.toBe(true);
    await next(page, routeOf("creditScore"));
  }
  // One question on its page, which moves on when a choice is pressed.
  await choose(
    page,
    "/setup/hasCoborrower",
    Boolean(o.coborrower),
    o.coborrower ? routeOf("coborrower") : routeOf("mortgageBalance"),
  );
  if (o.coborrower) {
    await answerAll(page, {
      "/coborrower/firstName": o.coborrower.firstName,
      "/coborrower/lastName": o.coborrower.lastName,
      "/coborrower/email": o.coborrower.email ?? unique("sam"),
    });
    await next(page, routeOf("mortgageBalance"));
  }
  // Asked before as an estimate: the balance starts from it (prefill), to correct from the statement.
  await expect(fieldBox(page, "/setup/mortgageBalance").locator("input").inputValue()).resolves.toBe(
    `$${o.owed.toLocaleString("en-US")}`,
  );
}

/**
 * The account setup after the offer preview (steps setupPhone, setupVerify, setupConsent): the
 * mobile number, the code texted to it (read from the development SMS outbox), both consents and
 * the privacy statement's acknowledgment.
 * Ends on the application's first page.
 */
export async function accountSetup(
  page: Page,
  dataDir: string,
  { phone = "3035550199", onEachPage }: { phone?: string; onEachPage?: () => Promise<void> } = {},
) {
  await page.waitForURL(`**${routeOf("setupPhone")}`);
  await answer(page, "/user/phone", phone);
  await onEachPage?.();
  await next(page, routeOf("setupVerify"), "Text me a code");
  await answer(page, "/otpCode", newestTextCode(dataDir, phone));
  await onEachPage?.();
  await next(page, routeOf("setupConsent"), "Verify");
  await typePdfCode(page, "/consents/electronicCommunications/pdfCode");
  await answer(page, "/consents/electronicCommunications/accepted", true);
  await answer(page, "/consents/creditCheck/accepted", true);
  // The privacy statement, shown in full on the page (GLBA, 12 CFR 1016.4(a)): its receipt acknowledged.
  await answer(page, "/consents/privacyNotice/accepted", true);
  await onEachPage?.();
  await next(page, routeOf("application"), "Agree and continue");
}

/**
 * Opens the consent page's PDF link as a person does (the browser's own session) and types the code
 * printed in it: the E-SIGN consent's demonstration that they can open PDF records.
 */
export async function typePdfCode(page: Page, pointer: string) {
  const link = page.locator("a[data-pdf-check]").first();
  await link.waitFor();
  const res = await page.request.get(new URL((await link.getAttribute("href"))!, page.url()).toString());
  expect(res.headers()["content-type"]).toMatch(/application\/pdf/);
  const code = /Your code is (\d{6})/.exec(pdfProse(new Uint8Array(await res.body())))?.[1];
  expect(code, "the PDF prints a code").toBeTruthy();
  await answer(page, pointer, code!);
}

/**
 * The personal-info answers of a borrower ("user") or co-borrower, by field pointer, for answerAll.
 * The borrower's phone is not among them: it was given and verified on the account setup's phone page.
 */
export const person = (
  who: "user" | "coborrower",
  o: { dob: string; ssn: string; phone?: string; sameAddress?: boolean },
) => ({
  // In the page's order: the co-borrower's details ask the phone with the email, before the birth date.
  ...(who === "coborrower" && o.phone ? { [`/${who}/phone`]: o.phone } : {}),
  [`/${who}/dateOfBirth`]: o.dob,
  [`/${who}/ssn`]: o.ssn,
  [`/${who}/citizenship`]: "U.S. citizen",
  [`/${who}/maritalStatus`]: "Married",
  [`/${who}/militaryStatus`]: "None",
  // An address the same as one given before is chosen on the page (tests/e2e/answer.ts sameAs), not typed.
  ...(o.sameAddress
    ? {}
    : {
        [`/${who}/address/line1`]: "1200 Larimer Street",
        [`/${who}/address/city`]: "Sacramento",
        [`/${who}/address/state`]: "California",
        [`/${who}/address/zip`]: "95814",
        [`/${who}/yearsAtAddress`]: 6,
      }),
});

/** One job of an employment history list, by field pointer, for answerAll. */
export const job = (
  list: string,
  i: number,
  o: { employer: string; start: string; end?: string; base?: number; owned?: number },
) => ({
  [`${list}/${i}/employerName`]: o.employer,
  [`${list}/${i}/position`]: "Engineer",
  [`${list}/${i}/employerAddress`]: "100 Main Street, Denver, CO 80202",
  [`${list}/${i}/employerPhone`]: "3035550100",
  [`${list}/${i}/startDate`]: o.start,
  ...(o.end ? { [`${list}/${i}/endDate`]: o.end } : {}),
  ...(o.base !== undefined ? { [`${list}/${i}/base`]: o.base } : {}),
  ...(o.owned !== undefined ? { [`${list}/${i}/percentageOwned`]: o.owned } : {}),
});

/** "No" to every declaration but the two about occupancy and ownership, by field pointer. */
export const declarationsNo = (who: "user" | "coborrower") =>
  Object.fromEntries(
    [
      "hasSpecialBorrowerSellerRelationship",
      "hasBorrowedThirdPartyMoney",
      "wantsAnotherMortgage",
      "wantsAnotherLoan",
      "isPropertySubjectToLien",
      "isGuarantorOrCosigor",
      "hasOustandingJudgements",
      "hasFederalDebt",
      "isPartyToLawsuit",
      "hasConveyedForeclosure",
      "doneShortSale",
      "hasForeclosure",
      "hasBankruptcy",
    ].map((q) => [`/${who}/declarations/${q}`, false]),
  );

/** The join link of the newest invite mailed to `email`, as a path on the test server. */
export function joinLink(dataDir: string, email: string): string {
  const link = /https?:\/\/\S+?(\/app\/join\?token=[A-Za-z0-9_-]{43})/.exec(
    newestMail(dataDir, email, { containing: /\/app\/join\?token=/ }),
  )?.[1];
  if (!link) throw new Error("the invite mail holds no join link");
  return link;
}

/** A co-borrower's own consents, in their own browser: their intent to apply jointly, both consents and the privacy statement received, on their consent page; then on to their next page. */
export async function coborrowerConsents(
  page: Page,
  { onEachPage }: { onEachPage?: () => Promise<void> } = {},
) {
  await page.waitForURL((url) => url.pathname === routeOf("coborrowerConsent"), { timeout: 20_000 });
  await answer(page, "/coborrowerConsents/jointIntent/accepted", true);
  await typePdfCode(page, "/coborrowerConsents/electronicCommunications/pdfCode");
  await answer(page, "/coborrowerConsents/electronicCommunications/accepted", true);
  await answer(page, "/coborrowerConsents/creditCheck/accepted", true);
  await answer(page, "/coborrowerConsents/privacyNotice/accepted", true);
  await onEachPage?.();
  await page.getByRole("button", { name: "Agree and continue" }).click();
}

/**
 * A co-borrower the borrower answered for, in their own browser after their consents: their own
 * demographics and declarations (nobody answers those for them), then the review of what the
 * borrower answered about them, which they confirm; then on to their sign page.
 */
export async function coborrowerOwnPart(
  page: Page,
  name: string,
  { onEachPage }: { onEachPage?: () => Promise<void> } = {},
) {
  await page.waitForURL((url) => url.pathname === routeOf("application7"), { timeout: 20_000 });
  expect(await page.locator('[data-pointer^="/user/"]').count()).toBe(0);
  await answerAll(page, {
    "/coborrower/demographics/wontInformEthinicity": true,
    "/coborrower/demographics/wontInformRace": true,
    "/coborrower/demographics/wontInformGender": true,
  });
  await onEachPage?.();
  await next(page, routeOf("application8"));
  await answerAll(page, {
    "/coborrower/declarations/hasIntentToOccupy": true,
    "/coborrower/declarations/onwershipInterest": false,
    ...declarationsNo("coborrower"),
  });
  await onEachPage?.();
  await next(page, routeOf("coborrowerReview"));
  await page.getByRole("heading", { level: 1, name: "Review what the borrower told us about you" }).waitFor();
  // What the borrower answered about them, read-only, above the confirmation.
  await page.getByText(name).first().waitFor();
  await answer(page, "/coborrowerAttestation/accepted", true);
  await onEachPage?.();
  await next(page, routeOf("coborrowerSign"), "Confirm and continue");
}

/** The co-borrower's sign page: consent, acknowledgement and their typed name; then on to `after`. */
export async function coborrowerSigns(
  page: Page,
  signature: string,
  after: string,
  { onEachPage }: { onEachPage?: () => Promise<void> } = {},
) {
  await page.waitForURL((url) => url.pathname === routeOf("coborrowerSign"), { timeout: 20_000 });
  await answer(page, "/coborrowerEsign/consent/accepted", true);
  await answer(page, "/coborrowerEsign/disclosures/acknowledged", true);
  await answer(page, "/coborrowerEsign/acknowledgments/agreed", true);
  await answer(page, "/coborrowerEsign/signature/name", signature);
  await onEachPage?.();
  await next(page, after, "Sign and continue");
}
