// A step's part for each borrower, written once (`eachBorrower`): the engine makes the main
// borrower's and the co-borrower's copies of its schema, layout, sections, visibility, requirements,
// checks and new-item values, so a step file no longer carries a second copy of every block. Who the
// borrowers are, where their answers are (`user`, `coborrower`) and when the co-borrower's part is
// asked is data: rules/members.json `params.borrowers`. The expanded step is what every other part
// of the engine reads; `sources` maps its pointers back to the file's, for problems.
import type { Step } from "../generated/schema-types";
import { escapeSegment } from "../base/pointer.ts";
import { isObject } from "../base/objects.ts";

export type StepTemplate = NonNullable<Step["eachBorrower"]>;

/** A borrower of rules/members.json params.borrowers: where their answers are and when their part is asked. */
export interface EachBorrowerRole {
  /** The application's field holding their answers (`user`, `coborrower`). */
  answers: string;
  /** Logic: their part is asked (and kept) only while it holds; absent, always. */
  askedWhen?: unknown;
}

/** An expanded pointer prefix and the pointer of the file it came from (with the borrower it is for). */
export interface Source {
  expanded: string;
  file: string;
  role: string;
}

/** The name template logic reads a borrower's answers by: {"var": "borrower.isSelfEmployed"}. */
export const TEMPLATE_NAME = "borrower";

/** Template logic for one borrower: `borrower.x` read as `<answers>.x` (var and root). */
export function logicFor(logic: unknown, answers: string): unknown {
  if (Array.isArray(logic)) return logic.map((l) => logicFor(l, answers));
  if (!isObject(logic)) return logic;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(logic)) {
    if (
      (key === "var" || key === "root") &&
      (typeof value === "string" || (Array.isArray(value) && typeof value[0] === "string"))
    ) {
      const rename = (path: string) =>
        path === TEMPLATE_NAME
          ? answers
          : path.startsWith(`${TEMPLATE_NAME}.`)
            ? `${answers}${path.slice(TEMPLATE_NAME.length)}`
            : path;
      out[key] =
        typeof value === "string"
          ? rename(value)
          : [rename(value[0] as string), ...value.slice(1).map((v) => logicFor(v, answers))];
    } else out[key] = logicFor(value, answers);
  }
  return out;
}

/** `over` laid on `base`: objects merged key by key, anything else replaced. */
export function overlay(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over))
    return over === undefined ? structuredClone(base) : structuredClone(over);
  const out: Record<string, unknown> = structuredClone(base);
  for (const [key, value] of Object.entries(over)) out[key] = overlay(base[key], value);
  return out;
}

/**
 * `self` laid over a copy in another borrower's words must not leave their words behind: a text
 * only that copy has (a description about "your co-borrower") is emptied.
 */
function selfWords(self: Record<string, unknown>, other: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(self);
  for (const [key, value] of Object.entries(other)) {
    if (key in self) {
      if (isObject(value) && isObject(self[key]))
        out[key] = selfWords(self[key] as Record<string, unknown>, value);
    } else if (typeof value === "string" && (key === "ui:description" || key === "ui:help")) out[key] = "";
    else if (isObject(value)) out[key] = selfWords({}, value);
  }
  return out;
}

/** The id of a check for a borrower: the template's for the main borrower, with the role after its first part for another. */
export function checkIdFor(id: string, role: string, first: boolean): string {
  if (first) return id;
  const dot = id.indexOf(".");
  return dot < 0 ? `${id}.${role}` : `${id.slice(0, dot)}.${role}${id.slice(dot)}`;
}

const pointerFor = (answers: string, pointer: string) => `/${escapeSegment(answers)}${pointer}`;
const esc = escapeSegment;

/**
 * The step with its `eachBorrower` part made into one part per borrower. A step without one is
 * returned as it is. Unknown roles in `as` are left to the linter.
 */
