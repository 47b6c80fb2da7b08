// Where a rule set's parameter is written: its file and the JSON pointer in it. Kept apart from the
// translation lookups (../locale/recorded-words.ts) so that browser code naming a place (the
// document catalogue) does not pull in the server's hashing of translations.
import { escapeSegment } from "../base/pointer";
import type { Definitions } from "./definitions";

/** A string's place in the definitions: its file and the pointer in it. */
export interface Place {
  source: string;
  pointer: string;
}

/** Where params.<ruleSet>.<path…> is written: the rule set's file, and the pointer in it. */
export const paramPlace = (defs: Definitions, ruleSet: string, ...path: (string | number)[]): Place => ({
  source: defs.ruleSets.get(ruleSet)?.file ?? `rules/${ruleSet}.json`,
  pointer: ["/params", ...path.map(escapeSegment)].join("/"),
});
