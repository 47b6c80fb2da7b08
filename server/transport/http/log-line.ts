// Log lines are made from structured fields, one JSON object a line, and every character that could
// forge or hide a line is escaped: JSON escapes the C0 controls (CR, LF, NUL, ESC...), and this
// also escapes DEL, the C1 controls, the Unicode line and paragraph separators and the format
// characters (bidi overrides and isolates, zero-width ones) that would reorder or hide what a
// terminal shows. A request path is attacker-written: `/x%0d%0aGET /admin 200` stays one line.
const HIDDEN = /[\u007f-\u009f\u2028\u2029\p{Cf}]/gu;

export function logLine(fields: Record<string, string | number | boolean | null>): string {
  return JSON.stringify(fields).replace(
    HIDDEN,
    (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, "0")}`,
  );
}
