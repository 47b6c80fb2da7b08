// A question may be declared where it is asked: a field a step's answer schema describes that the
// application document (schemas/application.json and the files it refers to) does not have is
// added to the application's schema, at the object that holds its siblings. So a new question is
// one edit of one step file, and the whole-application check a save runs knows it. A field that
// cannot be placed (its parent is not an object of the application) or that two steps declare
// differently is a problem naming the step file and the pointer of the declaration.
import { BASE_URI } from "../base/uris";
import type { DefinitionFiles, Located, Problem, Step } from "./definitions";
import { escapeSegment } from "../base/pointer";
import { expand, schemaFile, schemasAt, walkPointer, type SchemaAt } from "./schema-walk";
import { isObject } from "../base/objects";

const SCHEMAS = `${BASE_URI}schemas/`;

/**
 * The declaration as the application's schema holds it: `$ref`s re-pointed from the step file to
 * the schema file it lands in, and no `required` (whether a question must be answered is the
 * step's business, and a hidden answer is dropped before the whole document is checked).
 */
function relocate(node: unknown, from: string, problems: string[]): unknown {
  if (Array.isArray(node)) return node.map((n) => relocate(n, from, problems));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "required" && Array.isArray(value)) continue;
    if (key === "$ref" && typeof value === "string") {
      const target = new URL(value, from).toString();
      if (!target.startsWith(SCHEMAS)) problems.push(`its $ref "${value}" must point into schemas/`);
      out.$ref = target.slice(SCHEMAS.length);
      continue;
    }
    // const, enum, default and examples are data, not schemas: copied as they are.
    out[key] =
      key === "const" || key === "enum" || key === "default" || key === "examples"
        ? value
        : relocate(value, from, problems);
  }
  return out;
}

/** Answers an effect reads and drops before the save (step.schema.json `forget`): not the application's. */
const forgotten = (step: Step, field: string) =>
  (step.effects ?? []).some((effect) => effect.forget?.includes(field));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface MergedSchemas {
  /** The schemas of the set with every declared field added (the input itself when nothing was). */
  schemas: Record<string, unknown>;
  /** The fields added, by application pointer (for the linter and the docs). */
  declared: Map<string, { file: string; pointer: string }>;
  problems: Problem[];
}

