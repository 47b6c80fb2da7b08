// npm run rules:book [-- --out DIR] [--steps DIR --rules DIR]
// Writes the rule book compliance signs off, rule-book.md and rule-book.html, by default to
// dist/docs/, and prints the paths it wrote. Exits 1 when a worked case fails (the book is still written).
import { buildRuleBook, renderHtml, renderMarkdown } from "../explain/rule-book";
import { definitionsFor, writeDocs } from "./docs-output";

const { defs, out } = definitionsFor("rules:book");
const book = buildRuleBook(defs);
writeDocs(out, [
  ["rule-book.md", renderMarkdown(book)],
  ["rule-book.html", renderHtml(book)],
]);
const { ruleSets, rules, cases, passed, steps } = book.figures;
console.log(
  `rules:book: ${ruleSets} rule sets, ${rules} rules, ${cases} worked cases (${passed} pass), ${steps} steps`,
);
if (passed !== cases) {
  console.error(
    `rules:book: ${cases - passed} worked case${cases - passed === 1 ? "" : "s"} FAIL: see the book`,
  );
  process.exit(1);
}
