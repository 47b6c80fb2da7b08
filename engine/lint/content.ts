// The texts of content/, checked as the definitions are: every {{token}} must be one the code that
// fills the text provides (the domain says which: engine/lending/text-tokens.ts, given as
// `tokens`), or the reader gets "[not available yet]" in a disclosure or a mail; a JSON text must
// be JSON; a disclosure a step shows must exist and say its title and version (what a signature
// records).
import type { Definitions, Problem } from "../definitions/definitions";
import { positionAt } from "../base/json-positions";
import { syntaxErrorMessage, syntaxErrorPosition } from "../base/json-positions";
import { suggest } from "./logic";

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** The documents steps show (`ui:options.documents` of a disclosureDocuments display), with where each is named. */
function shownDocuments(defs: Definitions): { name: string; file: string; pointer: string }[] {
  const out: { name: string; file: string; pointer: string }[] = [];
  for (const { file, def } of defs.steps.values()) {
    const walk = (ui: unknown, at: string) => {
      if (!ui || typeof ui !== "object") return;
      const node = ui as Record<string, unknown>;
      const options = node["ui:options"] as Record<string, unknown> | undefined;
      if (node["ui:widget"] === "disclosureDocuments" && Array.isArray(options?.documents))
        options.documents.forEach((name, i) => {
          if (typeof name === "string") out.push({ name, file, pointer: `${at}/ui:options/documents/${i}` });
        });
      for (const [key, value] of Object.entries(node))
        if (!key.startsWith("ui:")) walk(value, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    };
    walk(def.uiSchema, "/uiSchema");
  }
  return out;
}

/** Which tokens a text of content/ may write: null when nothing fills that file's tokens. */
export interface TokenPolicy {
  allowed(file: string, token: string): boolean | null;
  names(file: string): string[];
}

export function checkContent(defs: Definitions, tokens?: TokenPolicy): Problem[] {
  const problems: Problem[] = [];
  const texts = defs.texts ?? new Map<string, string>();
  for (const [file, text] of texts) {
    if (!file.startsWith("content/")) continue;
    if (file.endsWith(".json")) {
      try {
        JSON.parse(text);
      } catch (error) {
        const message = (error as Error).message;
        problems.push({
          file,
          pointer: "",
          message: `is not valid JSON: ${syntaxErrorMessage(message)}`,
          ...(syntaxErrorPosition(text, message) ?? { line: 1, column: 1 }),
        });
        continue;
      }
    }
    for (const match of tokens ? text.matchAll(TOKEN) : []) {
      const name = match[1]!;
      const allowed = tokens!.allowed(file, name);
      if (allowed) continue;
      problems.push({
        file,
        pointer: "",
        message:
          allowed === null
            ? `{{${name}}}: nothing fills the tokens of this file, so the reader would see "{{${name}}}"`
            : `{{${name}}} is not a value this text is filled with, so the reader would see "[not available yet]"${suggest(name, tokens!.names(file))}`,
        ...positionAt(text, match.index),
      });
    }
  }
  for (const { name, file, pointer } of shownDocuments(defs)) {
    const source = texts.get(`content/disclosures/${name}.md`);
    if (source === undefined) {
      if (texts.size)
        problems.push({
          file,
          pointer,
          message: `the disclosure "${name}" is not in content/disclosures/ (${name}.md): the page would show no text to sign`,
        });
      continue;
    }
    const front = FENCE.exec(source)?.[1] ?? "";
    for (const key of ["title", "version"])
      if (!new RegExp(`^${key}:\\s*\\S`, "m").test(front))
        problems.push({
          file: `content/disclosures/${name}.md`,
          pointer: "",
          message: `has no ${key} in its front matter: a signature records the ${key} of the text signed`,
          line: 1,
          column: 1,
        });
  }
  return problems;
}
