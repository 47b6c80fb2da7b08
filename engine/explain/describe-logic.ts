// JSON-logic in plain English, for the rule book and the portal: compliance reads what a rule does
// without reading JSON. Every operator of engine/logic/logic.ts has words; anything without good words
// falls back to a compact readable form (`op(a, b)`), never an error.
import type { Definitions } from "../definitions/definitions";
import { getPath, operatorOf } from "../logic/operators";
import { uriOf } from "../base/uris";
import { expand, schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";

/** What the words know about the data: schema titles and types of fields, the values of params. */
export interface LogicWords {
  /** The schema title of a data path such as `setup.hasFbm`, when one is known. */
  titleOf?(path: string): string | undefined;
  /** "boolean", "date", "number", "string", "array", "object" for a data path, when known. */
  typeOf?(path: string): string | undefined;
  /** The value of `params.<set>.<name>`; a number, text or yes/no is shown after its name. */
  paramOf?(path: string): unknown;
  /** Names that stand for one list item (a rule's `as`; `item` in a field pointer with *). */
  itemNames?: Iterable<string>;
}

export interface DescribeOptions {
  /** "condition" (the default): a bare field reads "… is set"; "value": it reads as the field. */
  as?: "condition" | "value";
}

// How tightly a phrase binds, to know when it needs parentheses inside another.
const SENTENCE = 0; // comparisons, and/or/not, if
const PHRASE = 1; // "the number of items in …", "… rounded down to …"
const ADD = 2;
const MUL = 3;
const ATOM = 4;

interface Text {
  text: string;
  prec: number;
  /** The operator, for and/or nesting. */
  op?: string;
}

interface Scope {
  words: LogicWords;
  items: Set<string>;
  /** Inside some/all/none/filter/map/reduce: `var` reads the current item. */
  inItem: boolean;
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];
const UNITS: Record<string, [string, string]> = {
  days: ["day", "days"],
  months: ["month", "months"],
  years: ["year", "years"],
};
const FORMATS: Record<string, string> = {
  date: "a date",
  monthYear: "a month and year",
  currency: "dollars",
  percent: "a percentage",
  phone: "a phone number",
};

/** camelCase and dotted paths as words: `percentageOwned` → "percentage owned". */
export function pathInWords(path: string): string {
  return path
    .split(".")
    .map((key) =>
      /^\d+$/.test(key)
        ? `${ORDINALS[Number(key)] ?? `#${Number(key) + 1}`} value`
        : key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase(),
    )
    .join(" ");
}

const atom = (text: string): Text => ({ text, prec: ATOM });
const phrase = (text: string): Text => ({ text, prec: PHRASE });
const sentence = (text: string, op?: string): Text => ({ text, prec: SENTENCE, op });
const wrap = (t: Text, min: number) => (t.prec < min ? `(${t.text})` : t.text);
const argsOf = (node: unknown, op: string): unknown[] => {
  const raw = (node as Record<string, unknown>)[op];
  return Array.isArray(raw) ? raw : [raw];
};
const isLiteral = (v: unknown) => v === null || typeof v !== "object";
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function list(items: string[], last = "and"): string {
  if (items.length <= 1) return items[0] ?? "nothing";
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

function literal(value: unknown): Text {
  if (value === true) return atom("yes");
  if (value === false) return atom("no");
  if (value === null || value === undefined) return atom("nothing");
  if (value === "") return atom("“” (no text)");
  if (typeof value === "number" || typeof value === "string") return atom(String(value));
  if (Array.isArray(value)) return atom(`[${value.map((v) => literal(v).text).join(", ")}]`);
  return atom(
    `{${Object.entries(value as object)
      .map(([k, v]) => `${k}: ${literal(v).text}`)
      .join(", ")}}`,
  );
}

/** A field read by `var` (or `root`, which always reads from the top). */
function field(path: string, scope: Scope, fromRoot = false): Text {
  const { words } = scope;
  if (path === "") return atom(scope.inItem && !fromRoot ? "the item" : "the data");
  if (scope.inItem && !fromRoot) return atom(`the item's ${pathInWords(path)}`);
  const [head = "", ...rest] = path.split(".");
  if (scope.items.has(head))
    return atom(rest.length ? `the ${head}'s ${pathInWords(rest.join("."))}` : `the ${head}`);
  const declared = [...(words.itemNames ?? [])];
  if (path === "index" && declared.length) return atom(`the ${declared.at(-1)}'s position in the list`);
  if (path === "today") return atom("today");
  if (head === "params") {
    const value = words.paramOf?.(path);
    return atom(
      value !== undefined && isLiteral(value) && value !== null ? `${path} (${literal(value).text})` : path,
    );
  }
  if (head === "rules" && rest.length >= 2)
    return atom(`the ${rest[0]} rules' ${pathInWords(rest.slice(1).join("."))} (${path})`);
  const title = words.titleOf?.(path);
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return atom(title && !(rest.length === 0 && norm(title) === norm(head)) ? `${title} (${path})` : path);
}

/** The path a `var`/`root` node reads, when it is a plain one. */
function varOf(node: unknown): { path: string; fromRoot: boolean } | null {
  const op = operatorOf(node);
  if (op !== "var" && op !== "root") return null;
  const path = argsOf(node, op)[0];
  return typeof path === "string" ? { path, fromRoot: op === "root" } : null;
}

function typeOf(node: unknown, scope: Scope): string | undefined {
  const ref = varOf(node);
  if (ref) {
    if (ref.path === "today") return "date";
    if (scope.inItem && !ref.fromRoot) return undefined;
    return scope.words.typeOf?.(ref.path);
  }
  const op = operatorOf(node);
  if (op === "date_add" || op === "first_of_month" || op === "add_business_days" || op === "local_date")
    return "date";
  if (typeof node === "string" && /^\d{4}-\d{2}-\d{2}$/.test(node)) return "date";
  return undefined;
}

/** Verbs a yes/no field's name may start with, and their negation: "the borrower owns business" / "does not own business". */
const VERBS: Record<string, string> = {
  is: "is not",
  has: "does not have",
  owns: "does not own",
  waives: "does not waive",
  needs: "does not need",
};

/** A yes/no field of a list item read as a clause about the item: "the borrower is salaried", "the property has mortgage". */
function itemClause(node: unknown, scope: Scope, negated: boolean): Text | null {
  const ref = varOf(node);
  const [head = "", field, ...more] = ref?.path.split(".") ?? [];
  if (
    !ref ||
    (ref.fromRoot && !scope.items.has(head)) ||
    !field ||
    more.length ||
    !scope.items.has(head) ||
    (scope.inItem && !ref.fromRoot)
  )
    return null;
  const words = pathInWords(field).split(" ");
  const verb = words[0]!;
  if (Object.hasOwn(VERBS, verb))
    return sentence(
      `the ${head} ${negated ? `${VERBS[verb]} ${words.slice(1).join(" ")}` : words.join(" ")}`.trimEnd(),
    );
  return sentence(`the ${head} ${negated ? "is not" : "is"} ${words.join(" ")}`);
}

/** "X is set" for a bare value used as a condition (its JSON-logic truthiness), or its negation. */
function truthy(node: unknown, scope: Scope, negated: boolean): Text {
  const value = describe(node, scope);
  const type = typeOf(node, scope);
  if (type === "boolean") {
    const clause = itemClause(node, scope, negated);
    if (clause) return clause;
  }
  const subject = wrap(value, PHRASE);
  if (type === "boolean") return sentence(`${subject} ${negated ? "is no or not given" : "is yes"}`);
  if (type && type !== "object") return sentence(`${subject} ${negated ? "is not given" : "is given"}`);
  return sentence(`${subject} ${negated ? "is not set" : "is set"}`);
}

const COMPARE_WORDS: Record<string, [string, string]> = {
  ">": ["is more than", "is after"],
  ">=": ["is at least", "is on or after"],
  "<": ["is less than", "is before"],
  "<=": ["is at most", "is on or before"],
};

function equality(args: unknown[], scope: Scope, negated: boolean): Text {
  let [a, b] = args;
  if (isLiteral(a) && !isLiteral(b)) [a, b] = [b, a];
  const left = wrap(describe(a, scope), PHRASE);
  if (b === null) return sentence(`${left} ${negated ? "is given" : "is not given"}`);
  if (isLiteral(b)) return sentence(`${left} ${negated ? "is not" : "is"} ${literal(b).text}`);
  return sentence(`${left} ${negated ? "does not equal" : "equals"} ${wrap(describe(b, scope), PHRASE)}`);
}

function comparison(op: string, args: unknown[], scope: Scope): Text {
  const dates = args.some((a) => typeOf(a, scope) === "date");
  const parts = args.map((a) => wrap(describe(a, scope), PHRASE));
  if (args.length === 3 && (op === "<" || op === "<=")) {
    const [low, value, high] = parts;
    return sentence(
      op === "<" ? `${value} is strictly between ${low} and ${high}` : `${value} is from ${low} to ${high}`,
    );
  }
  return sentence(`${parts[0]} ${COMPARE_WORDS[op]![dates ? 1 : 0]} ${parts[1]}`);
}

function membership(args: unknown[], scope: Scope, negated: boolean): Text {
  const [a, b] = args;
  if (Array.isArray(b)) {
    const subject = wrap(describe(a, scope), PHRASE);
    const values = b.map((v) => describe(v, scope).text);
    if (!negated) return sentence(`${subject} is ${list(values, "or")}`);
    if (values.length === 1) return sentence(`${subject} is not ${values[0]}`);
    if (values.length === 2) return sentence(`${subject} is neither ${values[0]} nor ${values[1]}`);
    return sentence(`${subject} is none of ${list(values, "and")}`);
  }
  const item = wrap(describe(a, scope), PHRASE);
  const container = wrap(describe(b, scope), ADD);
  if (isLiteral(a) && !isLiteral(b))
    return sentence(`${container} ${negated ? "does not include" : "includes"} ${item}`);
  return sentence(`${item} ${negated ? "is not in" : "is in"} ${container}`);
}

/** A condition inside and/or/neither: in parentheses when it is itself a junction (or an if) of another kind. */
function part(node: unknown, scope: Scope, within?: string): string {
  const t = condition(node, scope);
  return t.prec === SENTENCE && t.op && t.op !== within ? `(${t.text})` : t.text;
}

function junction(op: "and" | "or", args: unknown[], scope: Scope): Text {
  if (args.length === 1) return condition(args[0], scope);
  // "x includes a or x includes b" → "x includes a or b".
  const ins = args.map((a) => (operatorOf(a) === "in" ? argsOf(a, "in") : null));
  if (op === "or" && ins.every((a) => a && isLiteral(a[0]) && !isLiteral(a[1]) && same(a[1], ins[0]![1])))
    return sentence(
      `${wrap(describe(ins[0]![1], scope), ADD)} includes ${list(
        ins.map((a) => literal(a![0]).text),
        "or",
      )}`,
    );
  return sentence(args.map((a) => part(a, scope, op)).join(` ${op} `), op);
}

function negation(node: unknown, scope: Scope): Text {
  const op = operatorOf(node);
  if (!op || op === "var" || op === "root")
    return isLiteral(node) ? literal(!node) : truthy(node, scope, true);
  const args = argsOf(node, op);
  switch (op) {
    case "!":
      return condition(args[0], scope);
    case "!!":
      return truthy(args[0], scope, true);
    case "==":
    case "===":
      return equality(args, scope, true);
    case "!=":
    case "!==":
      return equality(args, scope, false);
    case "in":
      return membership(args, scope, true);
    case "or":
      if (args.length === 2) return sentence(`neither ${part(args[0], scope)} nor ${part(args[1], scope)}`);
      break;
    case "and":
      if (args.length === 2) return sentence(`not both ${part(args[0], scope)} and ${part(args[1], scope)}`);
      break;
    case "text_matches_any":
      return sentence(
        `${wrap(describe(args[0], scope), PHRASE)} names none of ${wrap(describe(args[1], scope), PHRASE)}`,
      );
    case "starts_with_any":
      return sentence(
        `${wrap(describe(args[0], scope), PHRASE)} starts with none of ${wrap(describe(args[1], scope), PHRASE)}`,
      );
  }
  return sentence(`not (${condition(node, scope).text})`);
}

/** A node read as a condition: bare values read "… is set". */
function condition(node: unknown, scope: Scope): Text {
  if (node === true) return atom("always");
  if (node === false) return atom("never");
  const op = operatorOf(node);
  if (op === "var" || op === "root") return truthy(node, scope, false);
  // {"get": [x, "complete"]} as a condition: "x is complete".
  if (op === "get") {
    const [object, path] = argsOf(node, op);
    if (typeof path === "string" && /^[A-Za-z]+$/.test(path)) {
      const words = pathInWords(path);
      return sentence(
        `${wrap(describe(object, scope), PHRASE)} ${/^(is|has) /.test(words) ? words : `is ${words}`}`,
      );
    }
  }
  return describe(node, scope);
}

function arithmetic(op: string, args: unknown[], scope: Scope): Text {
  const symbol = { "+": "+", "-": "−", "*": "×", "/": "÷" }[op]!;
  const prec = op === "+" || op === "-" ? ADD : MUL;
  if (args.length === 1)
    return op === "-" ? atom(`−${wrap(describe(args[0], scope), ATOM)}`) : describe(args[0], scope);
  // x − (x % n): the JSON-logic way of rounding down.
  if (op === "-" && args.length === 2) {
    const rest = args[1];
    if (operatorOf(rest) === "%" && same(argsOf(rest, "%")[0], args[0])) {
      const step = argsOf(rest, "%")[1];
      const subject = wrap(describe(args[0], scope), ATOM);
      return phrase(
        step === 1
          ? `${subject} rounded down to a whole number`
          : `${subject} rounded down to a multiple of ${wrap(describe(step, scope), ATOM)}`,
      );
    }
  }
  const parts = args.map((a, i) =>
    wrap(describe(a, scope), i > 0 && (op === "-" || op === "/") ? prec + 1 : prec),
  );
  return { text: parts.join(` ${symbol} `), prec };
}

function iteration(op: string, args: unknown[], scope: Scope): Text {
  const [items, body, initial] = args;
  const source = wrap(describe(items, scope), PHRASE);
  const inner: Scope = { ...scope, inItem: true };
  switch (op) {
    case "filter":
      return phrase(`each item of ${source} where ${condition(body, inner).text}`);
    case "map":
      return phrase(`for each item of ${source}: ${describe(body, inner).text}`);
    case "some":
      return sentence(`${source} has an item where ${condition(body, inner).text}`);
    case "none":
      return sentence(`${source} has no item where ${condition(body, inner).text}`);
    case "all":
      return sentence(`every item of ${source} is such that ${condition(body, inner).text}`);
    default:
      return phrase(
        `${describe(body, inner).text} over each item of ${source} (the item as current, the result so far as accumulator), starting from ${describe(initial, scope).text}`,
      );
  }
}

function choice(args: unknown[], scope: Scope): Text {
  if (args.length === 0) return atom("nothing");
  if (args.length === 1) return describe(args[0], scope);
  const parts: string[] = [];
  let i = 0;
  for (; i + 1 < args.length; i += 2)
    parts.push(
      `${i === 0 ? "if" : "else if"} ${condition(args[i], scope).text} then ${describe(args[i + 1], scope).text}`,
    );
  return sentence(
    `${parts.join(", ")}, otherwise ${i < args.length ? describe(args[i], scope).text : "nothing"}`,
    "if",
  );
}

function custom(op: string, args: unknown[], scope: Scope): Text | null {
  const d = (i: number, min = PHRASE) => wrap(describe(args[i], scope), min);
  // A list argument: a phrase inside it is parenthesised, except "each item of … where …".
  const listArg = (i: number) =>
    operatorOf(args[i]) === "filter" ? describe(args[i], scope).text : d(i, ADD);
  switch (op) {
    case "get":
      return phrase(`the ${typeof args[1] === "string" ? pathInWords(args[1]) : d(1)} of ${d(0)}`);
    case "lookup":
      return phrase(
        `the entry for ${d(1)} in ${d(0)}${args.length > 2 ? `, or ${d(2)} when it has none` : ""}`,
      );
    case "count": {
      if (operatorOf(args[0]) === "filter") {
        const [items, body] = argsOf(args[0], "filter");
        return phrase(
          `the number of items of ${wrap(describe(items, scope), PHRASE)} where ${condition(body, { ...scope, inItem: true }).text}`,
        );
      }
      return phrase(`the number of items in ${listArg(0)}`);
    }
    case "sum":
      return phrase(
        args.length > 1 && typeof args[1] === "string"
          ? `the total ${pathInWords(args[1])} of ${listArg(0)}`
          : `the sum of ${listArg(0)}`,
      );
    case "pluck":
      return phrase(
        `the ${typeof args[1] === "string" ? pathInWords(args[1]) : d(1)} of each item of ${listArg(0)}`,
      );
    case "flatten":
      return phrase(`${d(0)} as one list`);
    case "lower":
      return phrase(`${d(0)} (ignoring case)`);
    case "starts_with_any":
      return sentence(`${d(0)} starts with any of ${d(1)}`);
    case "text_matches_any":
      return sentence(`${d(0)} names any of ${d(1)} (ignoring case, spaces and punctuation)`);
    case "date_add": {
      const [, amount, unit = "days"] = args;
      const [one, many] = UNITS[String(unit)] ?? [String(unit), String(unit)];
      if (typeof amount === "number") {
        const n = Math.abs(amount);
        return phrase(`${n} ${n === 1 ? one : many} ${amount < 0 ? "before" : "after"} ${d(0)}`);
      }
      return phrase(`${d(0)} plus ${d(1)} ${many}`);
    }
    case "date_diff_days":
      return phrase(`the number of days from ${d(0)} to ${d(1)}`);
    case "first_of_month":
      return phrase(`the first day of the month of ${d(0)}`);
    case "add_business_days":
      return phrase(`the business day ${d(1)} business days after ${d(0)} (days that do not count: ${d(2)})`);
    case "local_date":
      return phrase(`the day ${d(0)} falls on in the time zone ${d(1)}`);
    case "is_current":
      return sentence(`${d(0)} is on or after the first day of the month of ${d(1)}`);
    case "employment_coverage":
      return phrase(
        `the employment coverage of ${d(0)} as of ${d(1)}${args.length > 2 ? ` (window and gaps: ${d(2)})` : ""}`,
      );
    case "format":
      return phrase(
        `${d(1)} written as ${typeof args[0] === "string" ? (FORMATS[args[0]] ?? args[0]) : d(0)}`,
      );
    case "object":
      return phrase(
        `a record of ${Array.from({ length: Math.floor(args.length / 2) }, (_, i) => `${typeof args[2 * i] === "string" ? (args[2 * i] as string) : "?"} ${d(2 * i + 1)}`).join(", ")}`,
      );
    case "join":
      return phrase(`the items of ${d(0)} joined by “${typeof args[1] === "string" ? args[1] : ", "}”`);
    case "aba_checksum":
      return sentence(`${d(0)} passes the ABA routing-number checksum`);
  }
  return null;
}

function builtIn(op: string, args: unknown[], scope: Scope): Text | null {
  const d = (i: number, min = PHRASE) => wrap(describe(args[i], scope), min);
  switch (op) {
    case "==":
    case "===":
      return equality(args, scope, false);
    case "!=":
    case "!==":
      return equality(args, scope, true);
    case ">":
    case ">=":
    case "<":
    case "<=":
      return comparison(op, args, scope);
    case "!":
      return negation(args[0], scope);
    case "!!":
      return truthy(args[0], scope, false);
    case "and":
    case "or":
      return junction(op, args, scope);
    case "if":
    case "?:":
      return choice(args, scope);
    case "in":
      return membership(args, scope, false);
    case "+":
    case "-":
    case "*":
    case "/":
      return arithmetic(op, args, scope);
    case "%":
      return phrase(`the remainder of ${d(0, ADD)} ÷ ${d(1, ATOM)}`);
    case "min":
    case "max": {
      const which =
        op === "min" ? (args.length > 2 ? "smallest" : "smaller") : args.length > 2 ? "largest" : "larger";
      return phrase(`the ${which} of ${list(args.map((_, i) => d(i)))}`);
    }
    case "cat":
      return phrase(
        `the text made of ${list(args.map((a) => (typeof a === "string" ? `“${a}”` : wrap(describe(a, scope), PHRASE))))}`,
      );
    case "substr":
      return phrase(`the part of ${d(0)} from character ${d(1)}${args.length > 2 ? `, ${d(2)} long` : ""}`);
    case "merge":
      return phrase(`the list of ${list(args.map((_, i) => d(i)))}`);
    case "missing":
      return phrase(`those of ${list(args.flat().map((a) => describe(a, scope).text))} that are not given`);
    case "missing_some":
      return phrase(`those of ${d(1)} that are not given, when fewer than ${d(0)} are given`);
    case "filter":
    case "map":
    case "reduce":
    case "all":
    case "none":
    case "some":
      return iteration(op, args, scope);
  }
  return null;
}

function describe(node: unknown, scope: Scope): Text {
  if (Array.isArray(node)) return atom(`[${node.map((n) => describe(n, scope).text).join(", ")}]`);
  const op = operatorOf(node);
  if (!op) return literal(node);
  const args = argsOf(node, op);
  if (op === "var" || op === "root") {
    const ref = varOf(node);
    if (!ref) return atom(`${op}(${args.map((a) => describe(a, scope).text).join(", ")})`);
    const read = field(ref.path, scope, ref.fromRoot);
    return args.length > 1
      ? phrase(`${read.text} (or ${describe(args[1], scope).text} when not given)`)
      : read;
  }
  return (
    builtIn(op, args, scope) ??
    custom(op, args, scope) ??
    atom(`${op}(${args.map((a) => describe(a, scope).text).join(", ")})`)
  );
}

/** JSON-logic in plain English: `{"in": [{"var": "item.type"}, ["pension", "annuity"]]}` → "the item's type is pension or annuity". */
export function describeLogic(logic: unknown, words: LogicWords = {}, options: DescribeOptions = {}): string {
  // `item` is the list item in step logic (field pointers with *) wherever it appears.
  const scope: Scope = { words, items: new Set(["item", ...(words.itemNames ?? [])]), inItem: false };
  return (options.as === "value" ? describe(logic, scope) : condition(logic, scope)).text;
}

// ---------------------------------------------------------------- words from the definitions

function schemaType(files: Definitions["files"], schemas: SchemaAt[]): string | undefined {
  for (const at of schemas.flatMap((s) => expand(files, s))) {
    if (at.schema.format === "date") return "date";
    const types = ([] as unknown[]).concat(at.schema.type ?? []).filter((t) => t !== "null");
    if (types.length === 1) return types[0] === "integer" ? "number" : String(types[0]);
    if (Object.hasOwn(at.schema, "const")) return typeof at.schema.const;
  }
  return undefined;
}

/**
 * Words for logic over the documents `roots` describe (a step's answers and the application, or a
 * rule set's input): schema titles and types by dotted path, and the definitions' params. `items`
 * names list items by the list they come from: `{item: "user.employments.*"}`, `{mortgage: "mortgages.*"}`.
 */
export function definitionWords(
  defs: Definitions,
  roots: SchemaAt[],
  items: Record<string, string> = {},
): LogicWords {
  const schemasFor = (path: string) => {
    const [head = "", ...rest] = path.split(".");
    const segments = Object.hasOwn(items, head) ? [...items[head]!.split("."), ...rest] : [head, ...rest];
    for (const root of roots) {
      const found = schemasAt(defs.files, root, segments);
      if (found.length) return found;
    }
    return [];
  };
  return {
    itemNames: Object.keys(items),
    titleOf: (path) => {
      for (const at of schemasFor(path))
        for (const s of expand(defs.files, at)) if (typeof s.schema.title === "string") return s.schema.title;
      return undefined;
    },
    typeOf: (path) => schemaType(defs.files, schemasFor(path)),
    paramOf: (path) => getPath(defs.params, path.replace(/^params\./, "")),
  };
}

/** `item` of a field pointer with a * (for /user/employments/<*>/endDate) as a dotted list path: user.employments.* */
function itemOfPointer(pointer: string | undefined): Record<string, string> {
  if (!pointer?.includes("/*")) return {};
  return { item: `${pointer.slice(1, pointer.lastIndexOf("/*")).split("/").join(".")}.*` };
}

/** Words for a step's logic: its answers, then the application; `item` when `field` has a *. */
export function stepWords(defs: Definitions, stepId: string, field?: string): LogicWords {
  const located = defs.steps.get(stepId);
  const app = schemaFile(defs.files, "application.json");
  const roots: SchemaAt[] = [];
  if (located)
    roots.push({
      schema: located.def.schema as Record<string, unknown>,
      base: uriOf("steps", located.file.replace(/^steps\//, "")),
      doc: located.def,
    });
  if (app) roots.push(app);
  return definitionWords(defs, roots, itemOfPointer(field));
}

/** Words for a rule set's logic: its input schema (else the application); a rule's `as` item. */
const BOOLEAN_OPS = new Set([
  "and",
  "or",
  "!",
  "!!",
  "==",
  "!=",
  "===",
  "!==",
  "<",
  "<=",
  ">",
  ">=",
  "some",
  "none",
  "all",
  "in",
  "starts_with_any",
  "text_matches_any",
  "is_current",
  "aba_checksum",
]);
const NUMBER_OPS = new Set(["count", "sum", "+", "-", "*", "/", "%", "min", "max", "date_diff_days"]);
const ARRAY_OPS = new Set(["filter", "map", "pluck", "merge", "flatten"]);

type Fact = NonNullable<NonNullable<ReturnType<Definitions["ruleSets"]["get"]>>["def"]["facts"]>[number];

/** The fact a list logic goes over: {"var": "borrowers"}, or a filter of it. */
function listFact(logic: unknown, facts: Map<string, Fact>): Fact | undefined {
  const op = operatorOf(logic);
  if (op === "filter") return listFact(argsOf(logic, "filter")[0], facts);
  const path = op === "var" ? argsOf(logic, "var")[0] : undefined;
  return typeof path === "string" ? facts.get(path) : undefined;
}

/** What kind of value logic gives, as far as its operator tells: "boolean" for a comparison, "number" for a count. */
function inferType(
  logic: unknown,
  facts: Map<string, Fact>,
  depth = 0,
  siblings: Record<string, unknown> = {},
): string | undefined {
  if (depth > 10) return undefined;
  if (typeof logic === "boolean" || typeof logic === "number" || typeof logic === "string")
    return typeof logic;
  const op = operatorOf(logic);
  if (!op) return Array.isArray(logic) ? "array" : undefined;
  if (op === "and" || op === "or") {
    const types = argsOf(logic, op).map((a) => inferType(a, facts, depth + 1, siblings));
    return types.every((t) => t === "boolean")
      ? "boolean"
      : types.every((t) => t === "number" || typeof t === "undefined") && types.some((t) => t === "number")
        ? "number"
        : undefined;
  }
  if (BOOLEAN_OPS.has(op)) return "boolean";
  if (NUMBER_OPS.has(op) || op === "reduce") return "number";
  if (ARRAY_OPS.has(op)) return "array";
  if (op === "cat" || op === "substr") return "string";
  if (op === "var") {
    const name = String(argsOf(logic, "var")[0]);
    // A field of an emitted object reads the ones before it by name.
    if (Object.hasOwn(siblings, name)) return inferType(siblings[name], facts, depth + 1, siblings);
    const fact = facts.get(name);
    return fact && fact.forEach === undefined && fact.value !== undefined
      ? inferType(fact.value, facts, depth + 1)
      : undefined;
  }
  return undefined;
}

export function ruleWords(
  defs: Definitions,
  ruleSetId: string,
  rule?: { forEach?: unknown; as?: string; itemNames?: string[] },
): LogicWords {
  const located = defs.ruleSets.get(ruleSetId);
  const root = located?.def.input
    ? {
        schema: located.def.input as Record<string, unknown>,
        base: uriOf("rules", located.file.replace(/^rules\//, "")),
        doc: located.def,
      }
    : schemaFile(defs.files, "application.json");
  const list = operatorOf(rule?.forEach) === "var" ? argsOf(rule!.forEach, "var")[0] : undefined;
  const items: Record<string, string> = rule?.as
    ? { [rule.as]: typeof list === "string" ? `${list}.*` : "" }
    : {};
  for (const name of rule?.itemNames ?? []) items[name] ??= "";
  const words = definitionWords(defs, root ? [root] : [], items);
  // Facts have no schema: what they are is read from their logic (a field of an item of a fact list too).
  const facts = new Map((located?.def.facts ?? []).map((f) => [f.name, f]));
  const itemFact = rule?.as ? listFact(rule.forEach, facts) : undefined;
  const factType = (path: string): string | undefined => {
    const [head = "", field, ...more] = path.split(".");
    const fact = head === rule?.as ? itemFact : facts.get(head);
    if (!fact || more.length) return undefined;
    if (head === rule?.as || fact.forEach === undefined) {
      if (field === undefined) return fact.emit ? "object" : inferType(fact.value, facts);
      return fact.emit?.[field] === undefined ? undefined : inferType(fact.emit[field], facts, 0, fact.emit);
    }
    return field === undefined ? "array" : undefined;
  };
  return { ...words, typeOf: (path) => factType(path) ?? words.typeOf?.(path) };
}
