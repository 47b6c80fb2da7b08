// The live gate's worker runs in each way the server runs: from source (tsx, the other tests) and
// built, when the server is bundled to plain JavaScript and run with node alone. Here the gate is
// bundled as a server would be (esbuild; the worker an entry of its own, gate.ts WORKER_BUNDLE,
// beside the server's bundle) and run with no TypeScript loader: it checks the set, the served set
// links the worker's validators, and the worker opens a database for an impact report.
import { todayIso } from "@engine/base/dates";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { createStepValidator } from "@engine/validation/validate";
import { WORKER_BUNDLE, workerEntry } from "@server/features/definitions/gate";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

// Two folders below the repository, as dist/server/ is: the bundle finds the set and the
// migrations from its own place (engine/base/paths.ts).
const out = join(REPO_ROOT, "dist", `gate-bundle-${process.pid}`);
const data = mkdtempSync(join(tmpdir(), "heloc-gate-bundle-"));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

const answers = { liabilities: [{ debtor: "x" }] };

describe("the definitions worker, built", () => {
  it("checks, links and judges impact from a bundle run by node with no TypeScript loader", async () => {
    await build({
      entryPoints: {
        main: join(REPO_ROOT, "tests/helpers/gate-driver.ts"),
        [WORKER_BUNDLE.replace(/\.js$/, "")]: join(REPO_ROOT, "server/features/definitions/gate-worker.ts"),
      },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // Native and database drivers stay packages; the rest is bundled (an ESM bundle's CommonJS
      // parts require Node's modules through this require).
      external: ["better-sqlite3", "pg"],
      banner: {
        js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
      },
      outdir: out,
      logLevel: "error",
    });
    for (const file of ["main.js", WORKER_BUNDLE])
      expect(readFileSync(join(out, file), "utf8")).not.toContain("tsx/esm");

    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(out, "main.js"), "prequalDebts", JSON.stringify(answers), join(data, "app.sqlite")],
      { env: { ...process.env, NODE_OPTIONS: "" }, cwd: tmpdir() },
    );
    const got = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(got.problems).toBe(0);
    expect(got.linked).toBeGreaterThan(10);
    // The linked validators say what the repository's own (ajv-compiled) validator says.
    const here = createStepValidator(repo.defs, "prequalDebts")(answers, { application: {}, today: TODAY });
    expect(here.errors.length).toBeGreaterThan(0);
    expect(got.errors).toEqual(here.errors);
    expect(got.impact).toEqual({ version: got.version, checked: 0, refusals: 0 });
  }, 120_000);

  it("refuses to start a built server whose worker was not bundled, naming the file to build", () => {
    const built = pathToFileURL(join(data, "server", "main.js")).href;
    expect(() => workerEntry(built)).toThrow(
      `the definitions worker is not built: bundle server/features/definitions/gate-worker.ts as ${join(data, "server", WORKER_BUNDLE)}`,
    );
  });

  it("runs the worker's TypeScript through tsx from source", () => {
    const source = pathToFileURL(join(REPO_ROOT, "server/features/definitions/gate.ts")).href;
    const entry = workerEntry(source);
    expect(entry.url.pathname).toMatch(/gate-boot\.mjs$/);
    expect(entry.entry).toMatch(/gate-worker\.ts$/);
  });
});
