// npm run check on translations (content/locales/, engine/locale/): what makes a translation file
// wrong (refused: it does not fit schemas/translation.schema.json, lies elsewhere than its source's
// path, names a source or a pointer with no English text, or is a legal text's translation
// without its `reviewed` field), and what makes it out of date (reported, never refused: a
// language with strings stale or missing is still served, those strings in English). Stale: its
// `en` hash is not the hash of the English as it reads now. Missing: an English string an
// applicant reads that the language has no translation of.
import type { DefinitionFiles, Definitions, Problem } from "../definitions/definitions";
import { metaChecked } from "../definitions/definitions";
import { isObject } from "../base/objects";
import { escapeSegment } from "../base/pointer";
import { BASE_URI, uriOf } from "../base/uris";
import { walkPointer } from "../definitions/schema-walk";
import { ANSWER_FORMS_FILE, ANSWER_FORMS_POINTER } from "../definitions/form-sources";
import { contentStrings, TRANSLATED_CONTENT } from "../locale/content-text";
import { englishHash } from "../locale/hash";
import { englishAt, isCurrent, translationsOf } from "../locale/localize";
import {
  LOCALES_FILE,
  offeredLocales,
  translationFileOf,
  UNTRANSLATED_FILE,
  untranslatedSources,
} from "../locale/locales";
import { ENGINE_WORDS } from "../locale/server-words";
import { LEGAL_TEXT, TRANSLATED_TEXTS, translationMismatch } from "../locale/texts";

export { LEGAL_TEXT };

/** The UI schema's words an applicant reads, wherever they are. */
const UI_WORDS = new Set([
  "ui:title",
  "ui:help",
  "ui:description",
  "ui:placeholder",
  "ui:heading",
  "ui:headingHelp",
  "submitText",
  "backLabel",
]);
const STEP_WORDS = new Set(["title", "description", "label", "applicantLabel", "dueReason"]);

/** The words of a widget's `ui:options` an applicant reads (a list's add button and item name, a button's label, a notice once sent). */
const UI_OPTION_WORDS = new Set(["addLabel", "itemLabel", "label", "sent"]);

/** Pointers of the English strings an applicant reads in a step file. */
export function stepStrings(step: unknown): string[] {
  const out: string[] = [];
  const readable = (key: string, path: string[]): boolean => {
    // A borrower's part (eachBorrower, and each role's own part under eachBorrower.as) reads as a step does.
    const rel = path[0] === "eachBorrower" ? (path[1] === "as" ? path.slice(3) : path.slice(1)) : path;
    const parent = path[path.length - 1];
    const options = path.lastIndexOf("ui:options");
    return (
      UI_WORDS.has(key) ||
      (parent === "ui:options" && UI_OPTION_WORDS.has(key)) ||
      // A widget's own words in its options: links' labels, a list of items, the PDF check's button,
      // the delivery preference's words.
      (options >= 0 && path.length === options + 3 && path[options + 1] === "links" && key === "label") ||
      (options >= 0 && path.length === options + 2 && path[options + 1] === "items") ||
      (options >= 0 && path.length === options + 2 && path[options + 1] === "pdfCheck" && key === "label") ||
      (options >= 0 && path.length === options + 2 && path[options + 1] === "deliveryPreference") ||
      parent === "ui:enumNames" ||
      (rel[0] === "schema" && path.includes("errorMessage")) ||
      (path[0] === "sameAs" && path.length === 2 && (key === "title" || key === "other")) ||
      (path[0] === "sameAs" && path[2] === "choices" && key === "label") ||
      (path[0] === "notices" && path.length === 2 && key === "message") ||
      (path.length === 0 && STEP_WORDS.has(key)) ||
      (rel[0] === "schema" && key === "title") ||
      (rel[0] === "checks" && rel.length === 2 && key === "message") ||
      (path[path.length - 2] === "sections" && key === "title") ||
      (path[path.length - 1] === "originator" && path[path.length - 2] === "ui:options" && key !== "to") ||
      (path[0] === "textFor" && path.length === 2 && (key === "title" || key === "description")) ||
      (path[0] === "textFor" && path[2] === "messages" && path.length === 3)
    );
  };
  const walk = (node: unknown, path: string[]) => {
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((item, i) => [String(i), item])
      : isObject(node)
        ? Object.entries(node)
        : [];
    for (const [key, value] of entries) {
      if (typeof value === "string") {
        if (readable(key, path)) out.push([...path, key].map((k) => `/${escapeSegment(k)}`).join(""));
      } else walk(value, [...path, key]);
    }
  };
  walk(step, []);
  return out;
}

