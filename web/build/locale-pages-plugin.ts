// Vite plugin: the public pages (content/pages/*.md: the FAQ, licensing, the terms of use) in each
// offered language other than English, one small module per page and language, loaded only by a
// reader who chose that language (web/src/app/localized-pages.ts). Each is the page's translation
// (content/locales/<code>/content/pages/<page>.md.json) when it was made from the English as it
// reads now, and, for a legal text (the terms of use), approved by a reviewer as well
// (engine/locale/texts.ts); otherwise the English page, saying so (`language`), so the page can
// mark it and, for a legal text, say why in the reader's language. `virtual:content-pages` maps
// each language to its pages' loaders.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { REPO_ROOT } from "../../engine/base/paths.ts";
import { currentContentStrings } from "../../engine/locale/content-text.ts";
import { translationFileOf } from "../../engine/locale/locales.ts";
import { LEGAL_TEXT, textFor } from "../../engine/locale/texts.ts";
import { lenderFile, readLenderProfile } from "../../engine/lending/lender-file.ts";
import { lenderTokens } from "../../engine/lending/lender.ts";
import { lenderInLanguage } from "../../engine/lending/lender-text.ts";
import { otherLocales } from "./locale-content-plugin.ts";
import { renderContent } from "./markdown-plugin.ts";

export const PAGES_MODULE = "virtual:content-pages";
const PAGE_MODULE = "virtual:content-page/";
const PAGES_DIR = "content/pages";
const STATEMENTS = "content/statements.json";
const LENDER = "content/lender.json";

const read = (file: string) => readFileSync(join(REPO_ROOT, file), "utf8");
const pageNames = () =>
  readdirSync(join(REPO_ROOT, PAGES_DIR))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.slice(0, -3))
    .sort();

/** The statements the pages write as tokens, in `code` where its translation is current. */
function statementTokens(code: string): Record<string, string> {
  const file = translationFileOf(code, STATEMENTS);
  if (!existsSync(join(REPO_ROOT, file))) return {};
  const current = currentContentStrings(read(STATEMENTS), JSON.parse(read(file)) as never);
  return current["/creditPull"] ? { creditPullStatement: current["/creditPull"] } : {};
}

/** The lender's facts a page writes in `code` (the support hours, the license table's headings, the license number after a state's notice): engine/lending/lender-text.ts. */
function lenderLanguageTokens(code: string): Record<string, string> {
  const texts = new Map<string, string>();
  for (const file of [translationFileOf(code, LENDER), translationFileOf(code, "engine")])
    if (existsSync(join(REPO_ROOT, file))) texts.set(file, read(file));
  const profile = readLenderProfile();
  const all = lenderTokens(profile, lenderInLanguage(texts, code, profile));
  return {
    supportHours: all.supportHours!,
    licenseTable: all.licenseTable!,
    stateNotices: all.stateNotices!,
  };
}

/** The page `name` as a reader of `code` is shown it: its front matter, its HTML, the language it is in, whether it is a legal text. */
export function localizedPage(
  code: string,
  name: string,
): { attributes: Record<string, unknown>; html: string; language: string; legal: boolean } {
  const file = `${PAGES_DIR}/${name}.md`;
  const english = read(file);
  const translation = translationFileOf(code, file);
  const texts = new Map<string, string>();
  if (existsSync(join(REPO_ROOT, translation))) texts.set(translation, read(translation));
  const chosen = textFor(texts, code, file, english);
  const tokens = chosen.language === code ? { ...statementTokens(code), ...lenderLanguageTokens(code) } : {};
  const { attributes, html } = renderContent(chosen.source, join(REPO_ROOT, file), { lender: true, tokens });
  return { attributes, html, language: chosen.language, legal: LEGAL_TEXT.test(file) };
}

export function localePageModules(): Plugin {
  return {
    name: "heloc-locale-pages",
    resolveId(id) {
      return id === PAGES_MODULE || id.startsWith(PAGE_MODULE) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${PAGES_MODULE}`) {
        const entries = otherLocales().map((l) => {
          const pages = pageNames().map(
            (name) =>
              `${JSON.stringify(name)}: () => import(${JSON.stringify(`${PAGE_MODULE}${l.code}/${name}`)})`,
          );
          return `${JSON.stringify(l.code)}: {${pages.join(", ")}}`;
        });
        return `export const pages = {${entries.join(", ")}};\n`;
      }
      if (!id.startsWith(`\0${PAGE_MODULE}`)) return null;
      const [code = "", name = ""] = id.slice(PAGE_MODULE.length + 1).split("/");
      if (!otherLocales().some((l) => l.code === code)) throw new Error(`${code} is not an offered language`);
      if (!pageNames().includes(name)) throw new Error(`content/pages/${name}.md does not exist`);
      const file = `${PAGES_DIR}/${name}.md`;
      for (const watched of [
        file,
        translationFileOf(code, file),
        STATEMENTS,
        translationFileOf(code, STATEMENTS),
        translationFileOf(code, LENDER),
        translationFileOf(code, "engine"),
      ])
        if (existsSync(join(REPO_ROOT, watched))) this.addWatchFile(join(REPO_ROOT, watched));
      this.addWatchFile(lenderFile());
      const page = localizedPage(code, name);
      return Object.entries(page)
        .map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};\n`)
        .join("");
    },
  };
}
