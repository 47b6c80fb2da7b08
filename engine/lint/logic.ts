// What logic reads, checked against what it reads from: every field path (also a list item's
// fields inside some/all/none/filter/map/reduce and a rule's forEach, and the parts of a fact) must
// exist, and every literal logic compares with an enumerated field must be one of its values. A
// value is followed through facts (their value, their emitted objects, their lists), pluck, merge,
// if and or, so `{"in": ["pensoin", {"var": "borrower.incomeTypes"}]}` is checked against the
// income types of schemas/, however many steps away the list was made.
import { uriOf } from "../base/uris";
import type { Definitions, Problem } from "../definitions/definitions";
import { iteratingOperators, operatorOf } from "../logic/operators";
import { escapeSegment } from "../base/pointer";
import { prefillSource } from "../logic/prefill";
import { expand, propertyNamesAt, schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";
import type { RuleSet, Step } from "../generated/schema-types";
import { isObject } from "../base/objects";
import { suggest } from "../base/text";

export { suggest };

/** What a value is known to be; null: nothing is known (a computed number, a param, an output). */
export type Shape =
  | { kind: "schema"; at: SchemaAt[] }
  | { kind: "object"; fields: Map<string, Shape> }
  | { kind: "list"; item: Shape }
  | { kind: "union"; of: Shape[] }
  | null;

const MISSING = Symbol("missing");
type Child = Shape | typeof MISSING;

const esc = escapeSegment;

/**
 * The values a schema allows when it is an enumeration (enum, const, oneOf/anyOf of consts,
 * behind $refs, with null allowed by a `{"type": "null"}` branch); null when it allows any value.
 */
export function enumerationOf(files: Definitions["files"], at: SchemaAt, depth = 0): unknown[] | null {
  const { schema } = at;
  if (depth > 20) return null;
  if (Object.hasOwn(schema, "const")) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum;
  if (schema.type === "null") return [null];
  if (schema.type === "boolean") return [true, false];
  if (Array.isArray(schema.type) && schema.type.every((t) => t === "boolean" || t === "null"))
    return [true, false, null];
  for (const key of ["allOf", "$ref", "oneOf", "anyOf"] as const) {
    if (schema[key] === undefined) continue;
    // expand() gives the schema itself first, then what $ref and the combinators stand for.
    const branches =
      key === "$ref"
        ? expand(files, { ...at, schema: { $ref: schema.$ref } }).slice(1, 2)
        : Array.isArray(schema[key])
          ? (schema[key] as unknown[]).map((b) => ({ ...at, schema: b as Record<string, unknown> }))
          : [];
    const values = branches.map((b) =>
      b.schema && typeof b.schema === "object" ? enumerationOf(files, b, depth + 1) : null,
    );
    if (key === "allOf") {
      const some = values.find((v) => v !== null);
      if (some) return some;
      continue;
    }
    if (values.length > 0 && values.every((v) => v !== null)) return values.flat();
    if (key === "$ref") continue; // the target allows anything: siblings may still narrow it
    return null;
  }
  return null;
}

/** JSON types a value of a type keyword may have ("integer" read as "number"). */
const typeNames = (type: unknown): string[] | null =>
  typeof type === "string"
    ? [type === "integer" ? "number" : type]
    : Array.isArray(type) && type.every((t) => typeof t === "string")
      ? type.map((t) => (t === "integer" ? "number" : (t as string)))
      : null;

/** The JSON type of a literal: "string", "number", "boolean", "null", "array" or "object". */
export const jsonTypeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/**
 * The JSON types a schema allows (through $ref and allOf, the union of oneOf/anyOf branches, the
 * types of enum and const values); null when it does not say (any type).
 */
export function typesOf(files: Definitions["files"], at: SchemaAt, depth = 0): Set<string> | null {
  const { schema } = at;
  if (depth > 20) return null;
  if (Object.hasOwn(schema, "const")) return new Set([jsonTypeOf(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonTypeOf));
  const own = typeNames(schema.type);
  if (own) return new Set(own);
  if (typeof schema.$ref === "string") {
    const target = expand(files, { ...at, schema: { $ref: schema.$ref } })[1];
    const found = target ? typesOf(files, target, depth + 1) : null;
    if (found) return found;
  }
  if (Array.isArray(schema.allOf))
    for (const branch of schema.allOf) {
      const found =
        branch && typeof branch === "object"
          ? typesOf(files, { ...at, schema: branch as Record<string, unknown> }, depth + 1)
          : null;
      if (found) return found;
    }
  for (const key of ["oneOf", "anyOf"] as const) {
    if (!Array.isArray(schema[key])) continue;
    const all = new Set<string>();
    for (const branch of schema[key] as unknown[]) {
      const found =
        branch && typeof branch === "object"
          ? typesOf(files, { ...at, schema: branch as Record<string, unknown> }, depth + 1)
          : null;
      if (!found) return null;
      for (const t of found) all.add(t);
    }
    return all;
  }
  return null;
}

// ---------------------------------------------------------------- shapes

const union = (shapes: Shape[]): Shape => {
  const known = shapes.filter((s): s is NonNullable<Shape> => s !== null);
  if (known.length === 0 || known.length < shapes.length) return null; // one unknown part: the whole is unknown
  return known.length === 1 ? known[0]! : { kind: "union", of: known };
};

function childOf(files: Definitions["files"], shape: Shape, key: string): Child {
  if (shape === null) return null;
  switch (shape.kind) {
    case "schema": {
      const segment = /^\d+$/.test(key) ? "*" : key;
      const found = shape.at.flatMap((at) => schemasAt(files, at, [segment]));
      if (found.length) return { kind: "schema", at: found };
      // Only a schema that lists its properties says a field is not there.
      return shape.at.some((at) => propertyNamesAt(files, at, []).length > 0) ? MISSING : null;
    }
    case "object":
      return shape.fields.has(key) ? shape.fields.get(key)! : MISSING;
    case "list":
      return /^\d+$/.test(key) ? shape.item : key === "length" ? null : MISSING;
    case "union": {
      const children = shape.of.map((s) => childOf(files, s, key));
      const present = children.filter((c): c is Shape => c !== MISSING);
      return present.length === 0 ? MISSING : union(present);
    }
  }
}

function itemsOf(files: Definitions["files"], shape: Shape): Shape {
  if (shape === null) return null;
  switch (shape.kind) {
    case "schema": {
      const found = shape.at.flatMap((at) => schemasAt(files, at, ["*"]));
      return found.length ? { kind: "schema", at: found } : null;
    }
    case "list":
      return shape.item;
    case "union":
      return union(shape.of.map((s) => itemsOf(files, s)));
    default:
      return null;
  }
}

function namesOf(files: Definitions["files"], shape: Shape): string[] {
  if (shape === null) return [];
  if (shape.kind === "schema") return [...new Set(shape.at.flatMap((at) => propertyNamesAt(files, at, [])))];
  if (shape.kind === "object") return [...shape.fields.keys()];
  if (shape.kind === "union") return [...new Set(shape.of.flatMap((s) => namesOf(files, s)))];
  return [];
}

function enumerationOfShape(files: Definitions["files"], shape: Shape): unknown[] | null {
  if (shape === null) return null;
  if (shape.kind === "schema") {
    const values: unknown[] = [];
    for (const at of shape.at) {
      const found = enumerationOf(files, at);
      if (!found) return null;
      values.push(...found);
    }
    return values;
  }
  if (shape.kind === "union") {
    const parts = shape.of.map((s) => enumerationOfShape(files, s));
    return parts.every((p) => p !== null) ? parts.flat() : null;
  }
  return null;
}

/** The JSON types a value of this shape may have; null when unknown. */
function typesOfShape(files: Definitions["files"], shape: Shape): Set<string> | null {
  if (shape === null) return null;
  switch (shape.kind) {
    case "schema": {
      const all = new Set<string>();
      for (const at of shape.at) {
        const found = typesOf(files, at);
        if (!found) return null;
        for (const t of found) all.add(t);
      }
      return all;
    }
    case "object":
      return new Set(["object"]);
    case "list":
      return new Set(["array"]);
    case "union": {
      const all = new Set<string>();
      for (const part of shape.of) {
        const found = typesOfShape(files, part);
        if (!found) return null;
        for (const t of found) all.add(t);
      }
      return all;
    }
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "yes/no",
  array: "a list",
  object: "an object",
  null: "nothing",
};
const typeWords = (types: Iterable<string>) =>
  [...types]
    .filter((t) => t !== "null")
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(" or ") || "nothing";

/**
 * How many arguments each operator takes, [least, most]: a third argument to `==` is silently
 * ignored, a missing one compares with nothing. Operators not listed take any number.
 */
export const OPERATOR_ARITY: Record<string, [number, number]> = {
  "==": [2, 2],
  "===": [2, 2],
  "!=": [2, 2],
  "!==": [2, 2],
  ">": [2, 2],
  ">=": [2, 2],
  "<": [2, 3],
  "<=": [2, 3],
  "!": [1, 1],
  "!!": [1, 1],
  "%": [2, 2],
  in: [2, 2],
  substr: [2, 3],
  "-": [1, 2],
  "/": [2, 2],
  "?:": [3, 3],
  if: [1, Infinity],
  var: [0, 2],
  missing_some: [2, 2],
  filter: [2, 2],
  map: [2, 2],
  all: [2, 2],
  none: [2, 2],
  some: [2, 2],
  reduce: [2, 3],
  "+": [1, Infinity],
  "*": [1, Infinity],
  min: [1, Infinity],
  max: [1, Infinity],
  root: [1, 1],
  get: [2, 2],
  lookup: [2, 3],
  count: [1, 1],
  sum: [1, 2],
  pluck: [2, 2],
  flatten: [1, 1],
  lower: [1, 1],
  starts_with_any: [2, 2],
  text_matches_any: [2, 2],
  date_add: [2, 3],
  date_diff_days: [2, 2],
  first_of_month: [1, 1],
  is_current: [2, 2],
  employment_coverage: [2, 3],
  add_business_days: [3, 3],
  format: [2, 2],
  join: [1, 2],
  aba_checksum: [1, 1],
  local_date: [2, 2],
};

const COMPARISONS = new Set(["==", "===", "!=", "!==", "<", "<=", ">", ">="]);
const ARITHMETIC = new Set(["+", "-", "*", "/", "%"]);

// ---------------------------------------------------------------- the walk

/** Where a name is looked up: names in scope first (facts, items, …), then the input's fields. */
export interface Scope {
  names: Map<string, Shape>;
  /** The input (a rule set's, or a step's answers and the application): a name not in `names` is one of its fields. */
  input: Shape;
  /** Names whose values are not followed (params, today, outputs, rules): never reported. */
  opaque: Set<string>;
  /** Report a name that is neither in scope nor a field of the input (the rule files' own check does it). */
  reportHeads: boolean;
  /** Report the missing parts of paths read outside an iteration (the step checks of lint.ts do it for steps). */
  reportPaths: boolean;
  /** Inside an iteration: the current item, which `var` reads. */
  item?: { shape: Shape; name: string };
}

interface Value {
  shape: Shape;
  /** How a message names the value: the path as written, or a list item's field (uploads.*.type). */
  name?: string;
}

export class LogicChecker {
  constructor(
    private readonly defs: Definitions,
    private readonly file: string,
    private readonly problems: Problem[],
  ) {}

  private get files() {
    return this.defs.files;
  }

  private report(pointer: string, message: string) {
    this.problems.push({ file: this.file, pointer, message });
  }

  /** The shape at a dotted path from a start shape; reports the first missing part. */
  private follow(start: Shape, parts: string[], written: string, pointer: string, report: boolean): Shape {
    let shape = start;
    for (const [i, key] of parts.entries()) {
      const child = childOf(this.files, shape, key);
      if (child === MISSING) {
        if (report) {
          const where = i === 0 ? "" : ` ("${parts.slice(0, i).join(".")}" has no "${key}")`;
          this.report(
            pointer,
            `unknown field "${written}"${where}${suggest(key, namesOf(this.files, shape))}`,
          );
        }
        return null;
      }
      shape = child;
    }
    return shape;
  }

  /** What a `var`/`root` reads. */
  private read(path: string, fromRoot: boolean, scope: Scope, pointer: string): Value {
    if (!fromRoot && scope.item) {
      if (path === "") return { shape: scope.item.shape, name: scope.item.name };
      return {
        shape: this.follow(scope.item.shape, path.split("."), path, pointer, true),
        name: `${scope.item.name}.${path}`,
      };
    }
    if (path === "") return { shape: null };
    const [head = "", ...rest] = path.split(".");
    if (scope.opaque.has(head)) return { shape: null };
    if (scope.names.has(head))
      return {
        shape: this.follow(scope.names.get(head)!, rest, path, pointer, scope.reportPaths),
        name: path,
      };
    const field = childOf(this.files, scope.input, head);
    if (field === MISSING) {
      if (scope.reportHeads)
        this.report(
          pointer,
          `unknown field "${path}"${suggest(head, [...scope.names.keys(), ...namesOf(this.files, scope.input)])}`,
        );
      return { shape: null };
    }
    return { shape: this.follow(field, rest, path, pointer, scope.reportPaths), name: path };
  }

  /** Walks logic: reports unknown fields and values; gives what the logic's value is known to be. */
  walk(node: unknown, at: string, scope: Scope): Value {
    if (Array.isArray(node)) {
      const values = node.map((n, i) => this.walk(n, `${at}/${i}`, scope));
      return {
        shape:
          values.length && values.every((v) => v.shape !== null)
            ? { kind: "list", item: union(values.map((v) => v.shape)) }
            : null,
      };
    }
    const op = operatorOf(node);
    if (!op) return { shape: null };
    const opAt = `${at}/${esc(op)}`;
    const raw = (node as Record<string, unknown>)[op];
    const args = Array.isArray(raw) ? raw : [raw];
    const argAt = (i: number) => (Array.isArray(raw) ? `${opAt}/${i}` : opAt);
    this.arity(op, args.length, opAt);

    if (op === "var" || op === "root") {
      if (typeof args[0] !== "string") {
        args.forEach((a, i) => this.walk(a, argAt(i), scope));
        return { shape: null };
      }
      if (args.length > 1) this.walk(args[1], argAt(1), scope);
      return this.read(args[0], op === "root", scope, opAt);
    }

    if (iteratingOperators.has(op)) {
      const list = this.walk(args[0], argAt(0), scope);
      const items = itemsOf(this.files, list.shape);
      const itemName = `${list.name ?? "the list"}.*`;
      const inner: Scope =
        op === "reduce"
          ? {
              ...scope,
              item: {
                shape: {
                  kind: "object",
                  fields: new Map([
                    ["current", items],
                    ["accumulator", null],
                  ]),
                },
                name: itemName,
              },
            }
          : { ...scope, item: { shape: items, name: itemName } };
      const body = this.walk(args[1], argAt(1), inner);
      args.slice(2).forEach((a, i) => this.walk(a, argAt(i + 2), scope));
      if (op === "filter")
        return { shape: list.shape === null ? null : { kind: "list", item: items }, name: list.name };
      if (op === "map")
        return { shape: body.shape === null ? null : { kind: "list", item: body.shape }, name: list.name };
      return { shape: null };
    }

    const values = args.map((a, i) => this.walk(a, argAt(i), scope));
    if (COMPARISONS.has(op)) this.compareTypes(op, args, values, argAt);
    if (ARITHMETIC.has(op)) this.arithmeticTypes(op, args, values, argAt);
    switch (op) {
      case "==":
      case "===":
      case "!=":
      case "!==":
        for (const [i, j] of [
          [0, 1],
          [1, 0],
        ] as const)
          this.compare(values[i], args[j], argAt(j));
        return { shape: null };
      case "in": {
        const [item, list] = args;
        if (typeof list === "string")
          this.report(
            argAt(1),
            `"in" with the text ${JSON.stringify(list)} tests for a part of that text (${JSON.stringify(list.slice(0, Math.max(1, Math.ceil(list.length / 2))))} would be "in" it): give a list, ${JSON.stringify([list])}`,
          );
        else if (!Array.isArray(list) && values[1]?.shape) {
          const types = typesOfShape(this.files, values[1].shape);
          if (types?.has("string") && !types.has("array"))
            this.report(
              argAt(1),
              `"in" over ${values[1].name ?? "a value"}, which is text, tests for a part of that text (a shorter value would match): compare with "==", or read a list`,
            );
        }
        if (Array.isArray(list)) list.forEach((v, k) => this.compare(values[0], v, `${argAt(1)}/${k}`));
        else if (isLiteral(item))
          this.compare(
            { shape: itemsOf(this.files, values[1]?.shape ?? null), name: values[1]?.name },
            item,
            argAt(0),
          );
        return { shape: null };
      }
      case "lookup":
        this.lookupKeys(args[0], values[1], argAt(0));
        return { shape: null };
      case "pluck": {
        const field = args[1];
        const items = itemsOf(this.files, values[0]?.shape ?? null);
        if (typeof field !== "string" || items === null) return { shape: null };
        const child = this.follow(
          items,
          field.split("."),
          `${values[0]?.name ?? "the list"}.*.${field}`,
          argAt(1),
          true,
        );
        return {
          shape: child === null ? null : { kind: "list", item: child },
          name: `${values[0]?.name ?? "the list"}.*.${field}`,
        };
      }
      case "get": {
        const field = args[1];
        if (typeof field !== "string" || values[0]?.shape === null) return { shape: null };
        return { shape: this.follow(values[0]!.shape, field.split("."), field, argAt(1), true) };
      }
      case "merge":
        return {
          shape: values.every((v) => v.shape !== null)
            ? { kind: "list", item: union(values.map((v) => itemsOf(this.files, v.shape) ?? v.shape)) }
            : null,
        };
      case "if":
      case "?:": {
        const branches = values.filter((_, i) => i % 2 === 1 || i === values.length - 1);
        return { shape: union(branches.map((v) => v.shape)) };
      }
      case "or":
        return { shape: union(values.map((v) => v.shape)), name: values.find((v) => v.name)?.name };
      default:
        return { shape: null };
    }
  }

  /** An operator given more or fewer arguments than it reads: the extra ones are silently ignored. */
  private arity(op: string, count: number, pointer: string) {
    const range = OPERATOR_ARITY[op];
    if (!range || (count >= range[0] && count <= range[1])) return;
    const [least, most] = range;
    const wants =
      least === most
        ? `${least} argument${least === 1 ? "" : "s"}`
        : most === Infinity
          ? `at least ${least}`
          : `${least} to ${most} arguments`;
    const hint =
      op === "==" || op === "===" || op === "!=" || op === "!=="
        ? count > 2
          ? `: the arguments after the second are ignored; to compare with several values write {"in": [value, [a, b, ...]]}`
          : ""
        : count > range[1]
          ? ": the extra ones are ignored"
          : "";
    this.report(pointer, `"${op}" takes ${wants}, not ${count}${hint}`);
  }

  /** A comparison of a field with a literal, or another field, of a type the field never has: never true (or true by accident). */
  private compareTypes(op: string, args: unknown[], values: Value[], argAt: (i: number) => string) {
    const typed = values.map((v) => (v.shape === null ? null : typesOfShape(this.files, v.shape)));
    for (let i = 0; i < args.length; i++) {
      const types = typed[i];
      if (!types) continue;
      for (let j = 0; j < args.length; j++) {
        if (j === i) continue;
        const other = args[j];
        if (isLiteral(other) && other !== null) {
          const literal = jsonTypeOf(other);
          if (types.has(literal)) continue;
          const hint =
            typeof other === "string" && types.has("number") && /^[\d,.\s$%-]+$/.test(other)
              ? ` (write the number without quotes: ${Number(other.replace(/[,\s$%]/g, "")) || other})`
              : "";
          this.report(
            argAt(j),
            `"${op}" compares ${values[i]!.name ?? "a value"}, which is ${typeWords(types)}, with ${typeof other === "string" ? `the text ${JSON.stringify(other)}` : `${TYPE_WORDS[literal] ?? literal} ${JSON.stringify(other)}`}: ${op === "==" || op === "===" ? "they are never equal" : op === "!=" || op === "!==" ? "they are always different" : "JSON-logic converts one to the other and the answer is meaningless"}${hint}`,
          );
          return;
        }
        const otherTypes = typed[j];
        if (j > i && otherTypes && ![...types].some((t) => t !== "null" && otherTypes.has(t))) {
          this.report(
            argAt(j),
            `"${op}" compares ${values[i]!.name ?? "a value"} (${typeWords(types)}) with ${values[j]!.name ?? "a value"} (${typeWords(otherTypes)}): values of different types are never equal`,
          );
          return;
        }
      }
    }
  }

  /** Arithmetic reads numbers: a text field or literal (a ZIP code, "1,000") gives NaN or joins texts. */
  private arithmeticTypes(op: string, args: unknown[], values: Value[], argAt: (i: number) => string) {
    args.forEach((arg, i) => {
      if (typeof arg === "string")
        return this.report(
          argAt(i),
          `"${op}" computes with numbers; the text ${JSON.stringify(arg)} is not one${/^[\d,.\s$]+$/.test(arg) ? " (write it without quotes and commas)" : ""}`,
        );
      const types = values[i]?.shape ? typesOfShape(this.files, values[i]!.shape) : null;
      if (types && !types.has("number") && ![...types].every((t) => t === "null"))
        this.report(
          argAt(i),
          `"${op}" computes with numbers; ${values[i]!.name ?? "this value"} is ${typeWords(types)}`,
        );
    });
  }

  /**
   * A table of params looked up by an enumerated value (`{"lookup": [{"var": "params.pricing.maxCltvByUsage"}, {"var": "usage"}]}`):
   * each of its keys must be one of the value's values, or it is never found (a value renamed in
   * schemas/ leaves the old key behind, and every applicant gets the default instead).
   */
  private lookupKeys(table: unknown, key: Value | undefined, tableAt: string) {
    if (!key?.shape) return;
    const path = operatorOf(table) === "var" ? (table as { var: unknown }).var : undefined;
    if (typeof path !== "string" || !path.startsWith("params.")) return;
    const [, setId = "", ...rest] = path.split(".");
    let node: unknown = this.defs.params[setId];
    for (const part of rest) node = isObject(node) ? node[part] : undefined;
    if (!isObject(node)) return;
    const values = enumerationOfShape(this.files, key.shape);
    if (!values) return;
    const located = this.defs.ruleSets.get(setId);
    const strings = [...new Set(values.filter((v): v is string => typeof v === "string"))];
    for (const name of Object.keys(node)) {
      if (values.includes(name)) continue;
      const message = `the table params.${[setId, ...rest].join(".")} has the key "${name}", which is not a value of ${key.name ?? "the value looked up"} (${strings.join(", ")}): it is never found${suggest(name, strings)}`;
      if (located)
        this.problems.push({
          file: located.file,
          pointer: `/params/${rest.map(esc).join("/")}/${esc(name)}`,
          message,
        });
      else this.report(tableAt, message);
    }
  }

  /** A literal compared with a value must be one of the value's enumeration values, when it has them. */
  private compare(value: Value | undefined, literal: unknown, pointer: string) {
    if (!value || !isLiteral(literal) || literal === null) return;
    const values = enumerationOfShape(this.files, value.shape);
    if (!values || values.some((v) => v === literal)) return;
    const strings = values.filter((v): v is string => typeof v === "string");
    this.report(
      pointer,
      `unknown value ${JSON.stringify(literal)} for ${value.name ?? "the value"}${typeof literal === "string" ? suggest(literal, strings) : ""}`,
    );
  }

  /** The shape of a fact, given the names before it. */
  factShape(fact: NonNullable<RuleSet["facts"]>[number], at: string, scope: Scope): Shape {
    const one = (inner: Scope): Shape => {
      if (!fact.emit) return this.walk(fact.value, `${at}/value`, inner).shape;
      const fields = new Map<string, Shape>();
      const names = new Map(inner.names);
      for (const [key, logic] of Object.entries(fact.emit)) {
        const shape = this.walk(logic, `${at}/emit/${esc(key)}`, { ...inner, names }).shape;
        fields.set(key, shape);
        names.set(key, shape);
      }
      return { kind: "object", fields };
    };
    if (fact.forEach === undefined) return one(scope);
    const list = this.walk(fact.forEach, `${at}/forEach`, scope);
    const item = itemsOf(this.files, list.shape);
    const names = new Map(scope.names);
    names.set(fact.as!, item);
    names.set("index", null);
    return { kind: "list", item: one({ ...scope, names }) };
  }
}

const isLiteral = (v: unknown) =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

// ---------------------------------------------------------------- rule sets and steps

/** Every logic of a rule set, walked with what its names stand for. */
export function checkRuleSetLogic(defs: Definitions, file: string, ruleSet: RuleSet, problems: Problem[]) {
  const checker = new LogicChecker(defs, file, problems);
  const input: Shape = ruleSet.input
    ? {
        kind: "schema",
        at: [
          {
            schema: ruleSet.input as Record<string, unknown>,
            base: uriOf("rules", file.replace(/^rules\//, "")),
            doc: ruleSet,
          },
        ],
      }
    : schemaAppShape(defs);
  const outputs = (ruleSet.rules ?? []).flatMap((r) => (r.output ? [r.output] : []));
  if (ruleSet.requirement) outputs.push(ruleSet.requirement.output);
  const names = new Map<string, Shape>();
  const scope: Scope = {
    names,
    input,
    opaque: new Set(["today", "params", ...outputs]),
    reportHeads: false,
    reportPaths: true,
  };
  ruleSet.facts?.forEach((fact, i) => names.set(fact.name, checker.factShape(fact, `/facts/${i}`, scope)));
  const template = ruleSet.requirement;
  const listItems = new Map<string, { as: string; shape: Shape }>();
  for (const [name, list] of Object.entries(template?.for ?? {})) {
    if (!list) continue;
    const shape = checker.walk(list.forEach, `/requirement/for/${esc(name)}/forEach`, scope).shape;
    listItems.set(name, { as: list.as, shape: itemsOf(defs.files, shape) });
  }
  const withNames = (extra: [string, Shape][]): Scope => ({ ...scope, names: new Map([...names, ...extra]) });
  if (template) {
    const inner = withNames([
      ["subject", null],
      ["document", null],
      ["requirement", null],
      ["index", null],
    ]);
    if (template.skipWhen !== undefined) checker.walk(template.skipWhen, "/requirement/skipWhen", inner);
    for (const [key, logic] of Object.entries(template.emit))
      checker.walk(logic, `/requirement/emit/${esc(key)}`, inner);
  }
  ruleSet.rules?.forEach((rule, i) => {
    const at = `/rules/${i}`;
    let inner = scope;
    if (rule.require !== undefined) {
      const list = listItems.get(rule.for ?? "");
      inner = withNames([
        [list?.as ?? "item", list?.shape ?? null],
        ["subject", list?.shape ?? null],
        ["document", null],
        ["requirement", null],
        ["index", null],
      ]);
      if (typeof rule.require !== "string") checker.walk(rule.require, `${at}/require`, inner);
    } else if (rule.forEach !== undefined && rule.as) {
      const list = checker.walk(rule.forEach, `${at}/forEach`, scope);
      inner = withNames([
        [rule.as, itemsOf(defs.files, list.shape)],
        ["index", null],
      ]);
    }
    if (rule.when !== undefined) checker.walk(rule.when, `${at}/when`, inner);
    if (rule.value !== undefined) checker.walk(rule.value, `${at}/value`, inner);
    for (const [key, logic] of Object.entries(rule.emit ?? {}))
      checker.walk(logic, `${at}/emit/${esc(key)}`, inner);
    for (const [key, logic] of Object.entries(rule.set ?? {}))
      checker.walk(logic, `${at}/set/${esc(key)}`, inner);
  });
}

function schemaAppShape(defs: Definitions): Shape {
  const app = schemaFile(defs.files, "application.json");
  return app ? { kind: "schema", at: [app] } : null;
}

/**
 * Every logic of a step, walked over its answers and the application. Top-level field names are
 * checked by the step checks of lint.ts; this adds list items' fields and enumeration values.
 */
export function checkStepLogic(defs: Definitions, file: string, step: Step, problems: Problem[]) {
  const checker = new LogicChecker(defs, file, problems);
  const stepRoot: SchemaAt = {
    schema: step.schema as Record<string, unknown>,
    base: uriOf("steps", file.replace(/^steps\//, "")),
    doc: step,
  };
  const app = schemaFile(defs.files, "application.json");
  const input: Shape = { kind: "schema", at: [stepRoot, ...(app ? [app] : [])] };
  const base: Scope = {
    names: new Map(),
    input,
    opaque: new Set(["today", "params", "rules", "index"]),
    reportHeads: false,
    reportPaths: false,
  };
  /** `item` of a field pointer with * is that list's item. */
  const forField = (field?: string): Scope => {
    if (!field?.includes("/*")) return { ...base, opaque: new Set([...base.opaque, "item"]) };
    const list = field.slice(1, field.lastIndexOf("/*")).split("/");
    let shape: Shape = input;
    for (const key of list) {
      const child = childOf(defs.files, shape, key);
      shape = child === MISSING ? null : child;
    }
    return { ...base, names: new Map([["item", itemsOf(defs.files, shape)]]) };
  };
  for (const key of ["visibleWhen", "requiredWhen"] as const)
    for (const [field, logic] of Object.entries(step[key] ?? {}))
      checker.walk(logic, `/${key}/${esc(field)}`, forField(field));
  step.checks?.forEach((check, i) => {
    checker.walk(check.logic, `/checks/${i}/logic`, forField(check.field));
    for (const [name, logic] of Object.entries(check.details ?? {}))
      checker.walk(logic, `/checks/${i}/details/${esc(name)}`, forField(check.field));
  });
  step.notices?.forEach((notice, i) => {
    checker.walk(notice.when, `/notices/${i}/when`, forField(notice.field));
    for (const [name, logic] of Object.entries(notice.details ?? {}))
      checker.walk(logic, `/notices/${i}/details/${esc(name)}`, forField(notice.field));
  });
  step.next?.forEach((branch, i) => {
    if (branch.when !== undefined) checker.walk(branch.when, `/next/${i}/when`, forField());
    if (typeof branch.goto !== "string") checker.walk(branch.goto, `/next/${i}/goto`, forField());
  });
  if (step.skipWhen !== undefined) checker.walk(step.skipWhen, "/skipWhen", forField());
  for (const [field, source] of Object.entries(step.prefill ?? {})) {
    const { value, when } = prefillSource(source);
    if (when !== undefined) checker.walk(when, `/prefill/${esc(field)}/when`, forField(field));
    if (value !== undefined) checker.walk(value, `/prefill/${esc(field)}/value`, forField(field));
  }
  for (const [list, fields] of Object.entries(step.newItems ?? {}))
    for (const [field, logic] of Object.entries(fields ?? {}))
      checker.walk(logic, `/newItems/${esc(list)}/${esc(field)}`, forField());
}
