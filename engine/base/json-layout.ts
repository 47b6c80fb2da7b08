// The one canonical layout of every definition file (steps/, rules/, schemas/): two-space
// indent, and any array or object that fits in 120 characters kept on one line, so a small
// expression reads as one line. `npm run format` writes it; `npm run check` refuses a file that
// is not in it, so a diff never mixes layout with meaning.
import stringify from "json-stringify-pretty-compact";

export const LAYOUT_WIDTH = 120;

export function layoutDefinition(value: unknown): string {
  return `${stringify(value, { maxLength: LAYOUT_WIDTH, indent: 2 })}\n`;
}
