// The e2e harness: the real server (server/start.ts) on a loopback port with its own data folder,
// serving the built web app (dist/web: `npm run build` first), and Debian's Chromium driven by
// playwright-core. Browser code runs as strings: tests/ is type-checked without the DOM library.
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { DefinitionDirs } from "../../engine/load";
import { REPO_ROOT } from "../../engine/paths";
import { startServer, type RunningServer } from "../../server/start";

export const WEB_DIR = join(REPO_ROOT, "dist/web");
export const ARTIFACTS = join(REPO_ROOT, "tests/artifacts");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface E2E {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) and page at the given width. */
  page(width?: number, options?: { bypassCSP?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startE2E(options: { demo?: boolean; definitions?: DefinitionDirs } = {}): Promise<E2E> {
  if (!existsSync(join(WEB_DIR, "index.html"))) throw new Error(`${WEB_DIR}/index.html is missing: run "npm run build" before the e2e tests`);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), "heloc-e2e-"));
  const server = await startServer({ port: 0, host: "127.0.0.1", dataDir, webDir: WEB_DIR, quiet: true, demo: options.demo ?? false, ...(options.definitions ? { definitions: options.definitions } : {}) });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async page(width = 1280, { bypassCSP = false } = {}) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: server.url, bypassCSP });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
      return { context, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
    },
  };
}

/** axe-core's serious and critical violations on the page, as "rule: target" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(REPO_ROOT, "node_modules/axe-core/axe.min.js") });
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) })))`,
  )) as { id: string; impact: string | null; help: string; targets: string[] }[];
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
