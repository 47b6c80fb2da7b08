// Migration (issue 21, kept until every branch that adds step files has merged): rewrites a step
// file that carries the same part twice, once under /user and once under /coborrower, as one
// `eachBorrower` part (engine/definitions/each-borrower.ts), and checks that the engine makes the very step
// back from it before writing (only check ids and the placement of the co-borrower's visibility
// may change, as listed). A file it cannot rewrite faithfully is left as it is, with the reason.
//
//   npx tsx scripts/migrate/each-borrower.ts [--write] [steps/…/file.json …]
//
// Without files, every step file; without --write, it only reports.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import {
  checkIdFor,
  expandEachBorrower,
  logicFor,
  TEMPLATE_NAME,
  type EachBorrowerRole,
} from "@engine/definitions/each-borrower";
import type { Step } from "@engine/generated/schema-types";
import { layoutDefinition } from "@engine/base/json-layout";
import { definitionFiles, REPO_ROOT } from "@engine/definitions/load";
import { escapeSegment } from "@engine/base/pointer";

type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (!isObject(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sorted(v[k])]),
  );
}

const members = JSON.parse(readFileSync(join(REPO_ROOT, "rules/members.json"), "utf8")) as Json;
const roles = members.params.borrowers as Record<string, EachBorrowerRole>;
const [mainRole, ...otherRoles] = Object.entries(roles);

/** The entries of a pointer map under /<field>, with that prefix taken off. */
function under(map: Record<string, unknown> | undefined, field: string): Record<string, unknown> {
  const prefix = `/${escapeSegment(field)}/`;
  return Object.fromEntries(
    Object.entries(map ?? {})
      .filter(([p]) => p.startsWith(prefix))
      .map(([p, v]) => [p.slice(prefix.length - 1), v]),
  );
}
const outside = (map: Record<string, unknown> | undefined, fields: string[]) =>
  Object.fromEntries(
    Object.entries(map ?? {}).filter(
      ([p]) => !fields.some((f) => p === `/${escapeSegment(f)}` || p.startsWith(`/${escapeSegment(f)}/`)),
    ),
  );

/** What both layouts share, and what is each one's own. */
function split(a: unknown, b: unknown): { common: unknown; a: unknown; b: unknown } {
  if (same(a, b)) return { common: a, a: undefined, b: undefined };
  if (!isObject(a) || !isObject(b)) return { common: undefined, a, b };
  const common: Json = {};
  const onlyA: Json = {};
  const onlyB: Json = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(key in a)) {
      onlyB[key] = b[key];
      continue;
    }
    if (!(key in b)) {
      onlyA[key] = a[key];
      continue;
    }
    const parts = split(a[key], b[key]);
    if (parts.common !== undefined) common[key] = parts.common;
    if (parts.a !== undefined) onlyA[key] = parts.a;
    if (parts.b !== undefined) onlyB[key] = parts.b;
  }
  const orEmpty = (o: Json) => (Object.keys(o).length ? o : undefined);
  return { common: orEmpty(common), a: orEmpty(onlyA), b: orEmpty(onlyB) };
}

/** A borrower's logic in template form: `<answers>.x` read as borrower.x. */
const templateLogic = (logic: unknown, answers: string) =>
  JSON.parse(
    JSON.stringify(logic).replace(
      new RegExp(`"(var|root)":"${answers}(\\.|")`, "g"),
      `"$1":"${TEMPLATE_NAME}$2`,
    ),
  );

