// The co-borrower invite as two people meet it (issues 11 and 19), in headless Chromium against the
// real server: the borrower chooses to invite their co-borrower by email; the co-borrower opens the
// mailed link in their own browser, accepts, gives their own consents, answers only their own part
// and signs the disclosures themselves; the borrower's progress page shows them joined, with their
// steps done. axe runs on the join, consent, sign and progress pages; screenshots at 1280 and 390 px
// land in tests/artifacts/coborrower/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signatures } from "@server/persistence/db/schema";
import { newestMail } from "../helpers/server";
import { answer, answerAll, fieldBox, next, reveal, sameAs } from "./answer";
import { noteWords, wordsNoted } from "./asked";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";
import {
  accountSetup,
  coborrowerConsents,
  coborrowerSigns,
  declarationsNo,
  earlyFunnel,
  job,
  person,
  unique,
} from "./early-funnel";

const e2e = useE2E({ shared: true });

const SHOTS = join(ARTIFACTS, "coborrower");
mkdirSync(SHOTS, { recursive: true });

/** Screenshots of the page at a desktop and a phone width; the page keeps the phone width after. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    // Browser code as a string: tests/ has no DOM types.
    await expect(
      page.evaluate("document.documentElement.scrollWidth > window.innerWidth"),
      `${name} runs off a ${width} px screen`,
    ).resolves.toBe(false);
  }
}

/** Personal details of one borrower, as the personal-info and co-borrower-details steps ask them. */

