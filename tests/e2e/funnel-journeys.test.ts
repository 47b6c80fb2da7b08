// Whole journeys through the funnel in headless Chromium, as applicants make them: from the home
// page to the submitted page alone, and with a co-borrower, a rental property and self-employment;
// a low-equity applicant turned to the explanation page; an employment history with a 3-month gap
// refused until the gap is filled. Screenshots of every screen land in tests/artifacts/journeys/.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addItem, answer, answerAll, reveal, choose, fieldBox, next, sameAs } from "./answer";
import { askedTwice, noteQuestions, questionsAsked } from "./asked";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";
import {
  accountSetup,
  coborrowerConsents,
  coborrowerOwnPart,
  coborrowerSigns,
  declarationsNo,
  earlyFunnel,
  job,
  joinLink,
  person,
  toDerogatoryQuestion,
  unique,
} from "./early-funnel";

const e2e = useE2E({ shared: true });

const SHOTS = join(ARTIFACTS, "journeys");
mkdirSync(SHOTS, { recursive: true });
/** Screenshots of the page at a phone's and a desktop's width; the page goes back to the width it had. */
async function shot(page: Page, journey: string) {
  const name = new URL(page.url()).pathname.replace(/^\//, "").replace(/\//g, "_");
  const width = page.viewportSize()?.width ?? 1280;
  for (const w of [390, 1280]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${journey}-${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width, height: 900 });
}

/** Property Info for a single-family primary residence with no HOA, and no other real estate: to employment history. */
async function singleHomeOwner(page: Page) {
  // Never asked twice: the early funnel's home value and ZIP, and the home page's "Primary Home", come filled in.
  await fieldBox(page, "/property/value").waitFor();
  await expect(fieldBox(page, "/property/value").locator("input").inputValue()).resolves.toBe("$640,000");
  await expect(fieldBox(page, "/property/zip").locator("input").inputValue()).resolves.toBe("95814");
  await expect(
    fieldBox(page, "/property/propertyUsage").getByLabel("Primary Residence", { exact: true }).isChecked(),
  ).resolves.toBe(true);
  // Variant one asked how the home is used: the borrower lives there, so its street address is
  // theirs already; variant two did not, and the address where they live is a choice.
  const line1 = await fieldBox(page, "/property/line1").locator("input").inputValue();
  if (line1 === "") await sameAs(page, "/property", "1200 Larimer Street, Sacramento: where you live");
  await expect(fieldBox(page, "/property/line1").locator("input").inputValue()).resolves.toBe(
    "1200 Larimer Street",
  );
  await expect(
    fieldBox(page, "/property")
      .locator("[data-same-as]")
      .getByLabel("1200 Larimer Street, Sacramento: where you live")
      .isChecked(),
  ).resolves.toBe(true);
  await answerAll(page, {
    "/property/propertyType": "Single Family",
    "/property/fees": 0,
    "/isInTrust": false,
  });
  await next(page, "/app/application/3");
  await answer(page, "/user/ownsOtherRealEstate", false);
  await next(page, "/app/application/4");
}

/**
 * From the declarations' answers to the submitted page: the borrower signs (only their own name),
 * then income, ID, documents, first draw. With a co-borrower, the borrower waits for their
 * signature: the co-borrower opens the mailed link in their own browser, consents and signs, and
 * the application is submitted then.
 */
async function afterTheApplication(page: Page, journey: string, signers: string[], coborrowerEmail?: string) {
  await next(page, "/app/application/sign");
  // The tab names the page in plain words; "E-sign HECA" is the portal's name for it.
  await expect.poll(() => page.title()).toMatch(/^Sign the disclosures \| /);
  await expect(seriousA11yViolations(page)).resolves.toEqual([]);
  await shot(page, journey);
  await answer(page, "/esign/consent/accepted", true);
  await answer(page, "/esign/disclosures/acknowledged", true);
  await answer(page, "/esign/acknowledgments/agreed", true);
  await answer(page, "/esign/signature/borrowerName", signers[0]!);
  // Each borrower signs for themselves: the borrower's page has no place for the co-borrower's name.
  expect(await fieldBox(page, "/esign/signature/coborrowerName").count()).toBe(0);
  // Income verification is passed over: with connecting an account not offered, uploading documents is its only answer.
  await next(page, "/app/application/identity-verification", "Sign and continue");
  await answer(page, "/identityVerification/borrower/idType", "Driver's license");
  if (signers[1]) await answer(page, "/identityVerification/coborrower/idType", "Passport");
  await next(page, "/app/application/upload");
  await page
    .getByText(/bank statements/i)
    .first()
    .waitFor();
  await expect(seriousA11yViolations(page)).resolves.toEqual([]);
  // One bank statement, uploaded as a person picks a file: the checklist counts it.
  const statements = page
    .getByText(/bank statements, all pages/i)
    .first()
    .locator("xpath=ancestor::*[.//input[@type='file']][1]");
  await statements
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "statement-october.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
    });
  await statements.getByText("1 of 3 uploaded").waitFor();
  await shot(page, journey);
  await next(page, "/app/application/loan-disbursement", "I'll upload later");
  await answerAll(page, {
    "/disbursement/drawAmount": 25000,
    "/disbursement/bankAccount/holderName": signers[0]!,
    "/disbursement/bankAccount/accountType": "Checking",
    "/disbursement/bankAccount/routingNumber": "021000021",
    "/disbursement/bankAccount/accountNumber": "123456789",
    "/disbursement/accountNumberConfirm": "123456789",
    "/disbursement/rescission/acknowledged": true,
  });
  await shot(page, journey);
  if (coborrowerEmail) {
    // Not submitted yet: it waits for the co-borrower, who was mailed a link when the borrower signed.
    await next(page, "/app/application/awaiting-signatures", "Submit my application");
    await page.getByRole("heading", { level: 1, name: "Waiting for your co-borrower" }).waitFor();
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, journey);
    const { page: coborrower } = await e2e.page(390, { bypassCSP: true });
    await coborrower.goto(joinLink(e2e.server.services.config.dataDir, coborrowerEmail));
    await coborrower
      .getByText(/answered the home equity line of credit application for both of you/)
      .waitFor();
    await coborrower.getByRole("button", { name: "Accept and continue" }).click();
    await coborrowerConsents(coborrower);
    await coborrowerOwnPart(coborrower, signers[1]!, {
      onEachPage: async () => {
        await expect(seriousA11yViolations(coborrower)).resolves.toEqual([]);
        await shot(coborrower, `${journey}-coborrower`);
      },
    });
    await expect(seriousA11yViolations(coborrower)).resolves.toEqual([]);
    await coborrowerSigns(coborrower, signers[1]!, "/app/application/progress");
    await shot(coborrower, `${journey}-coborrower`);
    // The last signature submits the application: the borrower's next visit finds it submitted.
    await page.goto("/app/application/awaiting-signatures");
    await page.waitForURL("**/app/application/submitted");
  } else await next(page, "/app/application/submitted", "Submit my application");
  await page.getByRole("heading", { level: 1, name: /submitted/i }).waitFor();
  await shot(page, journey);
}

