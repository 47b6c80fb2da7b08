// Reads the lender profile (content/lender.json) and checks it against schemas/lender.json (Node
// only: the build, the server and npm run check). Re-read when the file changes. Also the report
// of what keeps the site from going live (npm run check).
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { createAjv, uriOf } from "../definitions/ajv.ts";
import type { Problem } from "../definitions/definitions";
import type { ErrorObject } from "ajv";
import { positionAt, positionOf } from "../base/json-positions.ts";
import {
  placeholdersIn,
  PRICING_HOMES,
  licensingConflicts,
  pricingConflicts,
  staleFigures,
  pricingGaps,
  productionGaps,
  type LenderProfile,
} from "./lender.ts";
import { describeAjvErrors } from "../validation/messages.ts";
import { REPO_ROOT } from "../base/paths.ts";
import { todayIso } from "../base/dates.ts";

/** The sample profile the repository ships. */
export const SAMPLE_LENDER_FILE = join(REPO_ROOT, "content/lender.json");
/**
 * The profile every text reads: LENDER_PROFILE (a deployment's own file) or the sample. One
 * setting for the build (public pages), the server (notices, disclosures, mail) and npm run
 * check, so the profile production checks is the one applicants read.
 */
export const LENDER_FILE = process.env.LENDER_PROFILE
  ? resolve(process.env.LENDER_PROFILE)
  : SAMPLE_LENDER_FILE;
const SCHEMA_FILE = join(REPO_ROOT, "schemas/lender.json");

let cache: { file: string; text: string; profile: LenderProfile } | null = null;
let current = LENDER_FILE;

/** The file the texts read now. */
export const lenderFile = (): string => current;

/** Makes `file` the profile every text reads from now on (a server started with its own file). */
export function useLenderFile(file: string): void {
  current = resolve(file);
}

/** The profile in `file` (the one in use when not given); throws one line naming each field the schema refuses. */
export function readLenderProfile(file = current): LenderProfile {
  const text = readFileSync(file, "utf8");
  if (cache?.file === file && cache.text === text) return cache.profile;
  const profile = JSON.parse(text) as unknown;
  const validate = createAjv({ "lender.json": JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) }).getSchema(
    uriOf("schemas", "lender.json"),
  )!;
  if (!validate(profile)) throw new Error(`${file}: ${profileErrors(validate.errors).join("; ")}`);
  cache = { file, text, profile: profile as LenderProfile };
  return cache.profile;
}

/**
 * What the schema refuses in a profile, one line each: a field the profile does not have is named as
 * such, and a pricing figure (a margin, the maximum APR...) is pointed to its one home, the pricing
 * rules, so the two can never state different values.
 */
function profileErrors(errors: ErrorObject[] | null | undefined): string[] {
  const extra = (errors ?? []).filter((e) => e.keyword === "additionalProperties");
  const lines = extra.map((e) => {
    const name = (e.params as { additionalProperty: string }).additionalProperty;
    const at = `${e.instancePath}/${name}`;
    const home = PRICING_HOMES[name];
    return home
      ? `${at} is a pricing figure: its one home is rules/pricing.json params.pricing.${home}, not the lender profile`
      : `${at} is not a field of the lender profile (schemas/lender.json)`;
  });
  const others = describeAjvErrors((errors ?? []).filter((e) => e.keyword !== "additionalProperties")).map(
    (e) => `${e.pointer || "/"} ${e.message}`,
  );
  return [...lines, ...others];
}

/** The CFPB booklet PDF the lender supplies (profile heloc.booklet.pdfPath), as an absolute path; null when none. */
export function bookletPdfFile(profile: LenderProfile): string | null {
  const path = profile.heloc.booklet.pdfPath;
  if (!path) return null;
  return isAbsolute(path) ? path : join(REPO_ROOT, path);
}

/** Why the booklet PDF the profile names cannot be given: no such file, or not a PDF. Empty when it can (or none is named). */
export function bookletGaps(profile: LenderProfile): string[] {
  const file = bookletPdfFile(profile);
  if (!file) return [];
  const head = Buffer.alloc(5);
  try {
    const fd = openSync(file, "r");
    try {
      readSync(fd, head, 0, 5, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return [`/heloc/booklet/pdfPath names no readable file (${file})`];
  }
  return head.toString("latin1") === "%PDF-" ? [] : [`/heloc/booklet/pdfPath is not a PDF (${file})`];
}

/** Where applicant-facing text lives: the repository's folders, or copies (npm run check --steps/--rules/--content). */
export interface TextFolders {
  content?: string;
  steps?: string;
  rules?: string;
  schemas?: string;
}

/** Keys of a schema whose text an applicant reads (a field's label and the help under it). */
const SCHEMA_TEXT_KEYS = new Set(["title", "description"]);

/** The applicant-facing strings of a schema file (titles and descriptions), not its patterns or formats. */
function schemaTexts(json: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string" && SCHEMA_TEXT_KEYS.has(key)) out.push(value);
        else walk(value);
      }
  };
  walk(json);
  return out;
}

/**
 * Every file of applicant-facing text: content (pages, notices, disclosures, site copy), steps and
 * rules (not worked cases), whole; and the titles and descriptions of the entity schemas (not the
 * meta-schemas), which the form shows as labels and help.
 */
