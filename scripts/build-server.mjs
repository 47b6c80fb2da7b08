// `npm run build`'s server half: every entry point the server starts (server/main.ts, and each
// worker it spawns) bundled with esbuild into plain JavaScript under dist/server/, so production
// runs `node dist/server/main.js` with no TypeScript loader. esbuild reads tsconfig.json's `paths`
// (`@engine/…`, `@server/…`), so the code's aliases resolve as tsx and vitest resolve them. npm
// packages stay outside the bundle (imported from node_modules at run time): what `npm ci
// --omit=dev` installs is exactly what runs (tests/unit/dependencies.test.ts holds every import
// the server makes to a dependency), and a native module (better-sqlite3) keeps its binding.
//
// dist/server/ is two folders under the repository, as engine/base/paths.ts is: its REPO_ROOT
// (`new URL("../..", import.meta.url)`) is the repository from either, so the definitions,
// content, migrations and dist/web are read from the same places.
import { build } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { join, relative, sep } from "node:path";
import { pathAliases } from "./path-aliases.mjs";

/**
 * Every file the server runs as its own module: the process's entry, and any worker thread's
 * (a worker's module is loaded by path at run time, so it is an entry of its own, never inlined).
 * Keyed by the output name: dist/server/<name>.js.
 */
export const SERVER_ENTRIES = {
  main: "server/main.ts",
  // The live gate's worker thread (server/features/definitions/gate.ts WORKER_BUNDLE).
  "definitions-worker": "server/features/definitions/gate-worker.ts",
  // The PDF pool's worker thread (server/features/esign/pdf-pool.ts PDF_WORKER_BUNDLE).
  "pdf-worker": "server/features/esign/pdf-worker.ts",
};

const require = createRequire(join(process.cwd(), "package.json"));
const aliases = pathAliases().map(({ find }) => find);

/**
 * Packages stay external, named as Node's own ESM loader can load them: a deep import into a
 * package with no `exports` map (`ajv/dist/2020`, which tsx and bundlers complete) is written with
 * the file it resolves to (`ajv/dist/2020.js`); a package with an `exports` map is left as written.
 */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      if (path.startsWith("node:") || builtinModules.includes(path.split("/")[0])) return { external: true };
      if (aliases.some((alias) => alias.test(path))) return undefined; // ours: tsconfig.json's paths
      const parts = path.split("/");
      const name = parts.slice(0, path.startsWith("@") ? 2 : 1).join("/");
      if (name === path) return { path, external: true };
      const manifest = join(process.cwd(), "node_modules", name, "package.json"); // ours are top-level
      if (JSON.parse(readFileSync(manifest, "utf8")).exports) return { path, external: true };
      const file = require.resolve(path);
      const inPackage = relative(join(manifest, ".."), file).split(sep).join("/");
      return { path: `${name}/${inPackage}`, external: true };
    });
  },
};

/**
 * `outdir` must be two folders under a copy of the repository (see above). `entries`: the server's
 * own, or another set built the same way (the capacity bench runs its server as production runs).
 */
export async function buildServer({ outdir = "dist/server", quiet = false, entries = SERVER_ENTRIES } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    // No shared chunks: each entry is one file in outdir, so `import.meta.url` in any of its modules
    // is outdir/<entry>.js (REPO_ROOT above; a worker's file named beside its parent's).
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [externalPackages],
    tsconfig: "tsconfig.json",
    sourcemap: "linked", // stack traces name our TypeScript lines (node --enable-source-maps)
    metafile: true,
    // esbuild's own summary marks any file over 1 MB with a warning sign, which a server bundle
    // is by nature: one line of our own says what was built.
    logLevel: "warning",
  });
  if (!quiet) {
    const entries = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
    const sizes = entries.map(
      ([file, { bytes }]) => `${relative(outdir, file)} ${Math.round(bytes / 1000)} kB`,
    );
    console.log(`Built the server into ${outdir}: ${sizes.join(", ")} (with source maps).`);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
