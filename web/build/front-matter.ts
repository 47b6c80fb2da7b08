// Splits a content file into its front matter and its Markdown body. The front matter is the
// small YAML subset our content uses: one `key: value` per line, values plain or quoted strings,
// numbers and booleans. No YAML parser ships (this runs at build time only).

export type FrontMatter = Record<string, string | number | boolean>;

export interface ContentFile {
  attributes: FrontMatter;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function scalar(raw: string): string | number | boolean {
  const text = raw.trim();
  if (/^"(.*)"$/.test(text)) return JSON.parse(text) as string;
  if (/^'(.*)'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'");
  if (text === "true" || text === "false") return text === "true";
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** Throws with the file's line number on a line it cannot read, so a typo fails the build. */
export function parseFrontMatter(source: string, file = "content"): ContentFile {
  const match = FENCE.exec(source);
  if (!match) return { attributes: {}, body: source };
  const attributes: FrontMatter = {};
  match[1]!.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`${file}:${i + 2}: front matter lines are "key: value", got "${line}"`);
    attributes[pair[1]!] = scalar(pair[2]!);
  });
  return { attributes, body: source.slice(match[0].length) };
}
