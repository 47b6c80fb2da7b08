// One topic per screen (a step's `sections`): which fields a section shows, and which section
// holds an answer. The step is still one save: sections only choose what is on screen.
import type { Step } from "../generated/schema-types";
import { isWithin } from "../base/pointer";

export type Section = NonNullable<Step["sections"]>[number];

/** A field shows in a section when it is inside one of the section's fields, or holds one (its container). */
export const shownIn = (pointer: string, fields: readonly string[]): boolean =>
  fields.some((f) => isWithin(pointer, f) || isWithin(f, pointer));

/** The index of the section whose fields hold `pointer` (an answer or an error), or -1 (the step as a whole). */
export const sectionOf = (sections: readonly Section[], pointer: string): number =>
  sections.findIndex((s) => s.fields.some((f) => isWithin(pointer, f)));

/**
 * The sections the reader goes through now: those with a field that is the reader's to answer
 * (`asks`) and not hidden by the step's logic (`hidden`). A section left with nothing to ask is passed over.
 */
export function openSections(
  sections: readonly Section[],
  asks: (pointer: string) => boolean,
  hidden: readonly string[],
): Section[] {
  return sections.filter((s) => s.fields.some((f) => asks(f) && !hidden.some((h) => isWithin(f, h))));
}
