// Vite loads web/vite.config.ts and what it imports with Node's own loader in a coming major
// ("configLoader: native"), which needs each relative import to name its file; today it warns on
// every one, ~60 lines a newcomer must puzzle over on `npm start`. This walks the config's imports.
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { importsOf } from "../helpers/imports";

/** Each module the config loads at build time, and each relative import there that names no file. */
function walk(entry: string) {
  const seen = new Set<string>();
  const bare: string[] = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imp of importsOf(file)) {
      if (imp.typeOnly || imp.lazy || !imp.specifier.startsWith(".")) continue;
      const target = normalize(join(dirname(file), imp.specifier));
      if (!/\.(ts|tsx|mts|js|mjs|json)$/.test(imp.specifier)) {
        bare.push(`${file}:${imp.line} "${imp.specifier}"`);
        if (existsSync(join(REPO_ROOT, `${target}.ts`))) queue.push(`${target}.ts`);
      } else if (/\.(ts|mts)$/.test(target)) queue.push(target);
    }
  }
  return { seen, bare };
}

describe("the Vite config's imports", () => {
  it("name their files, all the way down", () => {
    const { seen, bare } = walk("web/vite.config.ts");
    expect(seen.size).toBeGreaterThan(10);
    expect(bare).toEqual([]);
  });
});