/** Pointers of the titles of a schema file (fields' and options' names). */
function schemaStrings(schema: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}/${i}`));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${path}/${escapeSegment(key)}`;
      if (key === "title" && typeof value === "string" && path !== "") out.push(at);
      else walk(value, at);
    }
  };
  walk(schema, "");
  return out;
}

/** The meta-schemas describe definition files (ops read their titles in check's messages), never answers. */
const META_SCHEMA = /\.schema\.json$/;

/**
 * Every English string an applicant reads, by source and pointer: of every source but the
 * meta-schemas and those content/locales/untranslated.json names (staff's, exports', the API's).
 */
export function englishStrings(
  files: DefinitionFiles,
  texts?: ReadonlyMap<string, string>,
): { source: string; pointer: string }[] {
  const all = everyEnglishString(files, texts);
  const untranslated = untranslatedSources(texts);
  return untranslated.size ? all.filter((s) => !untranslated.has(s.source)) : all;
}

function everyEnglishString(
  files: DefinitionFiles,
  texts?: ReadonlyMap<string, string>,
): { source: string; pointer: string }[] {
  const out: { source: string; pointer: string }[] = [];
  // The mails and public pages, each translated whole (engine/locale/texts.ts).
  for (const source of [...(texts?.keys() ?? [])].filter((f) => TRANSLATED_TEXTS.test(f)).sort())
    out.push({ source, pointer: "" });
  for (const source of TRANSLATED_CONTENT) {
    const text = texts?.get(source);
    if (text === undefined) continue;
    try {
      for (const pointer of contentStrings(JSON.parse(text), source)) out.push({ source, pointer });
    } catch {
      // check reports a content file that is not JSON
    }
  }
  for (const [path, step] of Object.entries(files.steps))
    if (!path.startsWith("flows/"))
      for (const pointer of stepStrings(step)) out.push({ source: `steps/${path}`, pointer });
  for (const [path, schema] of Object.entries(files.schemas))
    if (!META_SCHEMA.test(path))
      for (const pointer of schemaStrings(schema)) out.push({ source: `schemas/${path}`, pointer });
  // A schema file's own title is for its editors, except where a list's items are the whole file:
  // the summary names each entry by it ("Income source 1").
  for (const path of listItemFiles(files))
    if (typeof (files.schemas[path] as { title?: unknown } | undefined)?.title === "string")
      out.push({ source: `schemas/${path}`, pointer: "/title" });
  // A rule set's explanation of an output to the applicant (the offer's "How we got this number").
  for (const [path, rules] of Object.entries(files.rules)) {
    const explains = (rules as { explains?: { title?: unknown; rows?: unknown } } | undefined)?.explains;
    if (!isObject(explains)) continue;
    if (typeof explains.title === "string") out.push({ source: `rules/${path}`, pointer: "/explains/title" });
    (Array.isArray(explains.rows) ? explains.rows : []).forEach((row: unknown, i) => {
      if (isObject(row) && typeof row.label === "string")
        out.push({ source: `rules/${path}`, pointer: `/explains/rows/${i}/label` });
    });
  }
  const phases = (files.rules["funnel.json"] as { params?: { phases?: unknown[] } } | undefined)?.params
    ?.phases;
  (phases ?? []).forEach((_, i) =>
    out.push({ source: "rules/funnel.json", pointer: `/params/phases/${i}/label` }),
  );
  // The borrowers' role names (the co-borrower's invite and progress page name them).
  const members = (
    files.rules["members.json"] as { params?: { owner?: unknown; roles?: unknown } } | undefined
  )?.params;
  // Each borrower's label and the words the applicant's pages speak of them with (who, whose, own).
  const roleStrings = (role: unknown, at: string) => {
    if (!isObject(role)) return;
    if (typeof role.label === "string") out.push({ source: "rules/members.json", pointer: `${at}/label` });
    for (const [key, text] of Object.entries(isObject(role.words) ? role.words : {}))
      if (typeof text === "string")
        out.push({ source: "rules/members.json", pointer: `${at}/words/${escapeSegment(key)}` });
  };
  roleStrings(members?.owner, "/params/owner");
  for (const [id, role] of Object.entries(isObject(members?.roles) ? members.roles : {}))
    roleStrings(role, `/params/roles/${escapeSegment(id)}`);
  for (const pointer of milestoneStrings(files.rules["milestones.json"]))
    out.push({ source: "rules/milestones.json", pointer });
  // The principal reasons of a decline or counteroffer, as the borrower's status page lists them
  // (the notice of action taken itself is a legal text: engine/locale/legal.ts).
  const reasons = (files.rules["decline-reasons.json"] as { params?: { reasons?: unknown } } | undefined)
    ?.params?.reasons;
  for (const [code, text] of Object.entries(isObject(reasons) ? reasons : {}))
    if (typeof text === "string")
      out.push({ source: "rules/decline-reasons.json", pointer: `/params/reasons/${escapeSegment(code)}` });
  for (const pointer of catalogueStrings(files.rules[CATALOGUE_FILE]))
    out.push({ source: `rules/${CATALOGUE_FILE}`, pointer });
  for (const pointer of labelWordStrings(files.rules[DOCUMENTS_FILE]))
    out.push({ source: `rules/${DOCUMENTS_FILE}`, pointer });
  // Each condition's label and description, as the borrower's status page shows a condition asked of them.
  const conditions = (
    files.rules[ANSWER_FORMS_FILE.slice("rules/".length)] as { params?: { conditions?: unknown } } | undefined
  )?.params?.conditions;
  for (const [code, entry] of Object.entries(isObject(conditions) ? conditions : {}))
    for (const key of ["label", "description"])
      if (isObject(entry) && typeof entry[key] === "string")
        out.push({ source: ANSWER_FORMS_FILE, pointer: `/params/conditions/${escapeSegment(code)}/${key}` });
  for (const pointer of answerFormStrings(files.rules[ANSWER_FORMS_FILE.slice("rules/".length)]))
    out.push({ source: ANSWER_FORMS_FILE, pointer });
  for (const pointer of authErrorStrings(files.rules[AUTH_ERRORS_FILE]))
    out.push({ source: `rules/${AUTH_ERRORS_FILE}`, pointer });
  for (const id of Object.keys(ENGINE_WORDS))
    out.push({ source: "engine", pointer: `/${escapeSegment(id)}` });
  return out;
}

