// The application summary as data: the saved answers in sections, each field labelled by its
// schema title and each value shown the way the step that asks it shows it (the step's widget:
// currency, percent, phone, date, address...). Generic: nothing here knows a particular field.
// Identifiers arrive masked by the server and are shown as they are. Pure: unit-tested in node.
import { formWord } from "@engine/locale/form-words";
import { displayWord } from "@engine/locale/display-words";
import type { Definitions } from "@engine/definitions/definitions";
import {
  formatCurrency,
  formatDate,
  formatFractionPercent,
  formatMonthYear,
  formatPercent,
  formatPhone,
  formatMoment,
  formatNumber,
} from "@engine/base/format";
import { holds } from "@engine/logic/logic";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { expand, schemaFile, type SchemaAt } from "@engine/definitions/schema-walk";
import { keyLabel } from "@engine/validation/messages";
import { ADDRESS_PARTS, addressLine } from "@engine/lending/borrowers";

export interface SummaryRow {
  label: string;
  value: string;
}

export interface SummaryGroup {
  title: string;
  rows: SummaryRow[];
  groups: SummaryGroup[];
}

/** A top-level field of the application, optionally shown only while some logic holds on it. */
export type SectionOption = string | { field: string; title?: string; visibleWhen?: unknown };

export interface SummaryOptions {
  /** The top-level fields to show, in order; default: every field of schemas/application.json. */
  sections?: SectionOption[];
  /** Title of the section gathering top-level yes/no and single answers. */
  otherTitle?: string;
  /** Show the loan originator information (URLA section 9) last, in these words. */
  originator?: OriginatorWords;
}

/** The words of the loan originator section (URLA section 9), from the step's ui:options.originator. */
export interface OriginatorWords {
  title: string;
  company: string;
  loanOfficer: string;
  nmlsId: string;
  address: string;
  email: string;
  phone: string;
  /** What the section says while no loan officer is assigned. */
  noLoanOfficer: string;
}

/** The server's answer (application.originator): the company and the assigned loan officer, if any. */
export interface OriginatorFacts {
  company: { name: string; nmlsId: string; address: string };
  loanOfficer: { name: string; nmlsId: string | null; email: string; phone: string | null } | null;
}

