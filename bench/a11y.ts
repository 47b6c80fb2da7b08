// `npm run bench -- a11y`: Lighthouse's accessibility score for the pages of issue 23 (the early
// funnel's one-question page, the offer with its draw slider, personal info and the co-borrower's
// details in sections, with their "same as" addresses, the other income, the document checklist,
// the portal's pipeline and file), at 390 px, as a signed-in person sees them: the real server
// with its demo data, one Chromium. Each applicant page is its applicant's own status page (a fresh
// load of another is sent there); Playwright signs in and, for a page in sections, goes on to its
// last part, which Lighthouse then measures as it is on screen (snapshot mode, through the
// puppeteer-core Lighthouse itself drives the browser with). Target: 95 or more on every page.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { snapshot, type Flags, type RunnerResult } from "lighthouse";
import { chromium, type Page } from "playwright-core";
import puppeteer from "puppeteer-core";
import { REPO_ROOT } from "@engine/base/paths";
import { DEMO } from "@server/features/demo/seed";
import { startServer } from "@server/start";
import { WEB_DIR } from "../tests/e2e/browser";
import { makeApplicant } from "../tests/helpers/accounts";
import { mailedCode } from "../tests/helpers/server";
import { targetTable, type TargetCheck } from "./api";
import { table } from "./measure";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
export const A11Y_TARGET = 95;

/** The demo application with a co-borrower (answered for by the borrower), for applicants made at each page's status. */
const TWO_BORROWERS = {
  ...(JSON.parse(
    readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
  ) as Record<string, unknown>),
  coborrowerInvite: { answeredBy: "borrower" },
};

/** The applicant pages measured: each its applicant's status page; `lastPart` also measures its last section. */
const APPLICANT_PAGES: { name: string; status: string; path: string; lastPart?: string }[] = [
  {
    name: "one question: will anyone apply with you?",
    status: "creditScore",
    path: "/app/initial-setup/credit-score",
  },
  { name: "offer with draw slider", status: "previewOffer", path: "/app/initial-setup/preview-offer" },
  {
    name: "personal info in sections",
    status: "application",
    path: "/app/application/1",
    lastPart: "where you live, applying together",
  },
  {
    name: "co-borrower details in sections",
    status: "application2",
    path: "/app/application/coborrower",
    lastPart: "home address, same-as choices",
  },
  { name: "property info, same-as choice", status: "application3", path: "/app/application/2" },
  {
    name: "other income, same-property choice",
    status: "manualIncomeVerification",
    path: "/app/application/other-income",
  },
  { name: "document checklist", status: "incomeDocs", path: "/app/application/upload" },
];

export interface A11yRun {
  name: string;
  path: string;
  score: number;
  /** The audits that failed, by id. */
  failed: string[];
}

const MOBILE: Flags = {
  formFactor: "mobile",
  screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
};

async function applicantSignIn(page: Page, base: string, dataDir: string, email: string) {
  await page.goto(`${base}/app/login`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("6-digit code").fill(await mailedCode(dataDir, email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/app/login");
}

async function portalSignIn(page: Page, base: string, dataDir: string) {
  await page.goto(`${base}/portal/login`);
  await page.getByLabel("Email address").fill(DEMO.portal.email);
  await page.getByLabel("Password").fill(DEMO.portal.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByLabel("6-digit code").fill(await mailedCode(dataDir, DEMO.portal.email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/portal");
}

export async function runA11yBench(
  log: (line: string) => void,
): Promise<{ runs: A11yRun[]; targets: TargetCheck[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "heloc-a11y-"));
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    webDir: WEB_DIR,
    quiet: true,
    demo: true,
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const driver = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const runs: A11yRun[] = [];
  const { dataDir: serverData } = server.services.config;
  const at = (path: string) => `${server.url}${path}`;
  const record = (name: string, path: string, result: RunnerResult | undefined) => {
    if (!result || result.lhr.runtimeError)
      throw new Error(
        `Lighthouse could not measure ${path}: ${result?.lhr.runtimeError?.message ?? "no result"}`,
      );
    const { lhr } = result;
    const shown = new URL(lhr.finalDisplayedUrl).pathname;
    if (shown !== path.split("?")[0]) throw new Error(`${name}: Lighthouse measured ${shown}, not ${path}`);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score === 0 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    runs.push({ name, path, score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failed });
    log(`  ${name}: ${runs.at(-1)!.score}${failed.length ? ` (failed: ${failed.join(", ")})` : ""}`);
  };
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const measure = async (name: string, path: string) =>
      record(
        name,
        path,
        await lighthouse(at(path), {
          port: chrome.port,
          onlyCategories: ["accessibility"],
          output: "json",
          logLevel: "error",
          disableStorageReset: true,
          ...MOBILE,
        }),
      );
    /** The page Playwright has on screen, measured as it is now. */
    const measureAsShown = async (name: string, path: string) => {
      const shown = (await driver.pages()).find((p) => p.url() === page.url());
      if (!shown) throw new Error(`${name}: the page on screen is not among Chromium's pages`);
      record(
        name,
        path,
        await snapshot(shown, { flags: { onlyCategories: ["accessibility"], logLevel: "error", ...MOBILE } }),
      );
    };

    log(
      "Lighthouse accessibility (mobile, 390 px), signed in as demo applicants and the demo administrator...",
    );
    await measure("home", "/");
    await measure("sign in", "/app/login");
    for (const { name, status, path, lastPart } of APPLICANT_PAGES) {
      await context.clearCookies();
      const who = await makeApplicant(server.services, { status, doc: TWO_BORROWERS });
      await applicantSignIn(page, server.url, serverData, who.email);
      await measure(name, path);
      if (!lastPart) continue;
      await page.goto(at(path));
      const next = page.locator('[data-section-next="true"]');
      await page.locator("h2[data-section]").waitFor();
      for (let i = 0; i < 12 && (await next.count()) > 0; i++) {
        const before = await page.locator("h2[data-section]").getAttribute("data-section");
        await next.click();
        // Browser code as a string: bench/ is type-checked without the DOM library.
        await page.waitForFunction(
          `document.querySelector("h2[data-section]")?.getAttribute("data-section") !== ${JSON.stringify(before)}`,
        );
      }
      await measureAsShown(`${name}, last part: ${lastPart}`, path);
    }
    await context.clearCookies();
    await portalSignIn(page, server.url, serverData);
    await measure("portal pipeline", "/portal");
    await page.goto(at("/portal"));
    const file = await page.locator('a[href^="/portal/applications/"]').first().getAttribute("href");
    if (file) await measure("portal file", file);
  } finally {
    await driver.disconnect().catch(() => undefined);
    await browser.close().catch(() => undefined);
    chrome.kill();
    await server.close();
  }
  log(table([["page", "path", "accessibility"], ...runs.map((r) => [r.name, r.path, String(r.score)])]));
  const targets: TargetCheck[] = runs.map((r) => ({
    name: `Lighthouse accessibility, ${r.name}`,
    figure: r.score,
    target: `≥ ${A11Y_TARGET}`,
    holds: r.score >= A11Y_TARGET,
  }));
  log(targetTable(targets));
  return { runs, targets };
}
