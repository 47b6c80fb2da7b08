// The disclosure texts an applicant signs, read by the server from the data files the web app
// shows (content/disclosures/<id>.md; the server reads them as files and imports no web code).
//
// What is hashed, and why it proves the text: a disclosure file writes some figures as {{name}}
// tokens (the APR, the line amount, the lender's name...). The sign page shows the file's Markdown
// rendered at build time with those tokens replaced by values that come from this server
// (esign.documents), and the signature records the SHA-256 of the UTF-8 bytes of the whole file —
// front matter (with its version) included — with every token replaced by the same values, or by
// "[not available yet]" where there is none, exactly as the page shows it. The record keeps the
// values too, so anyone can take the file at that version, fill it in and get the same hash.
import { createHash } from "node:crypto";
import { marked } from "marked";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import { legalTextFor } from "@engine/locale/legal";

export const DISCLOSURES_DIR = join(REPO_ROOT, "content/disclosures");

/** A document id: the file name without .md (also the step format's pattern). */
export const DOCUMENT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** What the page shows for a token without a value (the browser marks it). */
export const MISSING_VALUE = "[not available yet]";

export const sha256Hex = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

export interface DisclosureSource {
  id: string;
  title: string;
  version: string;
  /** The file's exact text. */
  source: string;
  /** The Markdown after the front matter. */
  body: string;
  /** The language of `source` (absent: English): a reviewed translation's (engine/locale/legal.ts). */
  language?: string;
  /**
   * "<rule set>.<output>": the document is given only to an application for which that rule
   * output is true (front matter appliesWhen; e.g. the ECOA valuation notice for a first lien).
   */
  appliesWhen?: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** The front matter's `key: value` lines (plain or quoted strings), as the web build reads them. */
export function frontMatterOf(source: string): { attributes: Record<string, string>; body: string } {
  const match = FENCE.exec(source);
  if (!match) return { attributes: {}, body: source };
  const attributes: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) continue;
    const raw = pair[2]!.trim();
    attributes[pair[1]!] = /^"(.*)"$/.test(raw)
      ? (JSON.parse(raw) as string)
      : /^'(.*)'$/.test(raw)
        ? raw.slice(1, -1).replace(/''/g, "'")
        : raw;
  }
  return { attributes, body: source.slice(match[0].length) };
}

/**
 * Where texts are read from: the set the server serves (its texts by name, `content/disclosures/x.md`:
 * the same live gate as the steps, so an edit that passes check reaches the page at once, and one
 * that fails never does), or, for tools and tests, a folder on disk.
 */
export type TextSource = string | ReadonlyMap<string, string>;

