// npm start, as a person runs it: the built server (dist/server/main.js, built first when older
// than its sources, as scripts/start.mjs does) run with node, a real process on a loopback port,
// its SQLite file created and migrated, demo data in, and the URL printed. (start.mjs's other
// step, installing packages when the lockfile is newer, is left out: a test must not reinstall
// node_modules under the tests running beside it.) On the PostgreSQL run of the API tests
// (scripts/with-postgres.mjs) it gets a database of its own there instead of the file.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { dialect } from "@server/persistence/db/dialect";
import { freshDatabaseUrl } from "../helpers/server";

let server: ChildProcess;
let base = "";
let output = "";
const dataDir = mkdtempSync(join(tmpdir(), "heloc-start-"));
const onPostgres = dialect === "postgresql";

beforeAll(async () => {
  const databaseUrl = await freshDatabaseUrl();
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: REPO_ROOT, stdio: "ignore" });
  server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  base = await new Promise<string>((resolve, reject) => {
    server.stdout!.on("data", (chunk) => {
      output += chunk;
      const m = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (m) resolve(m[1]!);
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}, 180_000); // a build first, when the sources are newer than dist/

afterAll(() => {
  server?.kill("SIGTERM");
});

describe("npm start", () => {
  it("prints its URL, its database, where mail goes and the demo accounts", () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toContain(
      onPostgres
        ? "Database: PostgreSQL at 127.0.0.1:"
        : `Database: SQLite file ${join(dataDir, "heloc.sqlite")}`,
    );
    expect(output).toContain(`development outbox ${join(dataDir, "outbox")}`);
    expect(output).toMatch(/Demo applicant: \S+@example\.com/);
  });

  it.skipIf(onPostgres)("creates and migrates the SQLite file in WAL mode with synchronous=FULL", () => {
    const file = join(dataDir, "heloc.sqlite");
    expect(existsSync(file)).toBe(true);
    const db = new Database(file, { readonly: true });
    const tables = db
      .prepare("select name from sqlite_master where type = 'table'")
      .all()
      .map((r) => (r as { name: string }).name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "users",
        "applicant_sessions",
        "portal_sessions",
        "applications",
        "uploads",
        "audit_events",
        "portal_users",
        "__drizzle_migrations",
      ]),
    );
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("serves the built web app at / and at any app route (npm test builds it first)", async () => {
    // The page's frame is in the HTML (web/build/static-shell-plugin.ts); a funnel step's page has its heading.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<div id="root"><!--shell-->[\s\S]*<header class="site-header">/);
    // A visitor's later step: sent to the first one before anything loads, whose page has its heading.
    const later = await fetch(`${base}/app/initial-setup/property-value`);
    expect(later.status).toBe(200);
    expect(new URL(later.url).pathname).toBe("/app/initial-setup/name");
    expect(await later.text()).toMatch(/<h1 class="step-skeleton__title">Let(&#x27;|')s get started/);
    expect((await fetch(`${base}/assets/no-such-file.js`)).status).toBe(404);
  });

  it("paints a Spanish reader's frame and step heading in Spanish, before any code (issue 41)", async () => {
    const page = await (
      await fetch(`${base}/app/initial-setup/name`, { headers: { cookie: "heloc.lang=es" } })
    ).text();
    expect(page).toMatch(/<html lang="es"/);
    expect(page).toContain(">Ir al contenido principal<");
    expect(page).toContain(">Iniciar sesión<");
    expect(page).toMatch(/lang="es" aria-pressed="true"/);
    expect(page).toContain('<h1 class="step-skeleton__title">Comencemos. ¿Cuál es su nombre?</h1>');
    expect(page).toContain(">Cargando<");
    expect(page).not.toContain("Skip to main content");
    // An English reader's page is the build's own: no Spanish in it.
    const english = await (await fetch(`${base}/app/initial-setup/name`)).text();
    expect(english).toContain(">Skip to main content<");
    expect(english).not.toContain("Ir al contenido principal");
  });

  it("serves the API and the definitions overview on the same port", async () => {
    const api = await fetch(`${base}/api/trpc/definitions.bundle`, { headers: { "X-Same-Origin": "1" } });
    expect(api.status).toBe(200);
    const html = await (await fetch(`${base}/definitions`)).text();
    expect(html).toContain("Employment History");
  });
});
