// Development aid: screenshots of funnel pages as the demo applicant sees them.
//   npx tsx scripts/shoot.ts [--doc answers.json] [--status application3] [--out /tmp/shots] /app/application/1 ...
// With --status, every step of the path before that status counts as answered (as the demo seed
// does), so a later page opens. With --parts, a step in parts is shot part by part (Continue, as
// the applicant clicks it, while the page stays on the route).
// Starts the real server (demo data, a temporary data folder, the built web app in dist/web: run
// `npm run build` after changing web/ or engine/react), signs the demo applicant in, optionally
// replaces their application document and status, then opens each route in the app (a client-side
// navigation, so the redirect guard lets it show) and saves a full-page PNG per route.
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { chromium } from "playwright-core";
import { REPO_ROOT } from "../engine/base/paths";
import { todayIso } from "../engine/base/dates";
import { transaction } from "../server/persistence/db/client";
import { applications, users } from "../server/persistence/db/schema";
import { DEMO } from "../server/features/demo/seed";
import { completedUpTo } from "../engine/funnel/journey";
import { OWNER_ROLE, partOf } from "../engine/funnel/members";
import { startServer } from "../server/start";
import { applicationStore } from "../server/persistence/store/applications";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    doc: { type: "string" },
    status: { type: "string" },
    out: { type: "string", default: "/tmp/shots" },
    width: { type: "string", default: "1280" },
    parts: { type: "boolean", default: false },
  },
});

const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  dataDir: mkdtempSync(join(tmpdir(), "heloc-shoot-")),
  webDir: join(REPO_ROOT, "dist/web"),
  quiet: true,
  demo: true,
});
const { db } = server.services;
const [owner] = await db.select().from(users).where(eq(users.email, DEMO.applicant.email));
if (values.doc || values.status) {
  const store = applicationStore(server.services);
  const app = (await store.ofOwner(db, owner!.id))!;
  const doc = values.doc ? JSON.parse(readFileSync(values.doc, "utf8")) : app.doc;
  const status = values.status ?? app.status;
  // The server's day, as its saves walk on.
  const today = todayIso(server.services.now());
  const completed = completedUpTo(server.services.defs, status, {
    application: doc,
    variant: app.variant,
    part: partOf(server.services.defs, OWNER_ROLE, doc, today),
    today,
  });
  await transaction(db, (tx) => store.save(tx, app, doc, status, null, { completed }));
}
const status = (
  await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.ownerId, owner!.id))
)[0]!.status;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({
  viewport: { width: Number(values.width), height: 900 },
  baseURL: server.url,
});
page.on("pageerror", (e) => console.error(`[page error] ${e.message}`));
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
mkdirSync(values.out!, { recursive: true });
try {
  await page.goto("/app/login");
  await page.getByRole("button", { name: /password instead/ }).click();
  await page.getByLabel("Email address").fill(DEMO.applicant.email);
  await page.getByLabel("Password").fill(DEMO.applicant.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/app/login"));
  console.log(`signed in; status ${status}, landed on ${new URL(page.url()).pathname}`);
  for (const route of positionals) {
    // A string, as tests do: scripts/ is type-checked without the DOM library.
    await page.evaluate(
      `window.history.pushState({}, "", ${JSON.stringify(route)}); window.dispatchEvent(new PopStateEvent("popstate"));`,
    );
    await page
      .locator("h1")
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForTimeout(400);
    const file = join(values.out!, `${route.replace(/^\//, "").replace(/[/?=&]+/g, "_") || "home"}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${route} → ${new URL(page.url()).pathname}: ${file}`);
    const at = new URL(page.url()).pathname;
    for (let part = 2; values.parts && part <= 10; part++) {
      const next = page.getByRole("button", { name: "Continue", exact: true });
      if ((await next.count()) === 0) break;
      await next.click();
      await page.waitForTimeout(800);
      if (new URL(page.url()).pathname !== at) break;
      const partFile = file.replace(/\.png$/, `-part${part}.png`);
      await page.screenshot({ path: partFile, fullPage: true });
      console.log(`${route} part ${part}: ${partFile}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
