// A refusal's message in the reader's language. A refusal that is an engine word carries it and its
// values (`Said`, engine/locale/server-words.ts): it is written in the reader's words, each value
// written for them too (a day and dollars by the language's Intl tag, a definitions' string by its
// translation). A refusal whose words are a definition's own (a step's dueReason, a check's
// message) is given by its English source string: its translation when the language has a current
// one. Any other message is given as it is.
import type { Definitions } from "@engine/definitions/definitions";
import { getAt } from "@engine/base/pointer";
import { englishStrings } from "@engine/lint/translations";
import { englishAt } from "@engine/locale/localize";
import type { Locale } from "@engine/locale/locales";
import { sayWith, type EngineWordId, type Said } from "@engine/locale/server-words";
import { localizedSet } from "./locale";

const tables = new WeakMap<Definitions, Map<string, Map<string, string>>>();

/**
 * Each English string of the definitions (not the engine's words: those are said by id) that
 * `locale` translates (current only), to its translation. This reading back of English stays for
 * the definitions' own messages only: a step's dueReason and a check's message reach a refusal as
 * the definitions wrote them, with no id but their place in a file.
 */
function tableOf(defs: Definitions, locale: Locale): Map<string, string> {
  let byCode = tables.get(defs);
  if (!byCode) tables.set(defs, (byCode = new Map()));
  const known = byCode.get(locale.code);
  if (known) return known;
  const table = new Map<string, string>();
  const localized = localizedSet(defs, locale);
  for (const { source, pointer } of englishStrings(defs.files)) {
    if (source === "engine") continue;
    const english = englishAt(defs.files, source, pointer);
    if (!english || table.has(english)) continue;
    const slash = source.indexOf("/");
    const text = getAt(
      localized.defs.files[source.slice(0, slash) as keyof Definitions["files"]]?.[source.slice(slash + 1)],
      pointer,
    );
    if (typeof text === "string" && text !== english) table.set(english, text);
  }
  byCode.set(locale.code, table);
  return table;
}

/** A definition's own message (a dueReason, a check's message) in `locale` when it translates it; else `message`. */
export function refusalIn(defs: Definitions, locale: Locale, message: string): string {
  if (locale.code === "en") return message;
  return tableOf(defs, locale).get(message) ?? message;
}

/** An engine word and its values in `locale`: its word there (English when it has none current), the values written for it. */
export function saidIn(defs: Definitions, locale: Locale, s: Said): string {
  const words = locale.code === "en" ? undefined : localizedSet(defs, locale).words;
  return sayWith(s, {
    words: words as Partial<Record<EngineWordId, string>> | undefined,
    text: (english) => refusalIn(defs, locale, english),
    intl: locale.intl,
  });
}
