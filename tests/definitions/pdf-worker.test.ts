// PDFs are made in a pool of worker threads (server/features/esign/pdf-pool.ts), in each way the
// server runs: from source (the other tests make every notice and signed copy there, through tsx)
// and built, the worker bundled as an entry of its own beside the server's bundle, run by node
// with no TypeScript loader.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { PDF_WORKER_BUNDLE, pdfWorkerUrl } from "@server/features/esign/pdf-pool";

const out = join(REPO_ROOT, "dist", `pdf-bundle-${process.pid}`);
const elsewhere = mkdtempSync(join(tmpdir(), "heloc-pdf-bundle-"));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

describe("the PDF worker", () => {
  it("makes a notice on a thread of its own from a bundle run by node with no TypeScript loader", async () => {
    await build({
      entryPoints: {
        main: join(REPO_ROOT, "tests/helpers/pdf-driver.ts"),
        [PDF_WORKER_BUNDLE.replace(/\.js$/, "")]: join(REPO_ROOT, "server/features/esign/pdf-worker.ts"),
      },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // piscina starts its threads from its own files, so it stays a package, as in the server's build.
      external: ["piscina"],
      outdir: out,
      logLevel: "error",
    });
    for (const file of ["main.js", PDF_WORKER_BUNDLE])
      expect(readFileSync(join(out, file), "utf8")).not.toContain("tsx/esm");
    const { stdout } = await promisify(execFile)(process.execPath, [join(out, "main.js")], {
      env: { ...process.env, NODE_OPTIONS: "" },
      cwd: REPO_ROOT,
    });
    const got = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(got.head).toBe("%PDF-");
    expect(got.size).toBeGreaterThan(500);
    expect(got.threads).toBe(1);
  }, 120_000);

  it("refuses a built server whose PDF worker was not bundled, naming the file to build", () => {
    const built = pathToFileURL(join(elsewhere, "server", "main.js")).href;
    expect(() => pdfWorkerUrl(built)).toThrow(
      `the PDF worker is not built: bundle server/features/esign/pdf-worker.ts as ${join(elsewhere, "server", PDF_WORKER_BUNDLE)}`,
    );
  });

  it("runs the worker's TypeScript through tsx from source", () => {
    const source = pathToFileURL(join(REPO_ROOT, "server/features/esign/pdf-pool.ts")).href;
    expect(pdfWorkerUrl(source).pathname).toMatch(/pdf-boot\.mjs$/);
  });
});
