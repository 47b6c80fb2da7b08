// The e2e harness: the real server (server/start.ts) on a loopback port with its own data folder,
// serving the built web app (dist/web: `npm run build` first), and Debian's Chromium driven by
// playwright-core. Browser code runs as strings: tests/ is type-checked without the DOM library.
//
// What is shared, so that eight files do not start eight Chromiums and eight servers: one Chromium
// per worker, and, for files that ask with `shared: true`, one server per worker (the e2e project
// keeps this module between the files of a worker: isolate: false). Every test still opens its own browser context
// (own cookies and storage) and makes its own applicant; a file that reads whole tables, or needs
// demo data or other definitions, starts a server of its own.
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { DefinitionDirs } from "@engine/definitions/load";
import { REPO_ROOT } from "@engine/base/paths";
import { startServer, type RunningServer } from "@server/start";
import { widenedBudgets, widenedPerIp } from "../helpers/budgets";

export const WEB_DIR = join(REPO_ROOT, "dist/web");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** Fails early, in one clear line, when the build or the browser is missing. */
function checkPrerequisites(): void {
  if (!existsSync(join(WEB_DIR, "index.html")))
    throw new Error(`${WEB_DIR}/index.html is missing: run "npm run build" before the e2e tests`);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
}

export const ARTIFACTS = join(REPO_ROOT, "tests/artifacts");

export interface E2E {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) and page at the given width. */
  page(width?: number, options?: { bypassCSP?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

let browserOfWorker: Promise<Browser> | undefined;
/**
 * This worker's Chromium, launched by the first file that asks and closed by playwright when the
 * worker exits. (One Chromium for the whole run, connected to over playwright's browser server,
 * would be fewer still, but a remote browser cannot hand over a download's file, which the
 * journeys read.)
 */
const sharedBrowser = () => (browserOfWorker ??= chromium.launch(CHROMIUM_OPTIONS));

/** Each e2e server's data folder by its origin: a page reads the codes its server mailed from there. */
const dataDirs = new Map<string, string>();
export const dataDirOf = (pageUrl: string): string => {
  const dir = dataDirs.get(new URL(pageUrl).origin);
  if (!dir) throw new Error(`no e2e server at ${pageUrl}`);
  return dir;
};

const startOwnServer = async (options: {
  demo?: boolean;
  definitions?: DefinitionDirs;
  now?: () => Date;
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), "heloc-e2e-"));
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    webDir: WEB_DIR,
    quiet: !process.env.E2E_LOGS, // E2E_LOGS=1 prints the server's log lines
    demo: options.demo ?? false,
    budgetsFor: widenedBudgets, // every journey of the worker starts from one loopback address
    limitsFor: widenedPerIp, // and every sign-in too
    awaitWorkAfterSave: true, // the texted code is in the outbox when the phone page answers
    sweepEveryMs: 0, // a journey that needs a sweep runs it (runSweeps), on its injected clock
    ...(options.definitions ? { definitions: options.definitions } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  dataDirs.set(new URL(server.url).origin, dataDir);
  return server;
};
let serverOfWorker: Promise<RunningServer> | undefined;

/** now: the server's clock (a journey that moves time injects one: never a sleep); only for a server of its own. */
type E2EOptions = { demo?: boolean; definitions?: DefinitionDirs; shared?: boolean; now?: () => Date };

/**
 * A test file's server and browser, started before its tests and closed after them: the E2E of
 * startE2E, usable in any test (reading it before the file's tests start is an error).
 */
export function useE2E(options: E2EOptions = {}): E2E {
  let started: E2E | undefined;
  beforeAll(async () => {
    started = await startE2E(options);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as E2E, {
    get(_, key) {
      if (!started)
        throw new Error("useE2E: the server is started before the file's tests, not while it is being read");
      const value = (started as unknown as Record<PropertyKey, unknown>)[key];
      return typeof value === "function" ? value.bind(started) : value;
    },
  });
}

/**
 * The server and browser of one test file. `shared: true` takes this worker's shared server (the
 * repository's definitions, no demo data): for files whose tests look only at their own applicants.
 */
export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  checkPrerequisites();
  mkdirSync(ARTIFACTS, { recursive: true });
  if (options.shared && (options.demo || options.definitions || options.now))
    throw new Error(
      "startE2E: only a server with the repository's definitions, no demo data and the real clock is shared",
    );
  const server = await (options.shared ? (serverOfWorker ??= startOwnServer({})) : startOwnServer(options));
  const browser = await sharedBrowser();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async page(width = 1280, { bypassCSP = false } = {}) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        baseURL: server.url,
        bypassCSP,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
      return { context, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      if (!options.shared) await server.close();
    },
  };
}

/** axe-core's serious and critical violations on the page, as "rule: target" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(REPO_ROOT, "node_modules/axe-core/axe.min.js") });
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) })))`,
  )) as { id: string; impact: string | null; help: string; targets: string[] }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}`);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
