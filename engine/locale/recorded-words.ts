// Words a record copied from the definitions when it was made (a condition's label and description,
// copied from the catalogue when staff asked it), read in each reader's language by the place they
// were copied from: that place's words in the reader's language while the recorded words are still
// the English there. Words the English there no longer says (the catalogue changed since, or
// someone wrote their own) stay as recorded: the record says what was asked, and no translation of
// it exists.
import type { Definitions } from "../definitions/definitions";
import type { Place } from "../definitions/param-place";
import { definitionStringAt } from "./localize";

/** Recorded words and the definitions' string they were copied from (`source` a definition file, `pointer` in it). */
export interface RecordedWords extends Place {
  text: string;
}

/** Whether `value` (a queued mail's value, read back from JSON) is recorded words. */
export const isRecordedWords = (value: unknown): value is RecordedWords =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as RecordedWords).text === "string" &&
  typeof (value as RecordedWords).source === "string" &&
  typeof (value as RecordedWords).pointer === "string";

/** `words` as a reader of `reader` (the set in their language) reads them; `english` is the set they were copied from. */
export function recordedIn(english: Definitions, reader: Definitions, words: RecordedWords): string {
  if (definitionStringAt(english.files, words.source, words.pointer) !== words.text) return words.text;
  return definitionStringAt(reader.files, words.source, words.pointer) ?? words.text;
}
