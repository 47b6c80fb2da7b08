// A required field no answer can show: its visibleWhen (with those of the parts holding it) is
// tried with every value each field it reads can take, and a field is reported only when that is
// all of them (yes/no, enumerations, nothing). A condition reading a number, a text or a date is
// taken to be satisfiable: trying "every" number is not possible, and a false alarm would block check.
import { uriOf } from "../base/uris";
import type { Definitions, Problem } from "../definitions/definitions";
import { varPaths } from "../logic/rules";
import { holds } from "../logic/logic";
import { escapeSegment, setAt, splitPointer } from "../base/pointer";
import { enumerationOf } from "./logic";
import { schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";
import type { Step } from "../generated/schema-types";

const MAX_TRIES = 4096;

/** Does `pattern` (a field pointer, * for any item) lie at or inside `ancestor`? */
const within = (pattern: string, ancestor: string) =>
  pattern === ancestor || pattern.startsWith(`${ancestor}/`);

/** The fields a step requires: requiredWhen, and the `required` lists of its answer schema. */
function requiredFields(step: Step): Set<string> {
  const out = new Set(
    Object.entries(step.requiredWhen ?? {})
      .filter(([, logic]) => logic !== false && logic !== null)
      .map(([p]) => p),
  );
  const walk = (schema: unknown, at: string) => {
    if (!schema || typeof schema !== "object") return;
    const s = schema as Record<string, unknown>;
    if (Array.isArray(s.required))
      for (const key of s.required) out.add(`${at}/${escapeSegment(String(key))}`);
    if (s.properties && typeof s.properties === "object")
      for (const [key, child] of Object.entries(s.properties)) walk(child, `${at}/${escapeSegment(key)}`);
    if (s.items && typeof s.items === "object") walk(s.items, `${at}/*`);
  };
  walk(step.schema, "");
  return out;
}

export function checkNeverShown(defs: Definitions, file: string, step: Step, problems: Problem[]) {
  const visible = step.visibleWhen ?? {};
  if (!Object.keys(visible).length) return;
  const stepRoot: SchemaAt = {
    schema: step.schema as Record<string, unknown>,
    base: uriOf("steps", file.replace(/^steps\//, "")),
    doc: step,
  };
  const app = schemaFile(defs.files, "application.json");
  const roots = [stepRoot, ...(app ? [app] : [])];
  const required = requiredFields(step);

  for (const field of required) {
    // The conditions that must all hold for the field to show: its own and its containers'.
    const conditions = Object.entries(visible).filter(([pattern]) => within(field, pattern));
    if (!conditions.length) continue;
    const itemList = field.includes("/*") ? field.slice(0, field.lastIndexOf("/*")) : null;
    const logic = { and: conditions.map(([, l]) => l) };
    const paths = varPaths(logic);
    // Each path's possible values; a path of an unbounded kind makes the field count as showable.
    const domains: [string, unknown[]][] = [];
    let bounded = true;
    for (const path of paths) {
      const [head = "", ...rest] = path.split(".");
      if (head === "today" || head === "params" || head === "rules" || head === "index") {
        bounded = head === "params";
        if (!bounded) break;
        continue;
      }
      const segments =
        head === "item" && itemList ? [...splitPointer(itemList), "*", ...rest] : path.split(".");
      const schemas = roots.flatMap((root) => schemasAt(defs.files, root, segments));
      const values = schemas.length ? schemas.map((at) => enumerationOf(defs.files, at)) : [null];
      if (values.some((v) => v === null)) {
        bounded = false;
        break;
      }
      domains.push([path, [...new Set([...(values.flat() as unknown[]), null])]]);
    }
    if (!bounded) continue;
    const tries = domains.reduce((n, [, d]) => n * d.length, 1);
    if (tries > MAX_TRIES) continue;
    let shown = false;
    for (let i = 0; i < tries && !shown; i++) {
      let data: Record<string, unknown> = { params: defs.params };
      let rest = i;
      for (const [path, domain] of domains) {
        const value = domain[rest % domain.length];
        rest = Math.floor(rest / domain.length);
        data = setAt(data, `/${path.split(".").map(escapeSegment).join("/")}`, value) as Record<
          string,
          unknown
        >;
      }
      try {
        shown = holds(logic, data);
      } catch {
        shown = true; // logic that cannot run on these values: not ours to judge here
      }
    }
    if (!shown) {
      const [pattern] = conditions.at(-1)!;
      problems.push({
        file,
        pointer: `/visibleWhen/${escapeSegment(pattern)}`,
        message: `required field "${field}" can never be shown: no answer makes ${conditions.length > 1 ? "its visibleWhen and its containers'" : "its visibleWhen"} hold${domains.length ? ` (tried every value of ${domains.map(([p]) => p).join(", ")})` : ""}`,
      });
    }
  }
}