/** Adds the fields steps declare to the application's schema (a copy; `files` is not changed). */
export function mergeStepFields(files: DefinitionFiles, steps: Iterable<Located<Step>>): MergedSchemas {
  const problems: Problem[] = [];
  const declared = new Map<string, { file: string; pointer: string; schema: unknown }>();
  // Fields are added to a copy, walked from the start so that every schema found is the copy's.
  const schemas = structuredClone(files.schemas) as Record<string, unknown>;
  let changed = false;
  const copy: DefinitionFiles = { ...files, schemas };
  const current = () => copy;
  const appRoot = () => schemaFile(copy, "application.json");
  if (!appRoot()) return { schemas: files.schemas, declared: new Map(), problems };

  // A $ref that does not resolve yet may name a field another step declares: tried after every declaration.
  const later: (() => void)[] = [];
  const resolves = (ref: string, stepUri: string) => {
    const url = new URL(ref, stepUri);
    const fragment = url.hash.slice(1);
    url.hash = "";
    const doc = url.toString().startsWith(SCHEMAS)
      ? schemas[url.toString().slice(SCHEMAS.length)]
      : undefined;
    return doc !== undefined && (fragment ? walkPointer(doc, fragment) : doc) !== undefined;
  };

  /** `app`: the application's schemas for `segments` (walked down with the step's, not from the top each time). */
  const visit = (
    located: Located<Step>,
    node: unknown,
    segments: string[],
    app: SchemaAt[],
    at: string,
    stepUri: string,
    deferred = false,
  ) => {
    if (!isObject(node) || typeof node.$ref === "string") return; // a reference: the field is the schema file's
    const below = (key: string) => app.flatMap((candidate) => schemasAt(current(), candidate, [key]));
    if (isObject(node.items) && typeof node.items.$ref !== "string")
      visit(located, node.items, [...segments, "*"], below("*"), `${at}/items`, stepUri);
    if (!isObject(node.properties)) return;
    for (const [key, child] of Object.entries(node.properties)) {
      const fieldSegments = [...segments, key];
      const fieldAt = `${at}/properties/${escapeSegment(key)}`;
      const field = `/${fieldSegments.map(escapeSegment).join("/")}`;
      if (forgotten(located.def, field)) continue; // checked with the step, never kept (a one-time code)
      const earlier = declared.get(field);
      const isRef = isObject(child) && typeof child.$ref === "string";
      // A field an earlier step declared is found in the application now: a second declaration is compared, a $ref is a use.
      const found = earlier && !isRef ? [] : below(key);
      if (found.length > 0) {
        visit(located, child, fieldSegments, found, fieldAt, stepUri);
        continue;
      }
      // A reference to another field under a new name is most likely a misspelt field.
      const ref = isObject(child) && typeof child.$ref === "string" ? child.$ref : undefined;
      if (ref !== undefined && !deferred && !resolves(ref, stepUri)) {
        later.push(() => visit(located, { properties: { [key]: child } }, segments, app, at, stepUri, true));
        continue;
      }
      // Still not found after every step declared its fields: the reference names nothing (a field
      // deleted from schemas/ while a step still refers to it). Merged, it would refer to itself.
      if (ref !== undefined && deferred && !resolves(ref, stepUri)) {
        problems.push({
          file: located.file,
          pointer: `${fieldAt}/$ref`,
          message: `field "${field}" refers to ${ref}, which does not exist (deleted from schemas/?): declare the field there again, or remove it from this step`,
        });
        continue;
      }
      const named = ref === undefined ? undefined : /#\/properties\/([^/]+)$/.exec(ref)?.[1];
      if (named !== undefined && named !== key) {
        problems.push({
          file: located.file,
          pointer: fieldAt,
          message: `field "${field}" is not in the application, and it refers to the field "${named}" (${ref}): did you mean \`${named}\`?`,
        });
        continue;
      }
      const reasons: string[] = [];
      const schema = relocate(child, stepUri, reasons);
      if (reasons.length) {
        problems.push({
          file: located.file,
          pointer: fieldAt,
          message: `field "${field}" is declared here for the application, but ${reasons.join("; ")}`,
        });
        continue;
      }
      if (earlier) {
        if (!same(earlier.schema, schema))
          problems.push({
            file: located.file,
            pointer: fieldAt,
            message: `field "${field}" is declared differently by ${earlier.file}#${earlier.pointer}: declare a question once (in one step, or in schemas/), and refer to it elsewhere with $ref`,
          });
        continue;
      }
      changed = true;
      const parents = (segments.length ? schemasAt(current(), appRoot()!, segments) : [appRoot()!]).flatMap(
        (p) => expand(current(), p),
      );
      const objects = parents.filter((p: SchemaAt) => isObject(p.schema.properties));
      const closed = objects.filter((p) => p.schema.additionalProperties === false);
      const targets = closed.length ? closed : objects.slice(0, 1);
      if (targets.length === 0) {
        const parent = segments.length ? `/${segments.map(escapeSegment).join("/")}` : "the application";
        problems.push({
          file: located.file,
          pointer: fieldAt,
          message: `field "${field}" is not in the application (schemas/application.json) and cannot be added: ${parents.length ? `${parent} is not an object with properties` : `${parent} is not in the application either; declare the object ${parent} here too, or add it to schemas/`}`,
        });
        continue;
      }
      for (const target of targets) {
        const into = target.base.startsWith(SCHEMAS) ? target.base.slice(SCHEMAS.length) : null;
        // The relocated $refs are relative to schemas/: right for every file of that flat folder.
        if (into?.includes("/"))
          problems.push({
            file: located.file,
            pointer: fieldAt,
            message: `field "${field}" would be added to ${into}, which is not directly in schemas/`,
          });
        (target.schema.properties as Record<string, unknown>)[key] = schema;
      }
      declared.set(field, { file: located.file, pointer: fieldAt, schema });
    }
  };

  for (const located of steps)
    visit(located, located.def.schema, [], [appRoot()!], "/schema", `${BASE_URI}${located.file}`);
  for (const run of later) run();
  return {
    schemas: changed ? schemas : files.schemas,
    declared: new Map([...declared].map(([field, { file, pointer }]) => [field, { file, pointer }])),
    problems,
  };
}