/** The schema files a list's `items` names whole (`"items": {"$ref": "debt.json"}`), in schemas and steps. */
function listItemFiles(files: DefinitionFiles): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    const ref = isObject(node.items) ? node.items.$ref : undefined;
    if (typeof ref === "string" && !ref.includes("#")) {
      const file = ref.slice(ref.lastIndexOf("/") + 1);
      if (file in files.schemas && !META_SCHEMA.test(file)) found.add(file);
    }
    Object.values(node).forEach(walk);
  };
  walk(files.schemas);
  walk(files.steps);
  return found;
}

/** The loan's words its applicant reads on the status page: each milestone's name and description, their own moves. */
function milestoneStrings(rules: unknown): string[] {
  const params = (rules as { params?: { states?: unknown; transitions?: unknown } } | undefined)?.params;
  const out: string[] = [];
  for (const [id, state] of Object.entries(isObject(params?.states) ? params.states : {}))
    for (const key of ["applicantLabel", "applicantDescription"])
      if (isObject(state) && typeof state[key] === "string")
        out.push(`/params/states/${escapeSegment(id)}/${key}`);
  for (const [id, move] of Object.entries(isObject(params?.transitions) ? params.transitions : {}))
    if (
      isObject(move) &&
      Array.isArray(move.by) &&
      move.by.includes("applicant") &&
      typeof move.label === "string"
    )
      out.push(`/params/transitions/${escapeSegment(id)}/label`);
  return out;
}

