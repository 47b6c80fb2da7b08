// The portal's LOS access page in headless Chromium against the real server with its demo data:
// an administrator names a credential and sees its token once (never again after a reload), the
// token pulls from the LOS API, and a revoke (confirmed first) refuses it at once. It fits a 390 px
// screen and axe finds no serious violation. Screenshots land in tests/artifacts/los-access/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO } from "@server/features/demo/seed";
import { mailedCode } from "../helpers/server";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ demo: true });
const SHOTS = join(ARTIFACTS, "los-access");
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

const pull = (token: string) =>
  fetch(`${e2e.server.url}/api/los/v1/applications`, { headers: { authorization: `Bearer ${token}` } });

describe("LOS access in the portal (issue 36, e2e)", { timeout: 180_000 }, () => {
  it("creates a credential whose token is shown once, and revokes it after a confirmation", async () => {
    const { page, context } = await e2e.page(1280, { bypassCSP: true });
    await signInAdmin(page);
    await page.getByRole("link", { name: "LOS access" }).click();
    await page.getByRole("heading", { level: 1, name: "LOS access" }).waitFor();
    await page.getByText("Your organisation has no LOS credential yet.").waitFor();

    await page.getByRole("button", { name: "Create credential" }).click();
    await page.getByText("Name the credential, for example").waitFor();
    await page.getByLabel("Name").fill("Encompass production");
    await page.getByRole("button", { name: "Create credential" }).click();
    const token = await page.getByLabel("Token").inputValue();
    expect(token).toMatch(/^los_[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect((await pull(token)).status).toBe(200);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(SHOTS, `created-${width}.png`), fullPage: true });
      await expect(
        page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
      ).resolves.toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Once stored, the token is gone from the page, and a reload never shows it again.
    await page.getByRole("button", { name: "I have stored it" }).click();
    await page.reload();
    const row = page.getByRole("row", { name: /Encompass production/ });
    await row.waitFor();
    await expect(page.content()).resolves.not.toContain(token.split(".")[1]);
    await expect(row.innerText()).resolves.toContain("Active");

    await row.getByRole("button", { name: /Revoke/ }).click();
    const dialog = page.getByRole("alertdialog", { name: /Revoke “Encompass production”/ });
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("“Encompass production” is revoked.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect(row.innerText()).resolves.toContain("Revoked");
    expect((await pull(token)).status).toBe(401);
    await page.screenshot({ path: join(SHOTS, "revoked-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
