// Where things are in a JSON text: the line and column of the value at a JSON pointer, and of a
// syntax error. Problems name the file, the line:column an editor jumps to, and the pointer.
import { splitPointer } from "./pointer.ts";

export interface Position {
  line: number;
  column: number;
}

/** The line and column (both from 1) of a character offset. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  return { line, column: Math.min(offset, text.length) - start + 1 };
}

/**
 * Where the value at `pointer` starts in a JSON text (for an object member, where its key is);
 * for a pointer the text does not have (a missing property), the deepest part that it has.
 * Null when the text is not JSON.
 */
export function positionOf(text: string, pointer: string): Position | null {
  const keys = pointer === "" ? [] : splitPointer(pointer);
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const skipString = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const readString = (): string => {
    const from = i;
    skipString();
    return JSON.parse(text.slice(from, i)) as string;
  };
  // Skips one value starting at i (after whitespace).
  const skipValue = (): void => {
    ws();
    const c = text[i];
    if (c === '"') return skipString();
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (text[i] === close) return void i++;
      for (;;) {
        ws();
        if (c === "{") {
          skipString();
          ws();
          i++; // colon
        }
        skipValue();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === close) return void i++;
        else throw new Error("not JSON");
      }
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  try {
    ws();
    let at = i;
    for (const key of keys) {
      ws();
      const c = text[i];
      let found = false;
      if (c === "{") {
        i++;
        ws();
        while (text[i] !== "}") {
          ws();
          const keyAt = i;
          const name = readString();
          ws();
          i++; // colon
          ws();
          if (name === key) {
            at = keyAt;
            found = true;
            break;
          }
          skipValue();
          ws();
          if (text[i] === ",") i++;
        }
      } else if (c === "[" && /^\d+$/.test(key)) {
        i++;
        for (let n = 0; ; n++) {
          ws();
          if (text[i] === "]") break;
          if (n === Number(key)) {
            at = i;
            found = true;
            break;
          }
          skipValue();
          ws();
          if (text[i] === ",") i++;
        }
      }
      if (!found) break;
    }
    return positionAt(text, at);
  } catch {
    return null;
  }
}

/**
 * Where a JSON text stops being JSON, from the parser's message (Node gives "at position N", newer
 * versions "(line L column C)"): null when the message says neither.
 */
export function syntaxErrorPosition(text: string, message: string): Position | null {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/.exec(message);
  if (position) return positionAt(text, Number(position[1]));
  if (/Unexpected end of JSON input/.test(message)) return positionAt(text, text.length);
  return null;
}

/** The parser's message without its own account of where (the problem says line and column). */
export function syntaxErrorMessage(message: string): string {
  return message
    .replace(/\s*(in JSON )?at position \d+.*$/, "")
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/^Unexpected end of JSON input$/, "the file ends before the JSON does");
}