/**
 * The offer of a $640,000 home owing $250,000 with excellent credit (8.24%): a $294,000 line for a
 * primary residence (85%), in either variant: the home page's "Primary Home" is an answer, which
 * the variant that does not ask how the home is used prices from too.
 * The draw slider starts at the whole line; a typed draw and the keyboard move it, and the
 * interest-only payment follows (draw × 8.24% ÷ 12). "How we got this number" shows the rules' figures.
 */
async function offerSliderChangesThePayment(page: Page) {
  const payment = page.locator("[data-monthly-payment]");
  const line = await page.locator("[data-draw-amount]").textContent();
  expect(line).toBe("$294,000");
  await expect(payment.textContent()).resolves.toBe("$2,018.80");
  await page.getByLabel(/Or type an amount/).fill("100000");
  await expect(payment.textContent()).resolves.toBe("$686.67");
  const slider = page.getByRole("slider", { name: /Draw amount/ });
  await expect(slider.getAttribute("aria-valuetext")).resolves.toBe("$100,000");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider.getAttribute("aria-valuetext")).resolves.toBe("$100,100");
  await expect(payment.textContent()).resolves.toBe("$687.35");
  await page.keyboard.press("Home");
  await expect(payment.textContent()).resolves.toBe("$6.87");
  await page.getByText("How we got this number").click();
  await page.getByText("Your home's value, as you told us").waitFor();
  await expect(page.locator(".basis__total").textContent()).resolves.toContain(line);
}

