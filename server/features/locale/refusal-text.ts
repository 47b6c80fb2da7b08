// A refusal's message in the reader's language. Features refuse in English (their words are the
// engine's registry, engine/locale/words.ts `refusal.*`, or a definition's, such as a step's
// dueReason); the transport gives the message in the request's language when that exact English
// is a string the language translates, and as it is otherwise (a message with a value in it).
import type { Definitions } from "@engine/definitions/definitions";
import { getAt } from "@engine/base/pointer";
import { englishStrings } from "@engine/lint/translations";
import { englishAt } from "@engine/locale/localize";
import type { Locale } from "@engine/locale/locales";
import type { EngineWordId } from "@engine/locale/server-words";
import { localizedSet } from "./locale";

const tables = new WeakMap<Definitions, Map<string, Map<string, string>>>();

/** Each English string of `defs` that `locale` translates (current only), to its translation. */
function tableOf(defs: Definitions, locale: Locale): Map<string, string> {
  let byCode = tables.get(defs);
  if (!byCode) tables.set(defs, (byCode = new Map()));
  let table = byCode.get(locale.code);
  if (table) return table;
  table = new Map();
  const localized = localizedSet(defs, locale);
  for (const { source, pointer } of englishStrings(defs.files)) {
    const english = englishAt(defs.files, source, pointer);
    if (!english || table.has(english)) continue;
    const slash = source.indexOf("/");
    const text =
      source === "engine"
        ? (localized.words as Partial<Record<EngineWordId, string>>)[pointer.slice(1) as EngineWordId]
        : getAt(
            localized.defs.files[source.slice(0, slash) as keyof Definitions["files"]]?.[
              source.slice(slash + 1)
            ],
            pointer,
          );
    if (typeof text === "string" && text !== english) table.set(english, text);
  }
  byCode.set(locale.code, table);
  return table;
}

/** `message` in `locale` when it is an English string the language translates; else `message`. */
export function refusalIn(defs: Definitions, locale: Locale, message: string): string {
  if (locale.code === "en") return message;
  return tableOf(defs, locale).get(message) ?? message;
}
