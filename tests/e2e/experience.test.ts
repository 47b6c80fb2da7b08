// Issue 38 in headless Chromium, as applicants meet it: each borrower walks their own path (a
// co-borrower who says she is self-employed after the borrower finished is asked about her business
// herself; the borrower's page says what and why when her change does ask something of him; the
// application submits at the last act); one offer from the first screen to the signature in each
// early-funnel variant (the offer's line, the mailed offer's and the disclosures' are the same
// figure; the draw chosen on the slider survives a reload and starts the first-draw page); nothing
// typed is lost (a reload in part 3 of personal info resumes there with parts 1 and 2 filled, and no
// SSN or account number is ever kept in the browser's storage). Screenshots at 390 and 1280 px land
// in tests/artifacts/experience/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newestMail } from "../helpers/server";
import { answer, answerAll, fieldBox, next, reveal, sameAs } from "./answer";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";
import {
  accountSetup,
  coborrowerConsents,
  coborrowerSigns,
  declarationsNo,
  earlyFunnel,
  job,
  joinLink,
  person,
  unique,
} from "./early-funnel";

const e2e = useE2E({ shared: true });

const SHOTS = join(ARTIFACTS, "experience");
mkdirSync(SHOTS, { recursive: true });

/** Screenshots at a phone's and a desktop's width, each checked for a page wider than the screen; the page keeps its width after. */
async function shots(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  for (const w of [390, 1280]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${w}.png`), fullPage: true });
    await expect(
      page.evaluate("document.documentElement.scrollWidth > window.innerWidth"),
      `${name} runs off a ${w} px screen`,
    ).resolves.toBe(false);
  }
  await page.setViewportSize({ width, height: 900 });
}

/** Every value the page's origin keeps in localStorage, sessionStorage and IndexedDB, as one text. */
async function browserStorage(page: Page): Promise<string> {
  // Browser code as a string: tests/ has no DOM types.
  return (await page.evaluate(`(async () => {
    const out = [];
    for (const store of [localStorage, sessionStorage])
      for (let i = 0; i < store.length; i++) out.push(store.key(i) + "=" + store.getItem(store.key(i)));
    const dbs = indexedDB.databases ? await indexedDB.databases() : [];
    for (const { name } of dbs) {
      const db = await new Promise((ok, ko) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = ko; });
      for (const storeName of db.objectStoreNames) {
        const all = await new Promise((ok) => { const r = db.transaction(storeName).objectStore(storeName).getAll(); r.onsuccess = () => ok(r.result); });
        out.push(name + "/" + storeName + "=" + JSON.stringify(all));
      }
      db.close();
    }
    return out.join("\\n");
  })()`)) as string;
}

/** The application from personal info to the sign page for one borrower (a salaried primary-home owner). */
async function applicationOfOne(page: Page) {
  await answerAll(page, {
    ...person("user", { dob: "03/14/1984", ssn: "512346789" }),
    "/setup/hasCoborrower": false,
  });
  await next(page, "/app/application/2");
  const line1 = await fieldBox(page, "/property/line1").locator("input").inputValue();
  if (line1 === "") await sameAs(page, "/property", "1200 Larimer Street, Sacramento: where you live");
  await answerAll(page, {
    "/property/propertyType": "Single Family",
    "/property/fees": 0,
    "/isInTrust": false,
  });
  await next(page, "/app/application/3");
  await answer(page, "/user/ownsOtherRealEstate", false);
  await next(page, "/app/application/4");
  await answerAll(
    page,
    job("/user/employments", 0, { employer: "Acme Health", start: "01/15/2019", base: 98000 }),
  );
  await next(page, "/app/application/other-income");
  await next(page, "/app/application/debt-consolidation");
  await next(page, "/app/application/6");
  await next(page, "/app/application/7");
  await answerAll(page, { "/user/declarations/onwershipInterest": false, ...declarationsNo("user") });
  await next(page, "/app/application/sign");
}

describe("issue 38: an applicant who can always come back (e2e)", { timeout: 420_000 }, () => {
  it("keeps the finished borrower finished when the co-borrower answers self-employed; says what and why when her change needs him; submits at her signature", async () => {
    const borrower = (await e2e.page(1280, { bypassCSP: true })).page;
    const samEmail = unique("sam.lee");
    await earlyFunnel(borrower, {
      value: 640000,
      owed: 250000,
      firstName: "Alex",
      lastName: "Doe",
      coborrower: { firstName: "Sam", lastName: "Lee", email: samEmail },
    });
    await next(borrower, "/app/initial-setup/preview-offer");
    await next(borrower, "/app/initial-setup/phone", "Continue to application");
    await accountSetup(borrower, e2e.server.services.config.dataDir, { phone: "3035550142" });
    await answerAll(borrower, person("user", { dob: "03/14/1984", ssn: "512346789" }));
    await next(borrower, "/app/application/invite-coborrower");
    await answer(borrower, "/coborrowerInvite/answeredBy", "Invite them by email to answer their own part");
    await borrower.getByRole("button", { name: "Next" }).click();
    await borrower.waitForURL((url) => url.pathname === "/app/application/2", { timeout: 20_000 });
    await answerAll(borrower, {
      "/property/line1": "1200 Larimer Street",
      "/property/city": "Sacramento",
      "/property/state": "California",
      "/property/zip": "95814",
      "/property/propertyType": "Single Family",
      "/property/propertyUsage": "Primary Residence",
      "/property/value": 640000,
      "/property/fees": 0,
      "/titleHolders/borrowerOnTitle": true,
      "/titleHolders/coborrowerOnTitle": true,
      "/isInTrust": false,
    });
    await next(borrower, "/app/application/3");
    await answer(borrower, "/user/ownsOtherRealEstate", false);
    await next(borrower, "/app/application/4");
    await answerAll(
      borrower,
      job("/user/employments", 0, { employer: "Acme", start: "08/15/2016", base: 91000 }),
    );
    await next(borrower, "/app/application/other-income");
    await next(borrower, "/app/application/debt-consolidation");
    await next(borrower, "/app/application/6");
    await next(borrower, "/app/application/7");
    await answerAll(borrower, { "/user/declarations/onwershipInterest": false, ...declarationsNo("user") });
    await next(borrower, "/app/application/sign");
    await answer(borrower, "/esign/consent/accepted", true);
    await answer(borrower, "/esign/disclosures/acknowledged", true);
    await answer(borrower, "/esign/acknowledgments/agreed", true);
    await answer(borrower, "/esign/signature/borrowerName", "Alex Doe");
    await next(borrower, "/app/application/identity-verification", "Sign and continue");
    await answer(borrower, "/identityVerification/borrower/idType", "Driver's license");
    await next(borrower, "/app/application/upload");
    await next(borrower, "/app/application/loan-disbursement", /upload later|Continue/);
    await answerAll(borrower, {
      "/disbursement/drawAmount": 25000,
      "/disbursement/bankAccount/holderName": "Alex Doe",
      "/disbursement/bankAccount/accountType": "Checking",
      "/disbursement/bankAccount/routingNumber": "021000021",
      "/disbursement/bankAccount/accountNumber": "123456789",
      "/disbursement/accountNumberConfirm": "123456789",
      "/disbursement/rescission/acknowledged": true,
    });
    // Everything of his is done: he waits for Sam.
    await next(borrower, "/app/application/awaiting-signatures", "Submit my application");

    // Sam joins in his own browser and gives his own answers.
    const sam = (await e2e.page(1280, { bypassCSP: true })).page;
    await sam.goto(joinLink(e2e.server.services.config.dataDir, samEmail));
    await sam.getByRole("button", { name: "Accept and continue" }).click();
    await coborrowerConsents(sam);
    await sam.waitForURL((url) => url.pathname === "/app/application/coborrower", { timeout: 20_000 });
    // His legal first name is Samuel: a name Alex's signature covered, so Alex signs again.
    await answerAll(sam, {
      "/coborrower/firstName": "Samuel",
      ...person("coborrower", {
        dob: "07/02/1986",
        ssn: "623457890",
        phone: "7205550199",
        sameAddress: true,
      }),
    });
    await sameAs(
      sam,
      "/coborrower/address",
      "1200 Larimer Street, Sacramento: the home this line of credit is for",
    );
    await answer(sam, "/coborrower/yearsAtAddress", 6);
    await next(sam, "/app/application/3");

    // Alex's page says exactly what changed and why he is needed.
    await borrower.goto("/app/application/awaiting-signatures");
    await borrower.waitForURL("**/app/application/sign");
    const because = borrower.locator("[data-because]");
    await because.waitFor();
    await expect(because.innerText()).resolves.toMatch(
      /Samuel Lee changed their first name on .+\. Your signature covered that answer, so it no longer counts/,
    );
    await expect(seriousA11yViolations(borrower)).resolves.toEqual([]);
    await shots(borrower, "borrower-sign-again");
    // He is mailed too once his address is proven (the sign-in code, issue 38 item 1): tests/api/own-paths.test.ts.
    await answer(borrower, "/esign/consent/accepted", true);
    await answer(borrower, "/esign/disclosures/acknowledged", true);
    await answer(borrower, "/esign/acknowledgments/agreed", true);
    await answer(borrower, "/esign/signature/borrowerName", "Alex Doe");
    // Only the signature was owed: he is back to waiting, nothing else asked again.
    await next(borrower, "/app/application/awaiting-signatures", "Sign and continue");

    // Sam is self-employed: his business is his to describe, in his own session.
    await answer(sam, "/coborrower/ownsOtherRealEstate", false);
    await next(sam, "/app/application/4");
    await answer(sam, "/coborrower/isSelfEmployed", true);
    await answerAll(
      sam,
      job("/coborrower/employments", 0, { employer: "Lee Studio LLC", start: "04/01/2018", owned: 60 }),
    );
    await next(sam, "/app/application/business-information");
    await shots(sam, "coborrower-business");
    // Alex's path stays finished: no business page, no "step 9 of 13".
    await borrower.goto("/app/application/business-information");
    await borrower.waitForURL("**/app/application/awaiting-signatures");
    await borrower.getByRole("heading", { level: 1 }).waitFor();
    expect(await borrower.locator("[data-because]").count()).toBe(0);

    await answerAll(sam, {
      "/coborrower/business/legalStructure": "Limited liability company (LLC)",
      "/coborrower/business/phone": "7205550123",
      "/coborrower/business/description": "Photography for weddings and families",
    });
    await sameAs(sam, "/coborrower/business/address", "1200 Larimer Street, Sacramento: the home address");
    await next(sam, "/app/application/other-income");
    await next(sam, "/app/application/6");
    await next(sam, "/app/application/7");
    await answerAll(sam, {
      "/coborrower/declarations/hasIntentToOccupy": true,
      "/coborrower/declarations/onwershipInterest": false,
      ...declarationsNo("coborrower"),
    });
    await sam.getByRole("button", { name: "Next" }).click();
    // His signature is the last act the application needs: it is submitted at once.
    await coborrowerSigns(sam, "Samuel Lee", "/app/application/identity-verification");
    await borrower.goto("/app/application/awaiting-signatures");
    await borrower.waitForURL("**/app/application/submitted");
    await borrower.getByRole("heading", { level: 1, name: /submitted/i }).waitFor();
  });

  for (const variant of ["variantOne", "variantTwo"])
    it(`prices ${variant} from the same answers: the offer's line, the mailed offer's and the disclosures' agree; the draw chosen reaches the first-draw page`, async () => {
      const config = e2e.server.services.config;
      const before = config.funnelVariant;
      config.funnelVariant = variant;
      try {
        const { page } = await e2e.page(1280, { bypassCSP: true });
        const email = unique("dana");
        await earlyFunnel(page, { value: 640000, owed: 250000, email });
        await next(page, "/app/initial-setup/preview-offer");
        const line = page.locator(".offer__figures dd").first();
        await line.waitFor();
        const offered = (await line.textContent())!;
        expect(offered).toBe("$294,000"); // 85% of $640,000 less $250,000: the home page's "Primary Home"
        // The mailed offer: the same figure.
        await page.getByRole("button", { name: "Email me this offer" }).click();
        await page.getByText(/We emailed this estimate/).waitFor();
        expect(newestMail(config.dataDir, email, { containing: /Line amount/ })).toContain(
          `Line amount up to: ${offered}`,
        );
        // The draw chosen on the slider is an answer: a reload keeps it.
        await page.getByLabel(/Or type an amount/).fill("50000");
        await page.getByLabel(/Or type an amount/).blur();
        await expect.poll(() => page.locator("[data-draw-amount]").textContent()).toBe("$50,000");
        await page.waitForTimeout(500); // the draft is written a moment after the change
        await page.reload();
        await page.locator("[data-draw-amount]").waitFor();
        await expect.poll(() => page.locator("[data-draw-amount]").textContent()).toBe("$50,000");
        await shots(page, `offer-${variant}`);
        await next(page, "/app/initial-setup/phone", "Continue to application");
        await accountSetup(page, config.dataDir, { phone: "3035550142" });
        await applicationOfOne(page);
        // The disclosures state the same line.
        await page.getByText(`Your credit limit is ${offered}`).first().waitFor();
        await answer(page, "/esign/consent/accepted", true);
        await answer(page, "/esign/disclosures/acknowledged", true);
        await answer(page, "/esign/acknowledgments/agreed", true);
        await answer(page, "/esign/signature/borrowerName", "Dana Rivera");
        await next(page, "/app/application/identity-verification", "Sign and continue");
        await answer(page, "/identityVerification/borrower/idType", "Driver's license");
        await next(page, "/app/application/upload");
        await next(page, "/app/application/loan-disbursement", /upload later|Continue/);
        // The first draw starts from the draw chosen on the offer, and the line is the offer's.
        await expect(fieldBox(page, "/disbursement/drawAmount").locator("input").inputValue()).resolves.toBe(
          "$50,000",
        );
        await page.getByText(offered).first().waitFor();
        await answerAll(page, {
          "/disbursement/bankAccount/accountType": "Checking",
          "/disbursement/bankAccount/routingNumber": "021000021",
          "/disbursement/bankAccount/accountNumber": "987654321",
        });
        await page.waitForTimeout(500);
        // Typed, not yet saved: the account number is nowhere in the browser's storage.
        expect(await browserStorage(page)).not.toContain("987654321");
        await shots(page, `first-draw-${variant}`);
      } finally {
        config.funnelVariant = before;
      }
    });

  it("resumes personal info at part 3 after a reload, parts 1 and 2 filled, and keeps no SSN in the browser", async () => {
    const { page } = await e2e.page(1280, { bypassCSP: true });
    await earlyFunnel(page, { value: 640000, owed: 250000 });
    await next(page, "/app/initial-setup/preview-offer");
    await next(page, "/app/initial-setup/phone", "Continue to application");
    await accountSetup(page, e2e.server.services.config.dataDir, { phone: "3035550142" });
    await answer(page, "/user/middleName", "Maria");
    await answerAll(page, { "/user/dateOfBirth": "03/14/1984", "/user/ssn": "512346789" });
    await reveal(page, "/user/citizenship");
    await answer(page, "/user/citizenship", "U.S. citizen");
    await page.waitForTimeout(500);
    expect(await browserStorage(page)).not.toMatch(/512346789|512-34-6789/);
    await page.reload();
    // Part 3, with what was typed there kept as a draft (no secret in it) ...
    const heading = page.locator("h2[data-section]");
    await heading.waitFor();
    await expect(heading.getAttribute("data-section")).resolves.toBe("personal-info.status");
    await expect(heading.innerText()).resolves.toMatch(/^Part 3 of/);
    await expect(
      fieldBox(page, "/user/citizenship").getByLabel("U.S. citizen", { exact: true }).isChecked(),
    ).resolves.toBe(true);
    await shots(page, "personal-info-resumed");
    // ... and parts 1 and 2 as saved on the server, the SSN masked.
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => heading.getAttribute("data-section")).toBe("personal-info.identity");
    await expect(fieldBox(page, "/user/dateOfBirth").locator("input").inputValue()).resolves.toBe(
      "03/14/1984",
    );
    await expect(fieldBox(page, "/user/ssn").locator("input").inputValue()).resolves.toMatch(/6789$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => heading.getAttribute("data-section")).toBe("personal-info.name");
    await expect(fieldBox(page, "/user/middleName").locator("input").inputValue()).resolves.toBe("Maria");
    expect(await browserStorage(page)).not.toMatch(/512346789|512-34-6789/);
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
  });
});