function applicantTexts(folders: TextFolders): { file: string; raw: string; texts: string[] }[] {
  const out: { file: string; raw: string; texts: string[] }[] = [];
  const walk = (root: string, name: string, dir = root) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(root, name, full);
      else if (/\.(md|json)$/.test(entry) && !entry.endsWith(".cases.json")) {
        const file = `${name}/${relative(root, full).split(sep).join("/")}`;
        if (full === SAMPLE_LENDER_FILE || full === current) continue; // the profile: its gaps are reported field by field
        const raw = readFileSync(full, "utf8");
        if (name !== "schemas") out.push({ file, raw, texts: [raw] });
        else if (!entry.endsWith(".schema.json"))
          out.push({ file, raw, texts: schemaTexts(JSON.parse(raw)) });
      }
    }
  };
  for (const name of ["content", "steps", "rules", "schemas"] as const)
    walk(folders[name] ?? join(REPO_ROOT, name), name);
  return out;
}

export interface LenderReport {
  profile: LenderProfile | null;
  /** Why the profile cannot go live, and each placeholder left in applicant-facing text, each with its file, line and column. */
  findings: Problem[];
  /**
   * Figures the disclosures state that are out of date (staleFigures): listed by npm run check, never
   * refused by it, so a running server's reload does not fail the day the index ages; a production
   * server refuses to start on them (server/start.ts).
   */
  warnings: Problem[];
}

/** The line and column of a JSON pointer in a file's text (none when the file cannot be read or is not JSON). */
function located(full: string, pointer: string): { line?: number; column?: number } {
  let text: string;
  try {
    text = readFileSync(full, "utf8");
  } catch {
    return {};
  }
  const at = positionOf(text, pointer);
  return at ? { line: at.line, column: at.column } : {};
}

/**
 * What stands between this repository and a live lender: the profile's gaps (an empty or sample
 * field), every placeholder in text an applicant reads and, given the pricing rules' params, a
 * figure the disclosures state that they lack, or where they and the profile contradict each
 * other (engine/lending/lender.ts pricingConflicts). Each finding names its file, line and column (and the
 * JSON pointer in a JSON file). npm run check refuses them when the profile says production, and
 * lists them otherwise.
 */
export function lenderReport(
  file = current,
  folders: TextFolders = {},
  pricing?: Record<string, unknown>,
  licensing?: Record<string, unknown>,
): LenderReport {
  const findings: Problem[] = [];
  const warnings: Problem[] = [];
  const name = relative(REPO_ROOT, file).split(sep).join("/");
  let profile: LenderProfile | null = null;
  try {
    profile = readLenderProfile(file);
    for (const gap of [...productionGaps(profile), ...bookletGaps(profile)]) {
      const [pointer, ...rest] = gap.split(" ");
      findings.push({ file: name, pointer: pointer!, message: rest.join(" "), ...located(file, pointer!) });
    }
  } catch (error) {
    findings.push({ file: name, pointer: "", message: (error as Error).message, ...located(file, "") });
  }
  if (pricing !== undefined) {
    const pricingFile = join(folders.rules ?? join(REPO_ROOT, "rules"), "pricing.json");
    const pricingName = folders.rules ? pricingFile : "rules/pricing.json";
    for (const gap of pricingGaps(pricing)) {
      const [path, ...rest] = gap.split(" ");
      const pointer = `/params/${path!.replace(/^params\.pricing\./, "")}`;
      findings.push({
        file: pricingName,
        pointer,
        message: rest.join(" "),
        ...located(pricingFile, pointer),
      });
    }
    if (profile)
      for (const stale of staleFigures(profile, pricing, todayIso())) {
        const [at, where] = stale.in === "profile" ? [file, name] : [pricingFile, pricingName];
        warnings.push({
          file: where,
          pointer: stale.pointer,
          message: stale.message,
          ...located(at, stale.pointer),
        });
      }
    if (profile)
      for (const conflict of pricingConflicts(profile, pricing)) {
        const [at, where] = conflict.in === "profile" ? [file, name] : [pricingFile, pricingName];
        findings.push({
          file: where,
          pointer: conflict.pointer,
          message: conflict.message,
          ...located(at, conflict.pointer),
        });
      }
  }
  if (licensing !== undefined && profile) {
    const licensingFile = join(folders.rules ?? join(REPO_ROOT, "rules"), "licensing.json");
    const licensingName = folders.rules ? licensingFile : "rules/licensing.json";
    for (const conflict of licensingConflicts(profile, licensing)) {
      const [at, where] = conflict.in === "profile" ? [file, name] : [licensingFile, licensingName];
      findings.push({
        file: where,
        pointer: conflict.pointer,
        message: conflict.message,
        ...located(at, conflict.pointer),
      });
    }
  }
  for (const { file: rel, raw, texts } of applicantTexts(folders))
    for (const found of texts.flatMap(placeholdersIn)) {
      const at = raw.indexOf(found.text);
      const position = at < 0 ? {} : positionAt(raw, at);
      findings.push({
        file: rel,
        pointer: "",
        message: `${found.what} "${found.text}" would reach applicants`,
        ...position,
      });
    }
  return { profile, findings, warnings };
}