/** A text of content/ (`mail/offer.md`, `right-to-cancel.json`) from a set's texts, else from the repository's folder. */
export function contentText(from: ReadonlyMap<string, string> | undefined, name: string): string | null {
  const text = from?.get(`content/${name}`);
  if (text !== undefined) return text;
  try {
    return readFileSync(join(REPO_ROOT, "content", name), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A JSON text of content/, parsed (from a set's texts when given). */
export function contentJson<T>(from: ReadonlyMap<string, string> | undefined, name: string): T {
  const text = contentText(from, name);
  if (text === null) throw new Error(`content/${name} is missing`);
  return JSON.parse(text) as T;
}

/**
 * The disclosure file with this id (a file of content/disclosures/, or of `folder`), or null when
 * there is none (or the id is not a document id). `from`: a set's texts, or a folder on disk.
 */
export function readDisclosure(
  id: string,
  from: TextSource | undefined = DISCLOSURES_DIR,
  folder = "disclosures",
): DisclosureSource | null {
  if (!DOCUMENT_ID.test(id)) return null;
  let source: string;
  if (typeof from !== "string" && from !== undefined) {
    const text = from.get(`content/${folder}/${id}.md`);
    if (text === undefined) return null;
    source = text;
  } else
    try {
      source = readFileSync(join(from ?? DISCLOSURES_DIR, `${id}.md`), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  const { attributes, body } = frontMatterOf(source);
  return {
    id,
    title: attributes.title || id,
    version: attributes.version || "",
    source,
    body,
    ...(attributes.appliesWhen ? { appliesWhen: attributes.appliesWhen } : {}),
  };
}

/**
 * A disclosure as a reader of `language` is shown and signs it: in their language only from a
 * reviewed translation of the text as it reads now, else in English (engine/locale/legal.ts).
 */
export function readDisclosureIn(
  id: string,
  texts: ReadonlyMap<string, string> | undefined,
  language: string | undefined,
): DisclosureSource | null {
  const english = readDisclosure(id, texts);
  if (!english || !language || language === "en") return english;
  const chosen = legalTextFor(texts, language, `content/disclosures/${id}.md`, english.source);
  if (chosen.language === "en") return { ...english, language: "en" };
  const { attributes, body } = frontMatterOf(chosen.source);
  return {
    ...english,
    title: attributes.title || english.title,
    source: chosen.source,
    body,
    language: chosen.language,
  };
}

/** The names of the tokens a text writes, each once, sorted. */
export const tokensOf = (text: string) => [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))].sort();

/**
 * A source text's tokens and SHA-256, worked out once per text: a signing fills the same few
 * documents' sources again and again (a handful of files, in a language or two).
 */
const sourceFacts = new Map<string, { tokens: string[]; sha256: string }>();
const SOURCES_KEPT = 256;
function factsOfSource(source: string) {
  let facts = sourceFacts.get(source);
  if (!facts) {
    if (sourceFacts.size >= SOURCES_KEPT) sourceFacts.clear();
    sourceFacts.set(source, (facts = { tokens: tokensOf(source), sha256: sha256Hex(source) }));
  }
  return facts;
}

/** The text with every {{name}} replaced by its value, or by the missing-value mark. */
export const fillTokens = (text: string, values: Record<string, string>) =>
  text.replace(TOKEN, (_, name: string) => (Object.hasOwn(values, name) ? values[name]! : MISSING_VALUE));

/** What a signature records of one document. */
export interface SignedDocumentRecord {
  id: string;
  version: string;
  /** SHA-256 (hex) of the UTF-8 file text with its tokens filled in: the text the signer was shown. */
  sha256: string;
  title: string;
  /** SHA-256 of the file as it is on disk (tokens not filled): which file version was used. */
  sourceSha256: string;
  /** The value of each token the text writes (tokens without a value are absent: they read "[not available yet]"). */
  values: Record<string, string>;
  /** The language of the text shown and signed: "en", or a reviewed translation's (records before issue 41 have none: English). */
  language?: string;
}

/** The record of a document as shown with these values, and the filled text it hashes. */
export function signedDocument(
  doc: DisclosureSource,
  values: Record<string, string>,
): SignedDocumentRecord & { text: string; language: string } {
  const used: Record<string, string> = {};
  const source = factsOfSource(doc.source);
  for (const name of source.tokens) if (Object.hasOwn(values, name)) used[name] = values[name]!;
  const text = fillTokens(doc.source, used);
  return {
    id: doc.id,
    version: doc.version,
    sha256: sha256Hex(text),
    title: doc.title,
    sourceSha256: source.sha256,
    values: used,
    language: doc.language ?? "en",
    text,
  };
}

/**
 * The filled text of a recorded document, re-made from the file on disk and the recorded values,
 * or why it cannot be: the file is gone, or its text is no longer the version that was signed.
 */
export function recordedText(
  record: SignedDocumentRecord,
  from: TextSource | undefined = DISCLOSURES_DIR,
): { ok: true; doc: DisclosureSource; text: string } | { ok: false; reason: string } {
  const doc =
    record.language && record.language !== "en" && typeof from !== "string" && from !== undefined
      ? readDisclosureIn(record.id, from, record.language)
      : readDisclosure(record.id, from);
  if (!doc) return { ok: false, reason: `the document "${record.id}" is no longer on this server` };
  const text = fillTokens(doc.source, record.values ?? {});
  if (sha256Hex(text) !== record.sha256)
    return {
      ok: false,
      reason: `the document "${record.id}" has changed since version ${record.version} was signed`,
    };
  return { ok: true, doc, text };
}

/** Rendered texts by their source (a few dozen at most: one per disclosure and version served). */
const rendered = new Map<string, string>();

/**
 * A disclosure's text as the page shows it: its Markdown (after the front matter) rendered to
 * HTML, its {{tokens}} left for the page to fill with the values sent beside it, links to other
 * sites opening in a new tab (as web/build/markdown-plugin.ts renders the public pages).
 */
export function disclosureHtml(doc: DisclosureSource): string {
  const known = rendered.get(doc.source);
  if (known !== undefined) return known;
  const html = (marked.parse(doc.body, { async: false, gfm: true }) as string).replace(
    /<a href="(https?:\/\/[^"]+)"/g,
    '<a href="$1" target="_blank" rel="noopener noreferrer"',
  );
  if (rendered.size >= 200) rendered.clear();
  rendered.set(doc.source, html);
  return html;
}