/** The join link of the newest invite mailed to `email` (other mail may have come since), as a path on the test server. */
function inviteLink(email: string): string {
  const mail = newestMail(e2e.server.services.config.dataDir, email, { containing: /\/app\/join\?token=/ });
  const link = /https?:\/\/\S+?(\/app\/join\?token=[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  if (!link) throw new Error("the invite mail holds no join link");
  return link;
}

describe("inviting a co-borrower (e2e, headless Chromium)", { timeout: 240_000 }, () => {
  it("co-borrower invite accepted and used", async () => {
    // axe is injected as a script tag: these pages let it past the Content Security Policy.
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

    // The borrower chooses to invite Sam by email and carries on with their own part.
    await answer(borrower, "/coborrowerInvite/answeredBy", "Invite them by email to answer their own part");
    // The email given for Sam in the early funnel is the invite's already.
    await expect(fieldBox(borrower, "/coborrowerInvite/email").locator("input").inputValue()).resolves.toBe(
      samEmail,
    );
    await borrower.getByRole("button", { name: "Next" }).click();
    // Sam's details are his to give now: the borrower's pages go past them, to the property.
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

    // Sam opens the mailed link in his own browser, without a session.
    const sam = (await e2e.page(1280, { bypassCSP: true })).page;
    // Every page of his is noted for words that speak of him in the third person.
    await noteWords(sam, /your co-?borrower|co-?borrower's|their co-?borrower/);
    await sam.goto(inviteLink(samEmail));
    await sam
      .getByRole("heading", { level: 1, name: "Alex Doe invited you to apply together as co-borrower" })
      .waitFor();
    await sam.getByText(`s•••${samEmail.slice(samEmail.indexOf("@"))}`).waitFor();
    await expect(seriousA11yViolations(sam)).resolves.toEqual([]);
    await shots(sam, "join");
    await sam.setViewportSize({ width: 1280, height: 900 });

    await sam.getByRole("button", { name: "Accept and continue" }).click();
    // He gives his own consents first, in his own session: nobody else can give them for him.
    await coborrowerConsents(sam, {
      onEachPage: async () => {
        // His own copy of the privacy notice, in full, with his acknowledgment (12 CFR 1016.4(a)).
        await sam.getByText("Reasons we can share your personal information").first().waitFor();
        await sam.getByText("I have received and read the privacy statement").waitFor();
        await expect(seriousA11yViolations(sam)).resolves.toEqual([]);
        await shots(sam, "consent");
        await sam.setViewportSize({ width: 1280, height: 900 });
      },
    });
    await sam.waitForURL((url) => url.pathname === "/app/application/coborrower", { timeout: 20_000 });
    // Signed in as himself: the menu offers his application.
    await sam.getByRole("link", { name: "My application" }).waitFor();

    // Only his own section: his name as the borrower gave it, none of the borrower's answers.
    await fieldBox(sam, "/coborrower/firstName").waitFor();
    await expect(fieldBox(sam, "/coborrower/firstName").locator("input").inputValue()).resolves.toBe("Sam");
    expect(await sam.locator('[data-pointer^="/user/"]').count()).toBe(0);
    // His email is the address he joined with, which he signs in with: shown, not to be changed here.
    await reveal(sam, "/coborrower/email");
    const email = fieldBox(sam, "/coborrower/email").locator("input");
    await expect(email.inputValue()).resolves.toBe(samEmail);
    await expect(email.getAttribute("readonly")).resolves.not.toBeNull();
    await answerAll(sam, {
      ...person("coborrower", {
        dob: "07/02/1986",
        ssn: "623457890",
        phone: "7205550199",
        sameAddress: true,
      }),
    });
    // He lives in the home the line is for: its address is a choice (he cannot read where Alex lives).
    await expect(
      fieldBox(sam, "/coborrower/address")
        .locator("[data-same-as]")
        .getByText(/where you live/)
        .count(),
    ).resolves.toBe(0);
    await sameAs(
      sam,
      "/coborrower/address",
      "1200 Larimer Street, Sacramento: the home this line of credit is for",
    );
    await answer(sam, "/coborrower/yearsAtAddress", 6);
    await shots(sam, "details-home");
    await sam.setViewportSize({ width: 1280, height: 900 });
    await next(sam, "/app/application/3");
    // A step both borrowers answer shows him his question, not the borrower's.
    await fieldBox(sam, "/coborrower/ownsOtherRealEstate").waitFor();
    expect(await sam.locator('[data-pointer^="/user/"]').count()).toBe(0);
    await answer(sam, "/coborrower/ownsOtherRealEstate", false);
    await next(sam, "/app/application/4");
    await answer(sam, "/coborrower/isSelfEmployed", false);
    await answerAll(
      sam,
      job("/coborrower/employments", 0, {
        employer: "Front Range Schools",
        start: "08/15/2016",
        base: 71000,
      }),
    );
    await next(sam, "/app/application/other-income");
    await next(sam, "/app/application/6");
    await answerAll(sam, {
      "/coborrower/demographics/wontInformEthinicity": true,
      "/coborrower/demographics/wontInformRace": true,
      "/coborrower/demographics/wontInformGender": true,
    });
    await next(sam, "/app/application/7");
    await answerAll(sam, {
      "/coborrower/declarations/hasIntentToOccupy": true,
      "/coborrower/declarations/onwershipInterest": false,
      ...declarationsNo("coborrower"),
    });
    // He signs the disclosures himself, in his own session (the borrower's sign page has no place for his name).
    await sam.getByRole("button", { name: "Next" }).click();
    await coborrowerSigns(sam, "Sam Lee", "/app/application/identity-verification", {
      onEachPage: async () => {
        await expect(seriousA11yViolations(sam)).resolves.toEqual([]);
        await shots(sam, "sign");
        await sam.setViewportSize({ width: 1280, height: 900 });
      },
    });
    // He chooses the photo ID he will use himself (it is his part), then his documents are his own.
    await fieldBox(sam, "/identityVerification/coborrower/idType").waitFor();
    expect(await sam.locator('[data-pointer^="/identityVerification/borrower"]').count()).toBe(0);
    await answer(sam, "/identityVerification/coborrower/idType", "Passport");
    await shots(sam, "identity");
    await sam.setViewportSize({ width: 1280, height: 900 });
    await next(sam, "/app/application/upload");
    await sam.getByRole("heading", { level: 2, name: "Your documents" }).waitFor();
    await sam
      .getByText(/Front of your passport/)
      .first()
      .waitFor();
    await expect(seriousA11yViolations(sam)).resolves.toEqual([]);
    await shots(sam, "upload");
    await sam.setViewportSize({ width: 1280, height: 900 });

    // His pages spoke to him as "you", never of "your co-borrower" or "the co-borrower's" things.
    await sam.goto("/app/application/progress");
    await sam.getByRole("heading", { level: 1 }).waitFor();
    await sam.waitForTimeout(500);
    expect(await wordsNoted(sam)).toEqual([]);

    // The borrower's progress page: Sam has joined and his details are done.
    await borrower.goto("/app/application/progress");
    await borrower.getByRole("heading", { level: 1, name: "Your application's progress" }).waitFor();
    expect(new URL(borrower.url()).pathname).toBe("/app/application/progress");
    const samCard = borrower.locator('[data-role="coborrower"]');
    await samCard.getByRole("heading", { level: 2, name: "Your co-borrower, Sam Lee" }).waitFor();
    await samCard.getByText(/Joined/).waitFor();
    for (const step of ["coborrowerConsent", "application2", "coborrowerSign"])
      await expect(samCard.locator(`[data-step="${step}"]`).innerText(), step).resolves.toMatch(/Done/);
    const signed = await e2e.server.services.db.select().from(signatures);
    expect(signed.filter((r) => r.signer === "coborrower" && r.typedName === "Sam Lee")).toHaveLength(1);
    // His steps are his: the borrower has no link into them.
    expect(await samCard.getByRole("link").count()).toBe(0);
    await expect(
      borrower.locator('[data-role="borrower"]').getByRole("heading", { level: 2, name: "You" }).count(),
    ).resolves.toBe(1);
    // The property both share heads the page.
    await borrower.getByText("1200 Larimer Street, Sacramento, CA 95814").waitFor();
    await expect(seriousA11yViolations(borrower)).resolves.toEqual([]);
    await shots(borrower, "progress-borrower");

    // The link works once: opened again, it says so in the server's words, with the way to sign in.
    const later = (await e2e.page()).page;
    await later.goto(inviteLink(samEmail));
    await later.getByRole("heading", { level: 1, name: "This invite link does not work" }).waitFor();
    await later
      .getByRole("alert")
      .getByText(/already used/)
      .waitFor();
    await expect(
      later.getByRole("alert").getByRole("link", { name: "Go to sign in" }).getAttribute("href"),
    ).resolves.toBe("/app/login");
  });
});
