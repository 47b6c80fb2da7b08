// URLA section 9 in the portal, in headless Chromium against the real server with its demo data: an
// administrator sets the demo loan officer's loan originator profile (NMLS ID, work phone) on Manage
// users, a letter in the NMLS ID is refused at its field, and the assigned file shows the company and
// the officer with their NMLS ID. Fits a 390 px screen; axe finds no serious violation. Screenshots
// land in tests/artifacts/loan-originator/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO } from "@server/features/demo/seed";
import { mailedCode } from "../helpers/server";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ demo: true });
const SHOTS = join(ARTIFACTS, "loan-originator");
mkdirSync(SHOTS, { recursive: true });

async function signInAdmin(page: Page) {
  await page.goto("/portal/login");
  await page.getByLabel("Email address").fill(DEMO.portal.email);
  await page.getByLabel("Password").fill(DEMO.portal.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page
    .getByLabel("6-digit code")
    .fill(await mailedCode(e2e.server.services.config.dataDir, DEMO.portal.email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/portal");
}

async function fitsAndShoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    await expect(
      page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
    ).resolves.toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe(
  "the loan originator profile and section 9 in the portal (issue 37 item 8c, e2e)",
  { timeout: 180_000 },
  () => {
    it("sets the loan officer's NMLS ID on Manage users and shows it on the assigned file", async () => {
      const { page, context } = await e2e.page(1280, { bypassCSP: true });
      await signInAdmin(page);
      await page.goto("/portal/manage-users");
      const form = page.getByRole("form", { name: "Loan originator profile" });
      await form.waitFor();
      await form.getByLabel("Colleague").selectOption({ label: "Omar Officer (Loan officer)" });
      await form.getByLabel("NMLS ID").fill("20458A1");
      await form.getByRole("button", { name: "Save profile" }).click();
      await form.getByText("Enter the NMLS ID as its digits only.").waitFor();
      await form.getByLabel("NMLS ID").fill("2045871");
      await form.getByLabel("Work phone").fill("(415) 555-0199");
      await form.getByRole("button", { name: "Save profile" }).click();
      await form.getByText("Saved Omar Officer's loan originator profile.").waitFor();
      // The list is fetched again after the save: wait for the row to show the new ID, not one reading.
      await page
        .getByRole("row", { name: /Omar Officer/ })
        .filter({ hasText: "2045871" })
        .waitFor();
      await fitsAndShoot(page, "manage-users");

      await page.goto("/portal");
      await page
        .getByRole("link", { name: /Dana Rivera/ })
        .first()
        .click();
      const section = page.getByText("Loan originator information (URLA section 9)");
      await section.waitFor();
      await page.getByText("NMLS ID 2045871").waitFor();
      await page.getByText("(415) 555-0199").waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, "file-section-1280.png") });
      await fitsAndShoot(page, "file");
      await context.close();
    });
  },
);