describe("journeys through the funnel (e2e)", { timeout: 420_000 }, () => {
  it("takes a single borrower from the home page to the submitted page", async () => {
    // axe is injected as a script tag: this page lets it past the Content Security Policy.
    const { page } = await e2e.page(1280, { bypassCSP: true });
    const journey = "single";
    await noteQuestions(page);
    await earlyFunnel(page, { value: 640000, owed: 250000 });
    await next(page, "/app/initial-setup/preview-offer");
    await page
      .getByText(/Line amount/)
      .first()
      .waitFor();
    await offerSliderChangesThePayment(page);
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, journey);
    await next(page, "/app/initial-setup/phone", "Continue to application");
    // The account setup: a verified mobile number, then the consents (issue 11).
    await accountSetup(page, e2e.server.services.config.dataDir, {
      phone: "3035550142",
      onEachPage: async () => {
        await expect(seriousA11yViolations(page)).resolves.toEqual([]);
        await shot(page, journey);
      },
    });

    await answerAll(page, {
      ...person("user", { dob: "03/14/1984", ssn: "512346789" }),
      "/setup/hasCoborrower": false,
    });
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, journey);
    await next(page, "/app/application/2");
    await singleHomeOwner(page);
    // Self-employed was asked in the early funnel: the answer is there already.
    await expect(
      fieldBox(page, "/user/isSelfEmployed").getByLabel("No", { exact: true }).isChecked(),
    ).resolves.toBe(true);
    await answerAll(
      page,
      job("/user/employments", 0, { employer: "Acme Health", start: "01/15/2019", base: 98000 }),
    );
    await shot(page, journey);
    // Not self-employed: business information is skipped.
    await next(page, "/app/application/other-income");
    await next(page, "/app/application/debt-consolidation");
    await next(page, "/app/application/6");
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await next(page, "/app/application/7");
    // Declaration A (will you live in the home?) comes answered from the home's use: a primary residence.
    await expect(
      fieldBox(page, "/user/declarations/hasIntentToOccupy").getByLabel("Yes", { exact: true }).isChecked(),
    ).resolves.toBe(true);
    await answerAll(page, { "/user/declarations/onwershipInterest": false, ...declarationsNo("user") });
    await shot(page, journey);
    await afterTheApplication(page, journey, ["Dana Rivera"]);

    // No question was asked twice: each one shown again (the same field, or the same words) came answered.
    const asked = await questionsAsked(page);
    expect(asked.length).toBeGreaterThan(40);
    expect(askedTwice(asked)).toEqual([]);
    // The check knows the home's use and declaration A for one question: shown empty, A would be reported.
    const declarationA = asked.find((a) => a.pointer === "/user/declarations/hasIntentToOccupy")!;
    expect(declarationA.empty).toBe(false);
    expect(askedTwice(asked.map((a) => (a === declarationA ? { ...a, empty: true } : a)))).toEqual([
      expect.stringContaining("/user/declarations/hasIntentToOccupy"),
    ]);

    // The signed disclosures download as a PDF from the submitted page.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download your signed disclosures (PDF)" }).click();
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toBe("heloc-disclosures-signed.pdf");
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    // The summary opens from the submitted page and shows the answers, the SSN masked.
    await page.getByRole("link", { name: "Review your application" }).click();
    await page.waitForURL("**/app/application/application-summary");
    await page.getByText("Acme Health").first().waitFor();
    expect(await page.getByText("512-34-6789").count()).toBe(0);
    await shot(page, journey);

    // A returning visitor is sent to the submitted page, whatever page they open.
    await page.goto("/app/application/2");
    await page.waitForURL("**/app/application/submitted");
  });

  it("takes a borrower with a co-borrower, a rental property and self-employment to the submitted page", async () => {
    const { page } = await e2e.page(1280, { bypassCSP: true });
    const journey = "co-borrower";
    const samEmail = unique("sam.okafor");
    await earlyFunnel(page, {
      value: 820000,
      owed: 310000,
      coborrower: { firstName: "Sam", lastName: "Okafor", email: samEmail },
    });
    await next(page, "/app/initial-setup/preview-offer");
    await next(page, "/app/initial-setup/phone", "Continue to application");
    await accountSetup(page, e2e.server.services.config.dataDir, { phone: "3035550142" });

    await answerAll(page, person("user", { dob: "03/14/1984", ssn: "512346789" }));
    await reveal(page, "/setup/hasCoborrower");
    await expect(
      fieldBox(page, "/setup/hasCoborrower").getByLabel("Yes", { exact: true }).isChecked(),
    ).resolves.toBe(true);
    await next(page, "/app/application/invite-coborrower");
    // The borrower answers for the co-borrower here (the invite is tests/e2e/coborrower.test.ts).
    await answer(page, "/coborrowerInvite/answeredBy", "I'll answer for them, with them beside me");
    await next(page, "/app/application/coborrower");
    await expect(fieldBox(page, "/coborrower/firstName").locator("input").inputValue()).resolves.toBe("Sam");
    // Sam lives with Dana: their address is a choice, not typed again.
    await answerAll(
      page,
      person("coborrower", { dob: "07/02/1986", ssn: "623457890", phone: "7205550199", sameAddress: true }),
    );
    await sameAs(page, "/coborrower/address", "1200 Larimer Street, Sacramento: where you live");
    await expect(fieldBox(page, "/coborrower/address/line1").locator("input").inputValue()).resolves.toBe(
      "1200 Larimer Street",
    );
    await answer(page, "/coborrower/yearsAtAddress", 6);
    await shot(page, journey);
    await next(page, "/app/application/2");
    await answerAll(page, {
      "/property/line1": "1200 Larimer Street",
      "/property/city": "Sacramento",
      "/property/state": "California",
      "/property/zip": "95814",
      "/property/propertyType": "Single Family",
      "/property/propertyUsage": "Primary Residence",
      "/property/value": 820000,
      "/property/fees": 85,
      "/titleHolders/borrowerOnTitle": true,
      "/titleHolders/coborrowerOnTitle": true,
      "/isInTrust": false,
    });
    await next(page, "/app/application/3");

    // A rental property with three units and its mortgage.
    await answerAll(page, { "/user/ownsOtherRealEstate": true, "/coborrower/ownsOtherRealEstate": false });
    await addItem(page, "/propertyOwnership");
    await answerAll(page, {
      "/propertyOwnership/0/address/line1": "44 Pearl Street",
      "/propertyOwnership/0/address/city": "Boulder",
      "/propertyOwnership/0/address/state": "Colorado",
      "/propertyOwnership/0/address/zip": "80302",
      "/propertyOwnership/0/propertyType": "Multi Unit",
      "/propertyOwnership/0/propertyUsage": "Investment",
      "/propertyOwnership/0/status": "Retained",
      "/propertyOwnership/0/value": 910000,
      "/propertyOwnership/0/annualRentalIncome": 64800,
      "/propertyOwnership/0/monthlyTaxInsuranceAndDues": 780,
    });
    await addItem(page, "/propertyOwnership/0/mortgages");
    await answerAll(page, {
      "/propertyOwnership/0/mortgages/0/creditor": "Summit Bank",
      "/propertyOwnership/0/mortgages/0/balance": 402000,
      "/propertyOwnership/0/mortgages/0/monthlyPayment": 2650,
    });
    await shot(page, journey);
    await next(page, "/app/application/4");

    // A reload lands on the same page (the status's page); Back shows the saved rental property.
    await page.reload();
    await fieldBox(page, "/user/isSelfEmployed").waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/application/4");
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL("**/app/application/3");
    await expect(
      fieldBox(page, "/propertyOwnership/0/annualRentalIncome").locator("input").inputValue(),
    ).resolves.toBe("$64,800");
    await expect(
      fieldBox(page, "/propertyOwnership/0/mortgages/0/creditor").locator("input").inputValue(),
    ).resolves.toBe("Summit Bank");
    await next(page, "/app/application/4");

    // The borrower owns 60% of their business; the co-borrower is salaried.
    await answer(page, "/user/isSelfEmployed", true);
    await answerAll(
      page,
      job("/user/employments", 0, { employer: "Rivera Design LLC", start: "04/01/2018", owned: 60 }),
    );
    await answer(page, "/coborrower/isSelfEmployed", false);
    await answerAll(
      page,
      job("/coborrower/employments", 0, {
        employer: "Denver Public Schools",
        start: "08/15/2016",
        base: 71000,
      }),
    );
    await shot(page, journey);
    await next(page, "/app/application/business-information");
    await answerAll(page, {
      "/user/business/businessName": "Rivera Design LLC",
      "/user/business/legalStructure": "Limited liability company (LLC)",
      "/user/business/phone": "3035550177",
      "/user/business/address/line1": "1550 Wewatta Street",
      "/user/business/address/city": "Denver",
      "/user/business/address/state": "Colorado",
      "/user/business/address/zip": "80202",
      "/user/business/startDate": "04/01/2018",
      "/user/business/description": "Interior design for restaurants and offices",
    });
    await shot(page, journey);
    await next(page, "/app/application/other-income");

    // The rental income, with its three units: the property listed as other real estate is already
    // here as rental income (the step's prefill), so nothing is added.
    await expect(
      fieldBox(page, "/user/incomeSources/0/type").locator("select").inputValue(),
    ).resolves.not.toBe("");
    expect(await page.locator('[data-pointer^="/user/incomeSources/1"]').count()).toBe(0);
    await answer(page, "/user/incomeSources/0/type", "Rental income");
    await answer(page, "/user/incomeSources/0/otherValue", 64800);
    // The rental listed on the other-real-estate page is a choice: its address is not typed again.
    await sameAs(page, "/user/incomeSources/0/address", "44 Pearl Street, Boulder");
    await expect(
      fieldBox(page, "/user/incomeSources/0/address/zip").locator("input").inputValue(),
    ).resolves.toBe("80302");
    await answer(page, "/user/incomeSources/0/rentalUnits", 3);
    await shot(page, journey);
    await next(page, "/app/application/debt-consolidation");

    // A joint car loan to pay off.
    await addItem(page, "/liabilities");
    await answerAll(page, {
      "/liabilities/0/type": "Auto loan",
      "/liabilities/0/creditor": "Front Range Credit Union",
      "/liabilities/0/debtor": "Joint (both of you)",
      "/liabilities/0/balance": 18400,
      "/liabilities/0/monthlyPayment": 455,
      "/liabilities/0/toBePaidOff": true,
    });
    await shot(page, journey);
    await next(page, "/app/application/6");
    await answerAll(page, {
      "/user/demographics/isAsian": true,
      "/user/demographics/isKorean": true,
    });
    // The URLA's three groups, headed in its words with what each asks (issue 37, item 9); the
    // heading names the sex group, whose label is not shown a second time.
    for (const [name, help] of [
      ["Ethnicity", "Check one or more."],
      ["Race", "Check one or more."],
      ["Sex", "Check one or both."],
    ])
      await expect(
        page
          .getByRole("heading", { level: 3, name, exact: true })
          .locator("xpath=following-sibling::p[1]")
          .innerText(),
      ).resolves.toBe(help);
    const sex = page.getByRole("group", { name: "Sex", exact: true });
    await expect(sex.getByRole("checkbox").count()).resolves.toBe(2);
    await expect(sex.getAttribute("aria-describedby")).resolves.toBeTruthy();
    expect(await page.getByText("Sex", { exact: true }).count()).toBe(1);
    // Sam's demographics are his to give, in his own session: the borrower's page has no place for them.
    expect(await page.locator('[data-pointer^="/coborrower/demographics"]').count()).toBe(0);
    await shot(page, journey);
    await next(page, "/app/application/7");
    await answerAll(page, {
      "/user/declarations/hasIntentToOccupy": true,
      "/user/declarations/onwershipInterest": true,
      // Owning another property in the last 3 years asks its type and how title was held.
      "/user/declarations/otherPropertyType": "Investment property",
      "/user/declarations/otherPropertyTitle": "By yourself",
      ...declarationsNo("user"),
    });
    expect(await page.locator('[data-pointer^="/coborrower/declarations"]').count()).toBe(0);
    await shot(page, journey);
    await afterTheApplication(page, journey, ["Dana Rivera", "Sam Okafor"], samEmail);
  });

  it("changes the offer's monthly payment with the draw slider on a phone (390 px)", async () => {
    const { page } = await e2e.page(390, { bypassCSP: true });
    await earlyFunnel(page, { value: 640000, owed: 250000 });
    await next(page, "/app/initial-setup/preview-offer");
    await page
      .getByText(/Line amount/)
      .first()
      .waitFor();
    await offerSliderChangesThePayment(page);
    // A tap on the track's middle moves the draw there, and the payment with it.
    const slider = page.getByRole("slider", { name: /Draw amount/ });
    const payment = page.locator("[data-monthly-payment]");
    const before = await payment.textContent();
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => payment.textContent()).not.toBe(before);
    expect(await page.evaluate("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "offer-390");
  });

  it("sends a low-equity applicant to /app/ineligible/low-equity", async () => {
    const { page } = await e2e.page();
    await earlyFunnel(page, { value: 300000, owed: 260000 });
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL("**/app/ineligible/low-equity");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shot(page, "low-equity");
  });

  it("refuses an employment history with a 3-month gap until the gap is filled", async () => {
    const { page } = await e2e.page();
    const journey = "gap";
    await earlyFunnel(page, { value: 640000, owed: 250000 });
    await next(page, "/app/initial-setup/preview-offer");
    await next(page, "/app/initial-setup/phone", "Continue to application");
    await accountSetup(page, e2e.server.services.config.dataDir, { phone: "3035550142" });
    await answerAll(page, {
      ...person("user", { dob: "03/14/1984", ssn: "512346789" }),
      "/setup/hasCoborrower": false,
    });
    await next(page, "/app/application/2");
    await singleHomeOwner(page);

    // The current job since September 2025, the one before it ended in June 2025: three months missing.
    const thisYear = new Date().getUTCFullYear();
    const currentStart = `09/01/${thisYear - 1}`;
    const previousEnd = `06/01/${thisYear - 1}`;
    await answer(page, "/user/isSelfEmployed", false);
    await answerAll(
      page,
      job("/user/employments", 0, { employer: "Acme Health", start: currentStart, base: 98000 }),
    );
    await addItem(page, "/user/employments");
    await answerAll(
      page,
      job("/user/employments", 1, {
        employer: "Globex",
        start: `01/01/${thisYear - 4}`,
        end: previousEnd,
        base: 91000,
      }),
    );
    await page.getByRole("button", { name: "Next" }).click();
    const refusal = fieldBox(page, "/user/employments").getByText(/missing period/);
    await refusal.waitFor();
    await expect(refusal.innerText()).resolves.toContain(`${previousEnd} to ${currentStart}`);
    expect(new URL(page.url()).pathname).toBe("/app/application/4");
    await shot(page, journey);

    // A third entry for the gap: it ends where the missing period ends (the step's newItems), and
    // nothing is proposed for its start, which the applicant types.
    await addItem(page, "/user/employments");
    await expect(fieldBox(page, "/user/employments/2/endDate").locator("input").inputValue()).resolves.toBe(
      currentStart,
    );
    await expect(fieldBox(page, "/user/employments/2/startDate").locator("input").inputValue()).resolves.toBe(
      "",
    );
    await answerAll(
      page,
      job("/user/employments", 2, {
        employer: "Between jobs: studies",
        start: previousEnd,
        end: currentStart,
        base: 0,
      }),
    );
    await next(page, "/app/application/other-income");
  });

  it("moves a yes/no question on when a choice is pressed, but not on the keyboard, where Next stays", async () => {
    const { page } = await e2e.page(390);
    await toDerogatoryQuestion(page, { value: 500000, owed: 200000, firstName: "Kai", lastName: "Moreno" });
    // Keyboard: Space picks, the arrow keys move the choice, and nothing moves on until Next.
    const box = fieldBox(page, "/setup/hasFbm");
    await box.getByLabel("No", { exact: true }).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe("/app/initial-setup/has-fbm");
    await expect(box.getByLabel("No", { exact: true }).isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/app/initial-setup/is-self-employed");
    // A press (click or tap) on a card answers and moves on.
    await choose(page, "/setup/isSelfEmployed", false, "/app/initial-setup/credit-range");
  });
});