/** The document catalogue (rules/document-types.json): the file's own title and description are for its editors. */
const CATALOGUE_FILE = "document-types.json";
/** What an applicant reads of each document type: its name, the label they are asked to upload under, and why we ask. */
const DOCUMENT_WORDS = ["title", "label", "applicantText"] as const;

/**
 * The catalogue's words an applicant reads (the documents checklist, the status page's conditions,
 * the rejected-document mail): each document type's title, label and applicantText, and each photo
 * ID type's title. Its counts, subtypes, sides and the file's own title and description are not words.
 */
function catalogueStrings(rules: unknown): string[] {
  const params = (rules as { params?: { types?: unknown; idTypes?: unknown } } | undefined)?.params;
  const out: string[] = [];
  for (const [id, kind] of Object.entries(isObject(params?.types) ? params.types : {}))
    for (const key of DOCUMENT_WORDS)
      if (isObject(kind) && typeof kind[key] === "string")
        out.push(`/params/types/${escapeSegment(id)}/${key}`);
  for (const [id, kind] of Object.entries(isObject(params?.idTypes) ? params.idTypes : {}))
    if (isObject(kind) && typeof kind.title === "string")
      out.push(`/params/idTypes/${escapeSegment(id)}/title`);
  return out;
}

/** The documents rules (rules/documents.json) write their labels with these words of params.documents.labelWords. */
const DOCUMENTS_FILE = "documents.json";

/** The words the documents rules join into a requirement's label ("W-2 forms for ", ", front and back"); its `description` is for editors. */
function labelWordStrings(rules: unknown): string[] {
  const words = (rules as { params?: { labelWords?: unknown } } | undefined)?.params?.labelWords;
  return Object.entries(isObject(words) ? words : {})
    .filter(([key, value]) => key !== "description" && typeof value === "string")
    .map(([key]) => `/params/labelWords/${escapeSegment(key)}`);
}

/** The sign-in messages (rules/auth-errors.json): the sign-in pages show them and the server refuses a sign-in with them. */
const AUTH_ERRORS_FILE = "auth-errors.json";

/** Each sign-in error's words (params.messages) and its words by credential (params.byCredential); the file's title and description are for its editors. */
function authErrorStrings(rules: unknown): string[] {
  const params = (rules as { params?: { messages?: unknown; byCredential?: unknown } } | undefined)?.params;
  const out: string[] = [];
  for (const [name, text] of Object.entries(isObject(params?.messages) ? params.messages : {}))
    if (typeof text === "string") out.push(`/params/messages/${escapeSegment(name)}`);
  for (const [credential, messages] of Object.entries(
    isObject(params?.byCredential) ? params.byCredential : {},
  ))
    for (const [name, text] of Object.entries(isObject(messages) ? messages : {}))
      if (typeof text === "string")
        out.push(`/params/byCredential/${escapeSegment(credential)}/${escapeSegment(name)}`);
  return out;
}

/**
 * The condition answer forms' own words (rules/conditions.json params.answerForms): the UI schema's
 * words and the titles of a schema written in place. A form's `description` is for the editors of
 * the catalogue (the page is sent only the schema and the UI schema); the titles its `$ref`s reach
 * are their schema file's (schemas/condition-answers.json, counted with the schemas).
 */
function answerFormStrings(rules: unknown): string[] {
  const forms = walkPointer(rules, ANSWER_FORMS_POINTER);
  const out: string[] = [];
  for (const [id, form] of Object.entries(isObject(forms) ? forms : {})) {
    if (!isObject(form)) continue;
    const at = `${ANSWER_FORMS_POINTER}/${escapeSegment(id)}`;
    for (const pointer of schemaStrings({ schema: form.schema })) out.push(`${at}${pointer}`);
    for (const pointer of stepStrings({ uiSchema: form.uiSchema })) out.push(`${at}${pointer}`);
  }
  return out;
}

