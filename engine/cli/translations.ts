// npm run translations -- <locale> [source…]: the strings of a language still to translate (or
// brought up to date), as the entries a translation file takes (schemas/translation.schema.json):
// each English string with the hash its translation records. Without a source, a count per source.
// It writes nothing: a translator writes the `text`, nobody's machine.
import { loadDefinitions } from "../definitions/load";
import { translationReport } from "../lint/translations";
import { translationFileOf } from "../locale/locales";

const [code, ...sources] = process.argv.slice(2);
if (!code) {
  console.error(
    "usage: npm run translations -- <locale> [source…]   e.g. npm run translations -- es steps/initial-setup/name.json",
  );
  process.exit(2);
}
const { defs } = loadDefinitions();
const report = translationReport(defs).find((r) => r.locale === code);
if (!report) {
  console.error(`${code} is not a language content/locales/locales.json offers (besides English)`);
  process.exit(2);
}
if (!sources.length) {
  const counts = new Map<string, number>();
  for (const m of report.missing) counts.set(m.source, (counts.get(m.source) ?? 0) + 1);
  for (const [source, n] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`${String(n).padStart(5)}  ${source}`);
  console.log(`${report.missing.length} missing, ${report.stale.length} stale, ${report.translated} current`);
} else
  for (const source of sources) {
    const strings = Object.fromEntries(
      report.missing
        .filter((m) => m.source === source)
        .map((m) => [m.pointer, { en: m.en, english: m.english }]),
    );
    console.log(`// ${translationFileOf(code, source)}: replace each "english" with "text" in ${code}`);
    console.log(JSON.stringify({ translates: source, strings }, null, 2));
  }
