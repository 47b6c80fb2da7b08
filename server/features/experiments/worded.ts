// The definitions a reader is served: the set in their language (server/features/locale) with the
// strings of their experiments' arms in place (engine/funnel/experiments.ts wordedFiles). An arm's
// strings are read from rules/experiments.json of the set in that language, so a Spanish arm is
// the current translation of the arm, falling back to its English as any string does (only
// languages an experiment names take part: check requires them translated). Built once per set,
// language and arms, and kept with the set; a reader in no arm gets the language's set itself.
import { buildDefinitions, type Definitions } from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import { armsKey, wordedFiles, type Assigned } from "@engine/funnel/experiments";
import type { Locale } from "@engine/locale/locales";
import { localizedSet, type LocalizedSet } from "@server/features/locale/locale";

const built = new WeakMap<Definitions, Map<string, LocalizedSet>>();

export function wordedSet(defs: Definitions, locale: Locale, arms: readonly Assigned[]): LocalizedSet {
  const base = localizedSet(defs, locale);
  if (!arms.length) return base;
  const files = wordedFiles(base.defs, base.defs.files, arms);
  if (files === base.defs.files) return base; // only control arms: the step as it reads
  let byKey = built.get(defs);
  if (!byKey) built.set(defs, (byKey = new Map()));
  const key = `${locale.code}|${armsKey(arms)}`;
  let set = byKey.get(key);
  if (!set) {
    const worded: Definitions = {
      ...buildDefinitions(files, { trusted: true, compiler: createAjv }).defs,
      ...(defs.texts ? { texts: defs.texts } : {}),
      ...(defs.version !== undefined ? { version: defs.version } : {}),
    };
    if (base.defs.words) worded.words = base.defs.words;
    set = { locale: base.locale, defs: worded, words: base.words };
    byKey.set(key, set);
  }
  return set;
}
