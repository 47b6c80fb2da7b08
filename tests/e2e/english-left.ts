// What English a Spanish page still shows (issue 41), for the spanish*.test.ts files. Two checks:
// the English source strings Spanish translates (a definition's or an engine word's English that
// should have been swapped), and any English sentence at all, such as text hard-coded in a
// component: a text node, aria-label, title, placeholder or alt with two or more common English
// function words. Text inside an element marked another language (a legal text shown in English,
// the picker's "English") is the page saying so, and is skipped.
import type { Page } from "playwright-core";
import { englishStrings } from "@engine/lint/translations";
import { englishAt, isCurrent, translationsOf } from "@engine/locale/localize";
import { repo } from "../helpers/definitions";

/** English source strings long enough not to be a name or a number ("FAQ", "$0"). */
const longEnough = (english: string) =>
  english.length >= 12 && english.includes(" ") && !english.includes("{");

function sourceStrings(wanted: (current: boolean, same: boolean) => boolean): string[] {
  const { defs } = repo;
  const bySource = new Map([...translationsOf(defs.texts, "es").values()].map((t) => [t.translates, t]));
  const out = new Set<string>();
  for (const { source, pointer } of englishStrings(defs.files, defs.texts)) {
    const english = englishAt(defs.files, source, pointer, defs.texts);
    if (!english || !longEnough(english)) continue;
    const entry = bySource.get(source)?.strings[pointer];
    const current = !!entry && isCurrent(entry, english);
    if (wanted(current, current && entry.text === english)) out.add(english.trim());
  }
  return [...out];
}

/** The English source strings a Spanish page must not show: each one Spanish translates (current, and different from the English). */
export const translatedEnglish = sourceStrings((current, same) => current && !same);

/** The English source strings Spanish has no current translation of (missing, or stale): none may be on a page a test calls translated. */
export const untranslatedEnglish = sourceStrings((current) => !current);

/** Words Spanish never uses and nearly every English sentence has. */
export const ENGLISH_FUNCTION_WORDS = ["the", "your", "and", "of", "to", "is", "we", "you", "for", "this"];

/**
 * The English left on the page: each of `strings` found in its text, then each text or accessible
 * name with two or more English function words, as "sentence: …". Outside any element marked
 * another language.
 */
export async function englishLeft(
  page: Page,
  strings: readonly string[] = translatedEnglish,
): Promise<string[]> {
  // Run in the page (a string: this file is compiled without the DOM's types).
  const { text, sentences } = await page.evaluate<{ text: string; sentences: string[] }>(`(() => {
    const functionWords = new Set(${JSON.stringify(ENGLISH_FUNCTION_WORDS)});
    const english = (s) => (s.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => functionWords.has(w)).length >= 2;
    const parts = [];
    const sentences = new Set();
    const walk = (node) => {
      if (node.nodeType === Node.ELEMENT_NODE) {
        const lang = node.getAttribute("lang");
        if (lang && lang !== "es") return;
        if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(node.tagName)) return;
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
          const value = node.getAttribute(name);
          if (value && english(value)) sentences.add(name + ": " + value.trim());
        }
        // An element's own text, its text nodes together: a sentence with a value put in is several.
        const own = [...node.childNodes]
          .map((child) => (child.nodeType === Node.TEXT_NODE ? child.textContent : " … "))
          .join("")
          .replace(/\\s+/g, " ")
          .trim();
        if (english(own)) sentences.add("sentence: " + own);
      }
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? "");
      node.childNodes.forEach(walk);
    };
    walk(document.body);
    if (document.title && english(document.title)) sentences.add("title: " + document.title);
    return { text: parts.join(" ").replace(/\\s+/g, " "), sentences: [...sentences] };
  })()`);
  return [...strings.filter((english) => text.includes(english)), ...sentences];
}
