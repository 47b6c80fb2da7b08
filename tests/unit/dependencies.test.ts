// What the server and the browser import when they run is installed by `npm ci --omit=dev`: every
// package imported by server/, engine/ (its command-line tools aside) and web/src/ is listed in
// package.json's dependencies, not devDependencies. A type-only import is erased at build time.
import { builtinModules } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { importsOf, sourceFiles } from "../helpers/imports";

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** tsconfig.json's path aliases: our own folders, not packages. */
const aliases = Object.keys(
  (
    JSON.parse(readFileSync(join(REPO_ROOT, "tsconfig.json"), "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    }
  ).compilerOptions.paths,
).map((key) => key.replace(/\*$/, ""));

/**
 * Tools that run from a checkout with the dev packages: the CLIs, drizzle-kit's configuration, and
 * the worker threads' loaders (`*-boot.mjs`: the definitions gate's, the PDF pool's) for a server
 * run from its TypeScript (under tsx already, as npm start runs it): a built server bundles each
 * worker and never loads them (gate.ts workerEntry, pdf-pool.ts pdfWorkerUrl).
 */
const TOOLING = [/^engine\/cli\//, /\.config\.ts$/, /^server\/features\/[\w-]+\/[\w-]+-boot\.mjs$/];

const packageOf = (specifier: string): string | null => {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("virtual:")) return null;
  if (aliases.some((alias) => specifier.startsWith(alias))) return null;
  if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]!)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
};

describe("the packages the app runs on", () => {
  const files = ["server/", "engine/", "web/src/"]
    .flatMap(sourceFiles)
    .filter((file) => !TOOLING.some((t) => t.test(file)));

  it("are each a dependency", () => {
    expect(files.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const file of files)
      for (const imp of importsOf(file)) {
        const name = imp.typeOnly ? null : packageOf(imp.specifier);
        if (name && !(name in pkg.dependencies))
          missing.push(
            `${imp.file}:${imp.line} imports ${name}, ${name in pkg.devDependencies ? "a devDependency" : "not in package.json"}`,
          );
      }
    expect(missing).toEqual([]);
  });

  it("keep tools, types and test packages out of the dependencies", () => {
    const devOnly =
      /^(@types\/|vitest$|vite$|@vitejs\/|typescript|eslint|prettier$|tsx$|drizzle-kit$|playwright)/;
    expect(Object.keys(pkg.dependencies).filter((name) => devOnly.test(name))).toEqual([]);
  });
});