/** What is wrong with the translation files (refused by check). */
export function translationProblems(defs: Definitions): Problem[] {
  const problems: Problem[] = [];
  const texts = defs.texts ?? new Map<string, string>();
  const locales = offeredLocales(texts);
  if (texts.has(LOCALES_FILE) && locales[0]?.code !== "en")
    problems.push({
      file: LOCALES_FILE,
      pointer: "/locales/0",
      message: "the first language must be English (en), the source every translation translates",
    });
  problems.push(...untranslatedProblems(defs));
  for (const { code } of locales.slice(1)) {
    for (const [file, text] of texts) {
      if (!file.startsWith(`content/locales/${code}/`)) continue;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        problems.push({ file, pointer: "", message: "is not valid JSON" });
        continue;
      }
      if (!metaChecked(defs, "translation.schema.json", file, json, problems)) continue;
    }
    for (const [file, translation] of translationsOf(texts, code)) {
      const source = translation.translates;
      const isText = source.startsWith("content/");
      const known = source === "engine" || (isText ? texts.has(source) : sourceExists(defs.files, source));
      if (!known) {
        problems.push({
          file,
          pointer: "/translates",
          message: `translates ${source}, which does not exist`,
        });
        continue;
      }
      if (translationFileOf(code, source) !== file)
        problems.push({
          file,
          pointer: "/translates",
          message: `translates ${source}, so it must be ${translationFileOf(code, source)}`,
        });
      for (const [pointer, entry] of Object.entries(translation.strings)) {
        const english = englishAt(defs.files, source, pointer, texts);
        const at = `/strings/${escapeSegment(pointer)}`;
        if (english === undefined)
          problems.push({
            file,
            pointer: at,
            message: `${source} has no English text at "${pointer}" to translate`,
          });
        // A stale translation is never served (the English is, and check reports it stale): its
        // tokens are judged once it is brought up to date, so an English edit never fails check.
        else if (isCurrent(entry, english))
          for (const message of translationMismatch(
            english,
            entry.text,
            source === "engine" ? "word" : "text",
          ))
            problems.push({ file, pointer: `${at}/text`, message });
        if (LEGAL_TEXT.test(source) && entry.reviewed === undefined)
          problems.push({
            file,
            pointer: at,
            message: `a legal text's translation must say whether a reviewer approved it ("reviewed": true or false); until it is true the applicant reads the English`,
          });
      }
    }
  }
  return problems;
}

/** content/locales/untranslated.json must parse and name only sources that exist, each with its reason. */
function untranslatedProblems(defs: Definitions): Problem[] {
  const text = defs.texts?.get(UNTRANSLATED_FILE);
  if (text === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [{ file: UNTRANSLATED_FILE, pointer: "", message: "is not valid JSON" }];
  }
  const sources = isObject(json) ? json.sources : undefined;
  if (!isObject(sources))
    return [
      {
        file: UNTRANSLATED_FILE,
        pointer: "/sources",
        message: "must be an object: each source no applicant reads, with where its words are shown",
      },
    ];
  const problems: Problem[] = [];
  const read = schemasFormsRead(defs.files);
  for (const [source, reason] of Object.entries(sources)) {
    const pointer = `/sources/${escapeSegment(source)}`;
    const known = source.startsWith("content/") ? defs.texts?.has(source) : sourceExists(defs.files, source);
    if (!known) problems.push({ file: UNTRANSLATED_FILE, pointer, message: `${source} does not exist` });
    const form = read.get(source);
    if (form)
      problems.push({
        file: UNTRANSLATED_FILE,
        pointer,
        message: `an applicant reads ${source}: ${form}'s form draws its titles (translate it instead)`,
      });
    if (typeof reason !== "string" || !reason.trim())
      problems.push({
        file: UNTRANSLATED_FILE,
        pointer,
        message: "must say where the source's words are shown, if not to an applicant",
      });
  }
  return problems;
}

