// Pages signed in without the sign-in screens (which tests of their own cover): a session made
// over the API (tests/helpers/server.ts's browser) is handed to a Chromium page as its cookies.
// And what a link downloads, as a person would get it.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { makePortalUser, signInPortal } from "../helpers/accounts";
import { browser as apiBrowser, newestCode, type Browser, type TestServer } from "../helpers/server";
import type { E2E } from "./browser";

/** A Chromium page with the API browser's session (CSP bypassed, for axe). */
export async function pageWithSession(e2e: E2E, api: Browser, width = 1280) {
  const { context, page } = await e2e.page(width, { bypassCSP: true });
  await context.addCookies([...api.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })));
  return page;
}

/** A new portal user of `role`, signed in with both factors over the API, and a page with their session. */
export async function staffPage(e2e: E2E, role: string, width = 1280) {
  const staff = await makePortalUser(e2e.server.services, { role, name: "Priya Processor" });
  const api = apiBrowser(e2e.server.url);
  await signInPortal(
    { lastCode: () => newestCode(e2e.server.services.config.dataDir) } as unknown as TestServer,
    api,
    staff,
  );
  return pageWithSession(e2e, api, width);
}

/** Clicks a download link and returns the file's bytes, once its suggested name is `filename`. */
export async function downloaded(page: Page, link: Locator, filename: string): Promise<Buffer> {
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(filename);
  return readFileSync((await download.path())!);
}

/**
 * The e2e server as the API test helpers take it (tests/helpers/closing.ts): its URL, services and
 * the newest sign-in code. One object per server, so that those helpers' one administrator per
 * server is signed in once: a new object per call signed a new one in each time, and a file moving
 * several loans spent the address's portal sign-ins (50 in 15 minutes) that later files needed.
 */
export const e2eTestServer = (e2e: E2E) => {
  let made = asTestServer.get(e2e.server);
  if (!made)
    asTestServer.set(
      e2e.server,
      (made = {
        url: e2e.server.url,
        services: e2e.server.services,
        lastCode: () => newestCode(e2e.server.services.config.dataDir),
      }),
    );
  return made;
};
const asTestServer = new WeakMap<
  E2E["server"],
  { url: string; services: E2E["server"]["services"]; lastCode: () => string }
>();
