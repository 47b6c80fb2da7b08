// The layers of docs/architecture.md hold: every import of every source file goes where the
// layering table allows. The table is read from that file (one place); this test only applies it.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { importsOf, SOURCE, sourceFiles, type Import } from "../helpers/imports";

interface Row {
  folders: string[];
  /** "anything", or the folders (ending in /) and modules it may import, each maybe type-only. */
  mayImport: "anything" | { target: string; typeOnly: boolean }[];
  forbiddenPackages: RegExp[];
}

/** The rows of the table in docs/architecture.md whose header starts with "| Folder |". */
function readTable(): Row[] {
  const lines = readFileSync(join(REPO_ROOT, "docs/architecture.md"), "utf8").split("\n");
  const header = lines.findIndex((l) => /^\|\s*Folder\s*\|/.test(l));
  if (header < 0) throw new Error("docs/architecture.md has no table whose first column is Folder");
  const cells = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
  const columns = cells(lines[header]!);
  const col = (name: RegExp) => {
    const i = columns.findIndex((c) => name.test(c));
    if (i < 0) throw new Error(`docs/architecture.md: the layering table has no column ${name}`);
    return i;
  };
  const [folderCol, importCol, packageCol] = [
    col(/^Folder$/),
    col(/^May import$/),
    col(/^Packages it may not import$/),
  ];
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`(\s*\(type only\))?/g)];
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const c = cells(line);
    const mayImport = c[importCol]!;
    rows.push({
      folders: ticked(c[folderCol]!).map((m) => m[1]!),
      mayImport: /^anything$/i.test(mayImport)
        ? "anything"
        : /^nothing$/i.test(mayImport)
          ? []
          : ticked(mayImport).map((m) => ({ target: m[1]!, typeOnly: Boolean(m[2]) })),
      forbiddenPackages: ticked(c[packageCol] ?? "").map(
        (m) => new RegExp(`^${m[1]!.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`),
      ),
    });
  }
  return rows;
}

/** tsconfig.json's path aliases (`@engine/` → `engine/`), the one place they are written. */
const ALIASES: [string, string][] = Object.entries(
  (
    JSON.parse(readFileSync(join(REPO_ROOT, "tsconfig.json"), "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    }
  ).compilerOptions.paths,
).map(([key, [target]]) => [key.replace(/\*$/, ""), target!.replace(/^\.\//, "").replace(/\*$/, "")]);

/** The repository path an import names, without extension, `/index` for a folder; a package's name otherwise. */
function targetOf(imp: Import): { path: string } | { pkg: string } {
  let spec = imp.specifier.replace(/\?.*$/, "");
  const alias = ALIASES.find(([key]) => spec.startsWith(key));
  if (alias)
    spec = relative(
      dirname(join(REPO_ROOT, imp.file)),
      join(REPO_ROOT, alias[1], spec.slice(alias[0].length)),
    )
      .split("\\")
      .join("/")
      .replace(/^(?!\.)/, "./");
  if (!spec.startsWith(".") && !spec.startsWith("/")) {
    const parts = spec.split("/");
    return { pkg: spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]! };
  }
  const full = resolve(REPO_ROOT, dirname(imp.file), spec);
  let path = relative(REPO_ROOT, full).split("\\").join("/");
  if (spec.endsWith("/")) return { path: `${path}/` };
  if (existsSync(full) && statSync(full).isDirectory()) path = `${path}/index`;
  return { path: path.replace(SOURCE, "") };
}

describe("the layering of docs/architecture.md", () => {
  const rows = readTable();
  const folders = rows.flatMap((r) => r.folders).sort((a, b) => b.length - a.length);
  const rowOf = (folder: string) => rows.find((r) => r.folders.includes(folder))!;
  /** The most specific folder of the table holding a path. */
  const layerOf = (path: string) => folders.find((f) => path.startsWith(f));

  it("has a row for engine, its renderer, server, web and the data folders", () => {
    for (const folder of [
      "engine/",
      "engine/react/",
      "server/",
      "web/",
      "schemas/",
      "steps/",
      "rules/",
      "content/",
      "tests/",
    ])
      expect(folders).toContain(folder);
  });

  it("is kept by every import of every source file", () => {
    const offences: string[] = [];
    let checked = 0;
    for (const file of folders.flatMap(sourceFiles)) {
      const layer = layerOf(file)!;
      const row = rowOf(layer);
      if (row.mayImport === "anything") continue;
      for (const imp of importsOf(file)) {
        checked++;
        const target = targetOf(imp);
        const at = `${imp.file}:${imp.line} imports "${imp.specifier}"`;
        if ("pkg" in target) {
          if (target.pkg.startsWith("node:") || !row.forbiddenPackages.some((p) => p.test(target.pkg)))
            continue;
          offences.push(`${at}: ${layer} may not import the package ${target.pkg}`);
          continue;
        }
        const targetLayer = layerOf(target.path);
        const allowed = row.mayImport.find((m) =>
          m.target.endsWith("/")
            ? m.target === targetLayer
            : m.target === target.path || `${m.target}/index` === target.path,
        );
        if (!allowed) offences.push(`${at}: ${layer} may not import ${targetLayer ?? target.path}`);
        else if (allowed.typeOnly && !imp.typeOnly)
          offences.push(`${at}: ${layer} may import ${allowed.target} with "import type" only`);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(offences).toEqual([]);
  });

  it("has no import cycle among the modules of engine/, server/ and web/ (type-only and lazy imports aside)", () => {
    const files = ["engine/", "server/", "web/"].flatMap(sourceFiles);
    const known = new Set(files.map((f) => f.replace(SOURCE, "")));
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const from = file.replace(SOURCE, "");
      const to = importsOf(file).flatMap((imp) => {
        const target = targetOf(imp);
        if (imp.typeOnly || imp.lazy || !("path" in target)) return [];
        return known.has(target.path) ? [target.path] : [];
      });
      graph.set(from, to);
    }
    // Tarjan's strongly connected components: a component of two modules or more is a cycle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const cycles: string[] = [];
    const visit = (v: string) => {
      index.set(v, index.size);
      low.set(v, index.get(v)!);
      stack.push(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) !== index.get(v)) return;
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1) cycles.push(component.sort().join(" → "));
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles).toEqual([]);
  });
});

describe("what the browser loads", () => {
  /** The source file a path without extension names, if any. */
  const fileOf = (path: string) =>
    ["", ".ts", ".tsx"]
      .map((ext) => `${path}${ext}`)
      .find((f) => existsSync(join(REPO_ROOT, f)) && /\.tsx?$/.test(f));

  it("imports no Node built-in, however deep (Vite would bundle an empty stand-in and warn on every build)", () => {
    const from = new Map<string, string>([["web/src/main.tsx", ""]]);
    const queue = ["web/src/main.tsx"];
    const offences: string[] = [];
    while (queue.length) {
      const file = queue.pop()!;
      for (const imp of importsOf(file)) {
        if (imp.typeOnly) continue;
        const target = targetOf(imp);
        if ("pkg" in target) {
          if (!target.pkg.startsWith("node:")) continue;
          const chain = [file];
          for (let f = from.get(file); f; f = from.get(f)) chain.unshift(f);
          offences.push(
            `${imp.file}:${imp.line} imports "${imp.specifier}" (loaded by ${chain.join(" → ")})`,
          );
          continue;
        }
        const next = fileOf(target.path);
        if (next && !from.has(next)) {
          from.set(next, file);
          queue.push(next);
        }
      }
    }
    expect(from.size).toBeGreaterThan(200);
    expect(offences).toEqual([]);
  });
});