/**
 * The schema files an applicant's form draws titles from, each with the first form found reading
 * it: every step's schemas (its own and each borrower's part) and the condition answer forms (rules/conditions.json), through their
 * `$ref`s (only the parts they name).
 */
export function schemasFormsRead(files: DefinitionFiles): Map<string, string> {
  const read = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (node: unknown, base: string, doc: unknown, form: string) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, base, doc, form));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== "$ref" || typeof value !== "string") {
        walk(value, base, doc, form);
        continue;
      }
      const url = new URL(value, base);
      const fragment = url.hash.slice(1);
      url.hash = "";
      const uri = url.toString();
      const file = uri.startsWith(`${BASE_URI}schemas/`) ? uri.slice(`${BASE_URI}schemas/`.length) : null;
      if (uri !== base && !file) continue;
      const target = uri === base ? doc : files.schemas[file!];
      const key2 = `${uri}#${fragment}`;
      if (seen.has(key2) || META_SCHEMA.test(file ?? "")) continue;
      seen.add(key2);
      if (file && !read.has(`schemas/${file}`)) read.set(`schemas/${file}`, form);
      walk(fragment ? walkPointer(target, fragment) : target, uri, target, form);
    }
  };
  for (const [path, step] of Object.entries(files.steps))
    if (!path.startsWith("flows/") && isObject(step)) walk(step, uriOf("steps", path), step, `steps/${path}`);
  const rules = files.rules[ANSWER_FORMS_FILE.slice("rules/".length)];
  walk(
    walkPointer(rules, ANSWER_FORMS_POINTER),
    uriOf("rules", ANSWER_FORMS_FILE.slice("rules/".length)),
    rules,
    ANSWER_FORMS_FILE,
  );
  return read;
}

const sourceExists = (files: DefinitionFiles, source: string) => {
  const slash = source.indexOf("/");
  const folder = source.slice(0, slash) as keyof DefinitionFiles;
  return folder in files && source.slice(slash + 1) in files[folder];
};

export interface LocaleReport {
  locale: string;
  /** Translations made from an English text that has changed since: file:line:column of the translation. */
  stale: Problem[];
  /** English strings with no translation: the source, the pointer, the English and the hash a translation records. */
  missing: { source: string; pointer: string; english: string; en: string }[];
  translated: number;
}

/** Each offered language's stale and missing strings (reported by check and the portal, never refused). */
export function translationReport(defs: Definitions): LocaleReport[] {
  const texts = defs.texts ?? new Map<string, string>();
  return offeredLocales(texts)
    .slice(1)
    .map(({ code }) => {
      const bySource = new Map<
        string,
        { file: string; strings: Record<string, { en: string; text: string }> }
      >();
      for (const [file, t] of translationsOf(texts, code))
        bySource.set(t.translates, { file, strings: t.strings });
      const stale: Problem[] = [];
      let translated = 0;
      for (const [source, { file, strings }] of bySource)
        for (const [pointer, entry] of Object.entries(strings)) {
          const english = englishAt(defs.files, source, pointer, texts);
          if (english === undefined) continue; // a problem, said by translationProblems
          if (isCurrent(entry, english)) translated++;
          else
            stale.push({
              file,
              pointer: `/strings/${escapeSegment(pointer)}`,
              message: `stale: the English of ${source}#${pointer} changed since this was translated (it now reads “${short(english)}”, hash ${englishHash(english)}); the page shows the English until it is brought up to date`,
            });
        }
      const missing = englishStrings(defs.files, texts)
        .filter(({ source, pointer }) => !bySource.get(source)?.strings[pointer])
        .map(({ source, pointer }) => {
          const english = englishAt(defs.files, source, pointer, texts) ?? "";
          return { source, pointer, english, en: englishHash(english) };
        })
        .filter((m) => m.english.trim() !== "");
      return { locale: code, stale, missing, translated };
    });
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);
