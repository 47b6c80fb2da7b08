// The capacity bench's server as production runs it: bundled by the server's own build
// (scripts/build-server.mjs: esbuild, plain JavaScript, run by node with no TypeScript loader),
// not compiled on the fly by tsx, whose output differs from the build's (it keeps every function's
// name with a helper called each time a function is made: ~1.5% of a capacity profile's busy time).
// The bench's entries are built beside the server's worker threads' (the PDF pool, the definitions
// gate), which a built server finds beside itself. BENCH_SERVER_SOURCE=1 runs the source instead.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "@engine/base/paths";
// @ts-expect-error: a plain ESM script with no types of its own
import { buildServer, SERVER_ENTRIES } from "../scripts/build-server.mjs";

export const FROM_SOURCE = process.env.BENCH_SERVER_SOURCE === "1";

/** Two folders under the repository, as the server's build must be (its REPO_ROOT). */
const OUTDIR = join(REPO_ROOT, "dist", "bench-server");

/** Builds `entries` (name → source file) with the server's worker threads into dist/bench-server; each one's built file. */
export async function builtEntries<K extends string>(entries: Record<K, string>): Promise<Record<K, URL>> {
  const { main: _main, ...workers } = SERVER_ENTRIES as Record<string, string>;
  await buildServer({ outdir: OUTDIR, quiet: true, entries: { ...workers, ...entries } });
  const names = Object.keys(entries) as K[];
  return Object.fromEntries(names.map((n) => [n, pathToFileURL(join(OUTDIR, `${n}.js`))])) as Record<K, URL>;
}