function convert(step: Json): { step?: Json; reasons: string[]; notes: string[] } {
  const reasons: string[] = [];
  const notes: string[] = [];
  const [main, mainDef] = mainRole!;
  const fields = [mainDef.answers, ...otherRoles.map(([, r]) => r.answers)];
  const props = step.schema?.properties ?? {};
  if (step.eachBorrower || !fields.every((f) => isObject(props[f])))
    return { reasons: ["no part under both borrowers"], notes };
  const answers = mainDef.answers;
  if (
    !same(
      Object.keys(props[fields[0]!].properties ?? {}).sort(),
      Object.keys(props[fields[1]!].properties ?? {}).sort(),
    )
  )
    return { reasons: ["the borrowers are asked different fields"], notes };

  // Titles of objects that differ by borrower ("Co-borrower's declarations") become that borrower's ui:title.
  const titles: Json[] = fields.map(() => ({}));
  const untitle = (a: Json, b: Json, at: string[]) => {
    for (const key of Object.keys(a.properties ?? {})) {
      const [x, y] = [a.properties[key], b.properties?.[key]];
      if (!isObject(x) || !isObject(y)) continue;
      if (typeof x.title === "string" && typeof y.title === "string" && x.title !== y.title) {
        titles[0]![[...at, key].join("/")] = x.title;
        titles[1]![[...at, key].join("/")] = y.title;
        y.title = x.title;
      }
      untitle(x, y, [...at, key]);
    }
  };
  props[fields[1]!] = structuredClone(props[fields[1]!]);
  untitle(props[fields[0]!], props[fields[1]!], []);
  const withTitles = (uiPart: unknown, found: Json) => {
    let out = structuredClone(uiPart ?? {}) as Json;
    for (const [path, title] of Object.entries(found)) {
      const keys = path.split("/");
      let node = out;
      for (const k of keys) node = node[k] ??= {};
      node["ui:title"] ??= title;
    }
    return Object.keys(out).length ? out : uiPart;
  };
  const checksOf = (field: string) =>
    (step.checks ?? []).filter((c: Json) => c.field.startsWith(`/${escapeSegment(field)}/`));
  const mainChecks = checksOf(answers);
  const baseId = (id: string) => id.replace(new RegExp(`\\.${escapeSegment(answers)}(?=[.-])`), "");
  const uiParts = fields.map((f, i) => withTitles(step.uiSchema?.[f], titles[i]!));
  const ui = split(uiParts[0], uiParts[1]);
  const template: Json = {
    schema: props[answers],
    ...(ui.common !== undefined ? { uiSchema: ui.common } : {}),
  };
  const tv = Object.fromEntries(
    Object.entries(under(step.visibleWhen, answers)).map(([p, l]) => [p, templateLogic(l, answers)]),
  );
  const tr = Object.fromEntries(
    Object.entries(under(step.requiredWhen, answers)).map(([p, l]) => [p, templateLogic(l, answers)]),
  );
  if (Object.keys(tv).length) template.visibleWhen = tv;
  if (Object.keys(tr).length) template.requiredWhen = tr;
  if (mainChecks.length)
    template.checks = mainChecks.map((c: Json) => ({
      ...c,
      id: baseId(c.id),
      field: c.field.slice(answers.length + 1),
      logic: templateLogic(c.logic, answers),
      ...(c.details ? { details: templateLogic(c.details, answers) } : {}),
    }));
  const ni = under(step.newItems, answers);
  if (Object.keys(ni).length) template.newItems = templateLogic(ni, answers);
  const as: Json = {};
  if (ui.a !== undefined) as[main] = { uiSchema: ui.a };
  if (ui.b !== undefined) as[otherRoles[0]![0]] = { uiSchema: ui.b };
  // Messages that differ for the other borrower.
  for (const [role, def] of otherRoles)
    for (const c of checksOf(def.answers)) {
      const mine = template.checks?.find(
        (t: Json) =>
          checkIdFor(t.id, role, false) === c.id ||
          (t.field === c.field.slice(def.answers.length + 1) &&
            same(logicFor(t.logic, def.answers), c.logic)),
      );
      if (mine && mine.message !== c.message)
        (as[role] ??= {}).messages = { ...as[role]?.messages, [mine.id]: c.message };
    }
  if (Object.keys(as).length) template.as = as;

  const rest: Json = structuredClone(step);
  for (const f of fields) {
    delete rest.schema.properties[f];
    if (rest.uiSchema) delete rest.uiSchema[f];
  }
  if (Array.isArray(rest.schema.required)) {
    rest.schema.required = rest.schema.required.filter((r: string) => !fields.includes(r));
    if (!rest.schema.required.length) delete rest.schema.required;
  }
  for (const key of ["visibleWhen", "requiredWhen", "newItems"] as const) {
    rest[key] = outside(rest[key], fields);
    if (!Object.keys(rest[key]).length) delete rest[key];
  }
  rest.checks = (rest.checks ?? []).filter(
    (c: Json) => !fields.some((f) => c.field.startsWith(`/${escapeSegment(f)}/`)),
  );
  if (!rest.checks.length) delete rest.checks;
  if (
    rest.uiSchema?.["ui:order"] &&
    same(
      rest.uiSchema["ui:order"].filter((k: string) => !fields.includes(k)),
      [],
    ) &&
    same(rest.uiSchema["ui:order"], fields)
  )
    delete rest.uiSchema["ui:order"];
  // The file's keys in their usual order, eachBorrower after the uiSchema.
  const out: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    out[key] = value;
    if (key === "uiSchema") out.eachBorrower = template;
  }
  if (!out.eachBorrower) out.eachBorrower = template;

  // The engine must make the same step back (up to the notes below).
  const back = expandEachBorrower(out as Step, roles).step as Json;
  // Hiding the co-borrower's whole part, or each of its fields, is the same: compared field by field.
  const normalize = (map: Json, key: string): Json => {
    const out: Json = { ...map };
    if (key !== "visibleWhen") return out;
    for (const [, def] of otherRoles) {
      const whole = `/${escapeSegment(def.answers)}`;
      if (out[whole] !== undefined && same(out[whole], def.askedWhen)) delete out[whole];
      else if (map === step.visibleWhen)
        notes.push(`the co-borrower's part is now hidden as a whole (${whole}), not field by field`);
      for (const p of Object.keys(out)) {
        if (!p.startsWith(`${whole}/`)) continue;
        if (same(out[p], def.askedWhen)) delete out[p];
        else if (
          isObject(out[p]) &&
          Array.isArray(out[p].and) &&
          out[p].and.length === 2 &&
          same(out[p].and[0], def.askedWhen)
        )
          out[p] = out[p].and[1];
      }
    }
    return out;
  };
  const compareMap = (key: string) => {
    const before = normalize(step[key] ?? {}, key);
    const after = normalize(back[key] ?? {}, key);
    for (const p of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (same(before[p], after[p])) continue;
      // A part the step required as a whole (schema.required) now requires its fields: the same, said per field.
      const owner = fields.find((f) => p.startsWith(`/${escapeSegment(f)}/`));
      if (
        key === "requiredWhen" &&
        before[p] === undefined &&
        after[p] === true &&
        owner &&
        (step.schema.required ?? []).includes(owner)
      ) {
        notes.push(`${p} is required (the step required ${owner} as a whole)`);
        continue;
      }
      reasons.push(
        `${key} ${p}: ${JSON.stringify(before[p]) ?? "absent"} would become ${JSON.stringify(after[p]) ?? "absent"}`,
      );
    }
  };
  compareMap("visibleWhen");
  compareMap("requiredWhen");
  compareMap("newItems");
  if (titles[1] && Object.keys(titles[1]).length)
    notes.push(
      `titles that differ by borrower are now their ui:title (${Object.keys(titles[1]).join(", ")})`,
    );
  for (const f of fields) {
    const before = structuredClone(props[f]);
    const after = structuredClone(back.schema.properties[f]);
    delete before.required;
    delete after.required;
    if (!same(before, after)) reasons.push(`schema of /${f} differs`);
    if (!same(withTitles(step.uiSchema?.[f], titles[fields.indexOf(f)]!), back.uiSchema?.[f]))
      reasons.push(`uiSchema of /${f} differs`);
  }
  const byField = (checks: Json[]) =>
    Object.fromEntries(checks.map((c) => [c.field + " " + JSON.stringify(sorted(c.logic)), c]));
  const beforeChecks = byField(step.checks ?? []);
  const afterChecks = byField(back.checks ?? []);
  for (const key of new Set([...Object.keys(beforeChecks), ...Object.keys(afterChecks)])) {
    const [b, a] = [beforeChecks[key], afterChecks[key]];
    if (!b || !a) {
      reasons.push(`check ${b?.id ?? a?.id} would ${b ? "go" : "appear"}`);
      continue;
    }
    if (b.id !== a.id) notes.push(`check id ${b.id} becomes ${a.id}`);
    if (b.description !== a.description) notes.push(`check ${a.id} is described as the main borrower's`);
    const { id: _b, description: _bd, ...bRest } = b;
    const { id: _a, description: _ad, ...aRest } = a;
    if (!same(bRest, aRest))
      reasons.push(`check ${b.id} differs: ${JSON.stringify(bRest)} would become ${JSON.stringify(aRest)}`);
  }
  return reasons.length ? { reasons, notes } : { step: out, reasons, notes };
}

const { values, positionals } = parseArgs({
  options: { write: { type: "boolean", default: false } },
  allowPositionals: true,
});
const targets = positionals.length
  ? positionals.map((p) => ({ path: join(process.cwd(), p), file: p }))
  : definitionFiles().filter((f) => f.file.startsWith("steps/") && !f.file.startsWith("steps/flows/"));
for (const { path, file } of targets) {
  const step = JSON.parse(readFileSync(path, "utf8")) as Json;
  const { step: converted, reasons, notes } = convert(step);
  const name = relative(REPO_ROOT, path) || file;
  if (!converted) {
    if (reasons[0] !== "no part under both borrowers")
      console.log(`${name}: left as it is: ${reasons.join("; ")}`);
    continue;
  }
  const before = readFileSync(path, "utf8").split("\n").length;
  const text = layoutDefinition(converted);
  console.log(
    `${name}: ${values.write ? "rewritten" : "would be rewritten"} (${before} → ${text.split("\n").length} lines)${notes.length ? `; ${[...new Set(notes)].join("; ")}` : ""}`,
  );
  if (values.write) writeFileSync(path, text);
}