/** URLA section 9 as a summary section: the company, then the loan officer or that none is assigned yet. */
export function originatorGroup(words: OriginatorWords, facts: OriginatorFacts): SummaryGroup {
  const officer = facts.loanOfficer;
  const row = (label: string, value: string | null) => (value ? [{ label, value }] : []);
  return {
    title: words.title,
    rows: [],
    groups: [
      {
        title: words.company,
        rows: [
          { label: words.company, value: facts.company.name },
          ...row(words.nmlsId, facts.company.nmlsId),
          ...row(words.address, facts.company.address),
        ],
        groups: [],
      },
      {
        title: words.loanOfficer,
        rows: officer
          ? [
              { label: words.loanOfficer, value: officer.name },
              ...row(words.nmlsId, officer.nmlsId),
              ...row(words.email, officer.email),
              ...row(words.phone, officer.phone ? formatPhone(officer.phone) : null),
            ]
          : [{ label: words.loanOfficer, value: words.noLoanOfficer }],
        groups: [],
      },
    ],
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const ADDRESS_LABEL = "Address";
const isBlank = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** How the steps treat one field (a pattern such as /user/employments/x/base, x being *). */
interface FieldUse {
  /** Some step asks it and shows it (not with the hidden widget). */
  asked: boolean;
  /** The first widget a step shows it with. */
  widget?: string;
}

const useCache = new WeakMap<Definitions, Map<string, FieldUse>>();

/**
 * Every field some step's schema asks, with whether a step shows it and its widget there. A field
 * no step shows (an identifier, a system field, a structured copy a step keeps hidden) is not
 * summarized: the summary is what the applicant told us.
 */
function fieldUses(defs: Definitions): Map<string, FieldUse> {
  let map = useCache.get(defs);
  if (map) return map;
  const uses = new Map<string, FieldUse>();
  map = uses;
  const uiAt = (ui: unknown, segments: string[]) =>
    segments.reduce<unknown>(
      (node, key) => (isObject(node) ? node[key === "*" ? "items" : key] : undefined),
      ui,
    );
  for (const stepId of defs.steps.keys()) {
    const step = defs.steps.get(stepId)!.def;
    let bundled: Json;
    try {
      bundled = bundleStepSchema(defs, stepId);
    } catch {
      continue;
    }
    const local = (isObject(bundled.$defs) ? bundled.$defs : {}) as Json;
    const walk = (schema: unknown, segments: string[], depth: number) => {
      if (!isObject(schema) || depth > 12) return;
      if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/$defs/"))
        walk(local[schema.$ref.slice(8)], segments, depth + 1);
      for (const key of ["anyOf", "oneOf", "allOf"])
        if (Array.isArray(schema[key]))
          for (const b of schema[key] as unknown[]) walk(b, segments, depth + 1);
      if (isObject(schema.items)) walk(schema.items, [...segments, "*"], depth + 1);
      if (!isObject(schema.properties)) return;
      for (const [name, child] of Object.entries(schema.properties)) {
        const path = [...segments, name];
        const ui = uiAt(step.uiSchema, path);
        const widget = isObject(ui) && typeof ui["ui:widget"] === "string" ? ui["ui:widget"] : undefined;
        const pattern = `/${path.join("/")}`;
        const use = uses.get(pattern) ?? { asked: false };
        if (widget !== "hidden") {
          use.asked = true;
          use.widget ??= widget;
        }
        uses.set(pattern, use);
        if (widget !== "hidden") walk(child, path, depth + 1);
      }
    };
    walk(bundled, [], 0);
  }
  useCache.set(defs, map);
  return map;
}

export function buildSummary(
  defs: Definitions,
  application: unknown,
  options: SummaryOptions = {},
): SummaryGroup[] {
  const files = defs.files;
  const root = schemaFile(files, "application.json");
  if (!root || !isObject(application)) return [];
  const uses = fieldUses(defs);
  const common = (files.schemas["common.json"] as { $defs?: Json } | undefined)?.$defs ?? {};
  const moneyShapes = new Set(
    [common.money, common.nullableMoney, common.balance, common.moneyCents].filter(Boolean),
  );

  const expanded = (ats: SchemaAt[]) => ats.flatMap((at) => expand(files, at));
  const childAts = (ats: SchemaAt[], key: string): SchemaAt[] =>
    expanded(ats).flatMap((s) => {
      if (key === "*") return isObject(s.schema.items) ? [{ ...s, schema: s.schema.items }] : [];
      const props = s.schema.properties;
      return isObject(props) && isObject(props[key]) ? [{ ...s, schema: props[key] as Json }] : [];
    });
  const titleOf = (ats: SchemaAt[], key: string) => {
    for (const s of expanded(ats)) if (typeof s.schema.title === "string") return s.schema.title;
    return keyLabel(key);
  };
  const useAt = (segments: string[]) => uses.get(`/${segments.join("/")}`);

  const text = (value: unknown, ats: SchemaAt[], segments: string[]): string => {
    const all = expanded(ats);
    const option = all.find((s) => s.schema.const === value && typeof s.schema.title === "string");
    if (option) return String(option.schema.title);
    if (typeof value === "boolean") return formWord(value ? "form.yes" : "form.no");
    const widget = useAt(segments)?.widget;
    const format = all.map((s) => s.schema.format).find((f): f is string => typeof f === "string");
    if (typeof value === "number") {
      if (widget === "currency" || all.some((s) => moneyShapes.has(s.schema))) return formatCurrency(value);
      if (widget === "percent")
        return all.some((s) => s.schema.maximum === 1 || s.schema.exclusiveMaximum === 1)
          ? formatFractionPercent(value)
          : formatPercent(value);
      return formatNumber(value);
    }
    if (typeof value === "string") {
      if (widget === "phone" || format === "phone") return formatPhone(value);
      if (widget === "monthYear") return formatMonthYear(value);
      if (widget === "date" || format === "date") return formatDate(value);
      if (format === "date-time") {
        const when = formatMoment(value, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
        return when === value ? value : `${when} UTC`;
      }
      return value;
    }
    return String(value);
  };

  /** The rows and sub-groups of an object's answers. */
  const describe = (
    value: Json,
    ats: SchemaAt[],
    segments: string[],
  ): { rows: SummaryRow[]; groups: SummaryGroup[] } => {
    const rows: SummaryRow[] = [];
    const groups: SummaryGroup[] = [];
    // The schema's order of fields, then any the schema does not name.
    const order = [
      ...new Set([
        ...expanded(ats).flatMap((s) =>
          isObject(s.schema.properties) ? Object.keys(s.schema.properties) : [],
        ),
        ...Object.keys(value),
      ]),
    ];
    for (const key of order) {
      const entry = entryOf(value[key], childAts(ats, key), [...segments, key], key);
      if (!entry) continue;
      if ("value" in entry) rows.push(entry);
      else groups.push(entry);
    }
    return { rows, groups };
  };

  const entryOf = (
    value: unknown,
    ats: SchemaAt[],
    segments: string[],
    key: string,
  ): SummaryRow | SummaryGroup | null => {
    if (isBlank(value)) return null;
    const use = useAt(segments);
    if (!use?.asked) return null;
    const label = titleOf(ats, key);
    if (Array.isArray(value)) {
      const itemAts = childAts(ats, "*");
      if (value.every((item) => !isObject(item))) {
        const shown = value.filter((v) => !isBlank(v)).map((v) => text(v, itemAts, [...segments, "*"]));
        return shown.length ? { label, value: shown.join(", ") } : null;
      }
      const itemTitle = titleOf(itemAts, key);
      const groups = value.flatMap((item, i) => {
        if (!isObject(item)) return [];
        const body = describe(item, itemAts, [...segments, "*"]);
        return body.rows.length || body.groups.length ? [{ title: `${itemTitle} ${i + 1}`, ...body }] : [];
      });
      return groups.length ? { title: label, rows: [], groups } : null;
    }
    if (isObject(value)) {
      if (use.widget === "address") {
        // Laid out as an address: its postal lines read as one line; any other answers follow.
        const line = addressLine(value);
        const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !ADDRESS_PARTS.includes(k)));
        const body = describe(rest, ats, segments);
        if (body.rows.length === 0 && body.groups.length === 0) return line ? { label, value: line } : null;
        return {
          title: label,
          rows: [...(line ? [{ label: ADDRESS_LABEL, value: line }] : []), ...body.rows],
          groups: body.groups,
        };
      }
      const body = describe(value, ats, segments);
      return body.rows.length || body.groups.length ? { title: label, ...body } : null;
    }
    return { label, value: text(value, ats, segments) };
  };

  const data = { ...application, params: defs.params };
  const sections: SectionOption[] =
    options.sections ?? Object.keys((root.schema.properties as Json | undefined) ?? {});
  const out: SummaryGroup[] = [];
  const other: SummaryRow[] = [];
  for (const section of sections) {
    const { field, title, visibleWhen } =
      typeof section === "string" ? { field: section, title: undefined, visibleWhen: undefined } : section;
    if (visibleWhen !== undefined && !holds(visibleWhen, data)) continue;
    const entry = entryOf(application[field], childAts([root], field), [field], field);
    if (!entry) continue;
    if ("value" in entry) other.push(title ? { ...entry, label: title } : entry);
    else out.push({ ...entry, title: title ?? entry.title });
  }
  if (other.length)
    out.push({ title: options.otherTitle ?? displayWord("summary.otherAnswers"), rows: other, groups: [] });
  return out;
}
