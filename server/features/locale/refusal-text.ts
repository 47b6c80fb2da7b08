// A refusal's message in the reader's language. Features refuse in English (their words are the
// engine's registry, engine/locale/server-words.ts `refusal.*`, or a definition's, such as a step's
// dueReason); the transport gives the message in the request's language when that exact English
// is a string the language translates, or when it is an engine word with values written into it
// ({title}, {limit}): then the translation with the same values, each itself translated when it is
// a string the language translates ("co-borrower"). Any other message is given as it is.
import type { Definitions } from "@engine/definitions/definitions";
import { getAt } from "@engine/base/pointer";
import { englishStrings } from "@engine/lint/translations";
import { englishAt } from "@engine/locale/localize";
import type { Locale } from "@engine/locale/locales";
import { ENGINE_WORDS, type EngineWordId } from "@engine/locale/server-words";
import { fill } from "@engine/locale/words";
import { localizedSet } from "./locale";

/** An engine word with values in it: its English as a pattern that finds the values, and its translation. */
interface Template {
  pattern: RegExp;
  names: string[];
  text: string;
}
interface Table {
  exact: Map<string, string>;
  templates: Template[];
}

const tables = new WeakMap<Definitions, Map<string, Table>>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The English of a word with {names} as a pattern capturing each value. */
function templateOf(english: string, text: string): Template | null {
  const names: string[] = [];
  const source = english
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return "(.+?)";
    })
    .join("");
  return names.length ? { pattern: new RegExp(`^${source}$`, "s"), names, text } : null;
}

/** Each English string of `defs` that `locale` translates (current only), to its translation; and the words with values. */
function tableOf(defs: Definitions, locale: Locale): Table {
  let byCode = tables.get(defs);
  if (!byCode) tables.set(defs, (byCode = new Map()));
  const known = byCode.get(locale.code);
  if (known) return known;
  const table = new Map<string, string>();
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
  const words = localized.words as Partial<Record<EngineWordId, string>>;
  // Only refusals: a validation phrase such as "{label} {words}" would match any sentence.
  const templates = Object.entries(ENGINE_WORDS).flatMap(([id, english]) => {
    const text = id.startsWith("refusal.") ? words[id as EngineWordId] : undefined;
    const template = text ? templateOf(english, text) : null;
    return template ? [template] : [];
  });
  const built = { exact: table, templates };
  byCode.set(locale.code, built);
  return built;
}

/** A value written into a refusal, in the language when it is a string the language translates (also lower-cased, as "co-borrower"). */
function valueIn(table: Map<string, string>, value: string): string {
  const exact = table.get(value);
  if (exact) return exact;
  const capitalized = table.get(value.charAt(0).toUpperCase() + value.slice(1));
  return capitalized && value.charAt(0) !== value.charAt(0).toUpperCase()
    ? capitalized.charAt(0).toLowerCase() + capitalized.slice(1)
    : value;
}

/** `message` in `locale` when it is an English string the language translates; else `message`. */
export function refusalIn(defs: Definitions, locale: Locale, message: string): string {
  if (locale.code === "en") return message;
  const { exact, templates } = tableOf(defs, locale);
  const translated = exact.get(message);
  if (translated !== undefined) return translated;
  for (const { pattern, names, text } of templates) {
    const found = pattern.exec(message);
    if (found)
      return fill(text, Object.fromEntries(names.map((name, i) => [name, valueIn(exact, found[i + 1]!)])));
  }
  return message;
}