export function expandEachBorrower(
  step: Step,
  roles: Record<string, EachBorrowerRole>,
): { step: Step; sources: Source[] } {
  const template = step.eachBorrower;
  if (!template) return { step, sources: [] };
  const { eachBorrower: _, ...rest } = step;
  const out = structuredClone(rest) as Step;
  const sources: Source[] = [];
  const schema = out.schema as { properties: Record<string, unknown>; required?: string[] };
  schema.properties ??= {};
  const ui = (out.uiSchema ??= {}) as Record<string, unknown>;
  const templateSchema = template.schema as { properties?: Record<string, unknown>; required?: string[] };
  const order: string[] = [];

  const [firstRole] = Object.keys(roles);
  const firstOwn = (firstRole !== undefined && template.as?.[firstRole]) || {};
  /** The words a borrower reads about their own part: the template's, as the first borrower reads them. */
  const selfUi = overlay(template.uiSchema ?? {}, firstOwn.uiSchema) as Record<string, unknown>;

  Object.entries(roles).forEach(([role, { answers, askedWhen }], index) => {
    const first = index === 0;
    const own = template.as?.[role] ?? {};
    // A member answering their own part reads it in the first borrower's words ("you", not "your
    // co-borrower"): textFor.<role>, unless the file words it itself.
    if (!first && (own.uiSchema || own.messages)) {
      const messages = Object.fromEntries(
        (template.checks ?? [])
          .filter((c) => own.messages?.[c.id])
          .map((c) => [checkIdFor(c.id, role, false), firstOwn.messages?.[c.id] ?? c.message]),
      );
      const generated = {
        uiSchema: { [answers]: own.uiSchema ? selfWords(selfUi, own.uiSchema) : selfUi },
        ...(Object.keys(messages).length ? { messages } : {}),
      };
      out.textFor = {
        ...out.textFor,
        [role]: overlay(generated, out.textFor?.[role] ?? {}) as NonNullable<Step["textFor"]>[string],
      };
    }
    order.push(answers);
    // The schema: the template's object; a part asked only sometimes requires its fields only then.
    const roleSchema = structuredClone(template.schema) as Record<string, unknown>;
    if (askedWhen !== undefined) delete roleSchema.required;
    else if ((templateSchema.required ?? []).length && !(schema.required ?? []).includes(answers))
      schema.required = [...(schema.required ?? []), answers];
    schema.properties[answers] = roleSchema;
    sources.push({ expanded: `/schema/properties/${esc(answers)}`, file: "/eachBorrower/schema", role });
    ui[answers] = overlay(template.uiSchema ?? {}, own.uiSchema);
    sources.push({
      expanded: `/uiSchema/${esc(answers)}`,
      file: own.uiSchema ? `/eachBorrower/as/${esc(role)}/uiSchema` : "/eachBorrower/uiSchema",
      role,
    });

    // A part asked only sometimes is hidden as a whole otherwise: never judged, and dropped on save
    // (an application without a co-borrower may hold coborrower: null).
    if (askedWhen !== undefined) {
      out.visibleWhen = { ...out.visibleWhen, [pointerFor(answers, "")]: askedWhen };
      sources.push({ expanded: `/visibleWhen/${esc(pointerFor(answers, ""))}`, file: "/eachBorrower", role });
    }
    for (const [pointer, logic] of Object.entries(template.visibleWhen ?? {})) {
      out.visibleWhen = { ...out.visibleWhen, [pointerFor(answers, pointer)]: logicFor(logic, answers) };
      sources.push({
        expanded: `/visibleWhen/${esc(pointerFor(answers, pointer))}`,
        file: `/eachBorrower/visibleWhen/${esc(pointer)}`,
        role,
      });
    }
    const required: Record<string, unknown> = {};
    if (askedWhen !== undefined)
      for (const field of templateSchema.required ?? []) required[`/${esc(field)}`] = true;
    for (const [pointer, logic] of Object.entries(template.requiredWhen ?? {}))
      required[pointer] = logicFor(logic, answers);
    for (const [pointer, logic] of Object.entries(required)) {
      out.requiredWhen = { ...out.requiredWhen, [pointerFor(answers, pointer)]: logic };
      sources.push({
        expanded: `/requiredWhen/${esc(pointerFor(answers, pointer))}`,
        file:
          template.requiredWhen?.[pointer] === undefined
            ? "/eachBorrower/schema/required"
            : `/eachBorrower/requiredWhen/${esc(pointer)}`,
        role,
      });
    }
    template.checks?.forEach((check, i) => {
      const message = own.messages?.[check.id] ?? check.message;
      out.checks = [
        ...(out.checks ?? []),
        {
          ...check,
          id: checkIdFor(check.id, role, first),
          field: pointerFor(answers, check.field),
          logic: logicFor(check.logic, answers),
          message,
          ...(check.details
            ? {
                details: Object.fromEntries(
                  Object.entries(check.details).map(([k, l]) => [k, logicFor(l, answers)]),
                ),
              }
            : {}),
        },
      ];
      sources.push({ expanded: `/checks/${out.checks.length - 1}`, file: `/eachBorrower/checks/${i}`, role });
    });
    template.sections?.forEach((section, i) => {
      out.sections = [
        ...(out.sections ?? []),
        {
          ...section,
          id: first ? section.id : `${section.id}.${role}`,
          fields: section.fields.map((f) => pointerFor(answers, f)),
        },
      ];
      sources.push({
        expanded: `/sections/${out.sections.length - 1}`,
        file: `/eachBorrower/sections/${i}`,
        role,
      });
    });
    for (const [list, values] of Object.entries(template.newItems ?? {})) {
      out.newItems = {
        ...out.newItems,
        [pointerFor(answers, list)]: Object.fromEntries(
          Object.entries(values ?? {}).map(([k, l]) => [k, logicFor(l, answers)]),
        ),
      };
      sources.push({
        expanded: `/newItems/${esc(pointerFor(answers, list))}`,
        file: `/eachBorrower/newItems/${esc(list)}`,
        role,
      });
    }
  });
  // The borrowers' parts in order, unless the step orders its fields itself.
  if (!Array.isArray(ui["ui:order"]))
    ui["ui:order"] = [...Object.keys(schema.properties).filter((k) => !order.includes(k)), ...order];
  return { step: out, sources };
}

/** A problem's pointer in the expanded step, as the file has it (and for which borrower). */
export function sourceOf(sources: Source[], pointer: string): { pointer: string; role: string } | null {
  let best: Source | null = null;
  for (const s of sources)
    if (
      (pointer === s.expanded || pointer.startsWith(`${s.expanded}/`)) &&
      (!best || s.expanded.length > best.expanded.length)
    )
      best = s;
  return best ? { pointer: `${best.file}${pointer.slice(best.expanded.length)}`, role: best.role } : null;
}
