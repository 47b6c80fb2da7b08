// The path aliases (`@engine/…`, `@server/…`) have one home: tsconfig.json's `paths`. Vite (the web
// build), vitest and tsx read them from there; this turns them into Vite's `resolve.alias` entries.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** `[{ find: /^@engine\//, replacement: "/abs/engine/" }, …]` from tsconfig.json's compilerOptions.paths. */
export function pathAliases() {
  const { paths } = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")).compilerOptions;
  return Object.entries(paths).map(([key, [target]]) => ({
    find: new RegExp(`^${key.replace(/\*$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    replacement: join(root, target.replace(/\*$/, "")) + "/",
  }));
}
