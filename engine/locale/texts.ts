// The Markdown texts of content/ an applicant reads — the mails sent to them (content/mail/, not the
// portal-* and staff-* mails, which go to staff in English) and the public pages (content/pages/) —
// translated whole, like a legal text: content/locales/<code>/content/mail/decision.md.json holds
// the translation of the whole file at the pointer "" (front matter with its title, the mail's
// subject, and the body, tokens as in the English). A text is given in the reader's language only
// from a translation made from the English as it reads now; a legal text (a disclosure, the terms
// of use) only from one a reviewer approved as well (legal.ts). Otherwise the English. Pure.
import { legalTextFor, type LegalText } from "./legal.ts";
import { isCurrent, translationsOf } from "./translation-files.ts";
import { translationFileOf } from "./locales.ts";

/** Texts an applicant reads that are translated whole (issue 41): their mails and the public pages. */
export const TRANSLATED_TEXTS = /^content\/(mail\/(?!portal-|staff-)[a-z0-9-]+|pages\/[a-z0-9-]+)\.md$/;

/** Texts whose translation is offered only once a reviewer approved it (issue 41, item 3). */
export const LEGAL_TEXT = /^content\/(disclosures\/.+|pages\/terms-of-use\.md)$/;

/** `file` (English `english`) as a reader of `code` is given it. */
export function textFor(
  texts: ReadonlyMap<string, string> | undefined,
  code: string,
  file: string,
  english: string,
): LegalText {
  if (code === "en") return { language: "en", source: english };
  if (LEGAL_TEXT.test(file)) return legalTextFor(texts, code, file, english);
  const translation = translationsOf(texts, code).get(translationFileOf(code, file));
  const whole = translation?.translates === file ? translation.strings[""] : undefined;
  return whole && isCurrent(whole, english)
    ? { language: code, source: whole.text }
    : { language: "en", source: english };
}

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The names of the {{tokens}} a text writes, each once, sorted. */
export const tokenNames = (text: string): string[] =>
  [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))].sort();

const PLACEHOLDER = /(?<!\{)\{([a-zA-Z]+)\}(?!\})/g;
/** The names of the {placeholders} an engine word writes (engine/locale/words.ts fill), each once, sorted. */
const placeholderNames = (text: string): string[] =>
  [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/;
/** Front matter keys that are words (translated); the others (version, updated…) are facts a translation keeps. */
const WORD_KEYS = new Set(["title", "description"]);

/** The front matter's lines that are not words (`version: "1"`), as written. */
export function frontMatterFacts(text: string): string[] {
  const front = FENCE.exec(text)?.[1];
  if (front === undefined) return [];
  return front
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !WORD_KEYS.has(/^([A-Za-z][\w-]*):/.exec(line)?.[1] ?? ""));
}

/**
 * What makes a translation of `english` wrong whatever its words: a {{token}} (of an engine word, a
 * {placeholder}) it drops or invents (the reader would miss a figure, or see "[not available yet]"
 * or "{code}"), and, for a whole text with front
 * matter, a fact of it (its version, its date) that differs or is missing.
 */
export function translationMismatch(
  english: string,
  translation: string,
  tokens: "text" | "word" = "text",
): string[] {
  const out: string[] = [];
  const names = tokens === "word" ? placeholderNames : tokenNames;
  const mark = (t: string) => (tokens === "word" ? `{${t}}` : `{{${t}}}`);
  const want = names(english);
  const have = names(translation);
  const dropped = want.filter((t) => !have.includes(t));
  const invented = have.filter((t) => !want.includes(t));
  if (dropped.length)
    out.push(
      `drops ${dropped.map(mark).join(", ")}, which the English writes: the reader would miss that value`,
    );
  if (invented.length)
    out.push(
      `writes ${invented.map(mark).join(", ")}, which the English does not: the same tokens as the English, no others`,
    );
  if (FENCE.test(english)) {
    const facts = frontMatterFacts(english);
    const kept = frontMatterFacts(translation);
    const differ = facts.filter((f) => !kept.includes(f));
    if (!FENCE.test(translation))
      out.push("has no front matter: it translates the whole file, front matter (its title) included");
    else if (differ.length || kept.length !== facts.length)
      out.push(
        `front matter must keep the English's ${facts.join(", ") || "facts"} as written (only title and description are words)`,
      );
  }
  return out;
}
