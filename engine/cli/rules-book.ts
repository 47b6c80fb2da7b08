// npm run rules:book [-- --out DIR] [--steps DIR --rules DIR]
// Writes the rule book compliance signs off, rule-book.md and rule-book.html, by default to
// dist/docs/, and prints the paths it wrote. Exits 1 when a worked case fails (the book is still written).
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatProblem } from "../lint";
import { loadDefinitions, REPO_ROOT } from "../load";
import { buildRuleBook, renderHtml, renderMarkdown } from "../rule-book";

const { values } = parseArgs({ options: { out: { type: "string" }, steps: { type: "string" }, rules: { type: "string" } } });
const { defs, problems } = loadDefinitions({ steps: values.steps, rules: values.rules });
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error("\nrules:book: the definitions have problems; run npm run check");
  process.exit(1);
}

const out = resolve(values.out ?? join(REPO_ROOT, "dist/docs"));
mkdirSync(out, { recursive: true });
const book = buildRuleBook(defs);
for (const [name, text] of [["rule-book.md", renderMarkdown(book)], ["rule-book.html", renderHtml(book)]] as const) {
  const path = join(out, name);
  writeFileSync(path, text);
  console.log(`${relative(process.cwd(), path) || path} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB)`);
}
const { ruleSets, rules, cases, passed, steps } = book.figures;
console.log(`rules:book: ${ruleSets} rule sets, ${rules} rules, ${cases} worked cases (${passed} pass), ${steps} steps`);
if (passed !== cases) {
  console.error(`rules:book: ${cases - passed} worked case${cases - passed === 1 ? "" : "s"} FAIL: see the book`);
  process.exit(1);
}
