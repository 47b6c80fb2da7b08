// Every import of the repository's source files, read with TypeScript's parser: for the tests that
// hold the imports to a rule (tests/unit/layering.test.ts, tests/unit/dependencies.test.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "@engine/base/paths";

export interface Import {
  file: string;
  line: number;
  specifier: string;
  typeOnly: boolean;
  /** `import()` or a glob: loaded later, so it cannot make a cycle at load time. */
  lazy?: boolean;
}

/**
 * Every import of a source file: static, re-export, dynamic, `import("x").T` in types, and Vite's
 * import.meta.glob. Parsed once per worker: the layering and dependency tests read every file.
 */
export function importsOf(file: string): readonly Import[] {
  let found = parsed.get(file);
  if (!found) parsed.set(file, (found = parseImports(file)));
  return found;
}
const parsed = new Map<string, Import[]>();

function parseImports(file: string): Import[] {
  const text = readFileSync(join(REPO_ROOT, file), "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Import[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined, typeOnly: boolean, lazy = false) => {
    if (specifier && ts.isStringLiteralLike(specifier))
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        specifier: specifier.text,
        typeOnly,
        lazy,
      });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, Boolean(node.importClause?.isTypeOnly));
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node, node.argument.literal, true);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === "require")
      )
        add(node, node.arguments[0], false, callee.kind === ts.SyntaxKind.ImportKeyword);
      else if (ts.isPropertyAccessExpression(callee) && callee.getText(source) === "import.meta.glob") {
        const [patterns] = node.arguments;
        const all =
          patterns && ts.isArrayLiteralExpression(patterns)
            ? [...patterns.elements]
            : patterns
              ? [patterns]
              : [];
        for (const p of all)
          if (ts.isStringLiteralLike(p))
            found.push({
              file,
              line: source.getLineAndCharacterOfPosition(p.getStart()).line + 1,
              specifier: p.text.replace(/^!/, "").replace(/\/?[^/]*\*.*$/, "/"),
              typeOnly: false,
              lazy: true,
            });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
export const sourceFiles = (dir: string): string[] =>
  existsSync(join(REPO_ROOT, dir))
    ? readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
        const path = `${dir}${e.name}`;
        if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(`${path}/`);
        return SOURCE.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
      })
    : [];
