// A text a reader sees (every string englishStrings counts: steps, rules' reader words, mails,
// pages) says nothing of how the definitions are made: no spec section, no definitions or code
// file, no rule id, no design note. Those belong in `description` or `designNote`, which only
// editors read. Found when condition descriptions told borrowers "(No document type of spec §5
// fits, so none is set.)". content/ files may be named: the sample lender's banner names the file
// an operator replaces.
import type { Definitions, Problem } from "../definitions/definitions";
import { englishAt } from "../locale/localize";
import { englishStrings } from "./translations";

const EDITORS_WORDS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bspec(?:ification)?\s*§|§\s*\d/i, what: "a section of the spec" },
  {
    pattern: /\b(?:rules|steps|schemas|engine|server|web|journeys)\/[\w./-]*\w/,
    what: "a definitions or code file",
  },
  { pattern: /\bdesignNote\b|\bjson-?logic\b/i, what: "an editor's term" },
  { pattern: /\bthe rule [a-z][\w-]*\.[\w.-]*\w/i, what: "a rule id" },
];

export function readerWordProblems(defs: Definitions): Problem[] {
  const problems: Problem[] = [];
  for (const { source, pointer } of englishStrings(defs.files, defs.texts)) {
    const english = englishAt(defs.files, source, pointer, defs.texts) ?? "";
    for (const { pattern, what } of EDITORS_WORDS) {
      const found = english.match(pattern);
      if (found)
        problems.push({
          file: source,
          pointer,
          message: `readers see this text, and it names ${what} (“${found[0]}”): say that in the entry's description or designNote, for editors`,
        });
    }
  }
  return problems;
}
