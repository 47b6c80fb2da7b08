// The candidate evaluator: json-logic-engine, each piece of logic compiled once to a JavaScript
// function, behind exactly the API of engine/logic.ts. `npm run bench` loads the engine with this
// module in place of engine/logic.ts (bench/swap-logic.mjs) and checks it against every worked
// case and the shared json-logic suite before it times anything. The product runs json-logic-js.
//
// json-logic-engine's own value operators differ from json-logic-js in ways our rules notice:
// comparisons and arithmetic turn null into 0 (`null == false` holds there, so an unanswered
// yes/no counted as "no"), and throw on text that is not a number. So the operators that compute
// on values are json-logic-js's, word for word, and the common two-argument forms are inlined into
// the compiled code; json-logic-engine contributes the compiler, `var`, `missing`, the control
// flow and the iterators.
import jsonLogic from "json-logic-js";
import { LogicEngine } from "json-logic-engine";
import { customOperators, getPath } from "../engine/logic";
import type { Data, Logic } from "../engine/logic";

export * from "../engine/logic";

const { truthy } = jsonLogic;

// The compiled form of `a OP b`; each operand in parentheses, since the compiler does not wrap
// its own output (`a || 0 < b` would compare 0 alone).
const infix = (op: string) => ["((", `) ${op} (`, "))"] as const;

/** json-logic-js's value operators; `inline` is the compiled form for exactly two arguments. */
const valueOperators: Record<string, { fn: (...args: any[]) => unknown; inline?: readonly [string, string, string] }> = {
  "==": { fn: (a, b) => a == b, inline: infix("==") },
  "===": { fn: (a, b) => a === b, inline: infix("===") },
  "!=": { fn: (a, b) => a != b, inline: infix("!=") },
  "!==": { fn: (a, b) => a !== b, inline: infix("!==") },
  ">": { fn: (a, b) => a > b, inline: infix(">") },
  ">=": { fn: (a, b) => a >= b, inline: infix(">=") },
  "<": { fn: (a, b, c) => (c === undefined ? a < b : a < b && b < c), inline: infix("<") },
  "<=": { fn: (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c), inline: infix("<=") },
  "!!": { fn: (a) => truthy(a) },
  "!": { fn: (a) => !truthy(a) },
  "%": { fn: (a, b) => a % b, inline: infix("%") },
  in: { fn: (a, b) => (!b || typeof b.indexOf === "undefined" ? false : b.indexOf(a) !== -1) },
  cat: { fn: (...args) => args.join("") },
  substr: {
    fn: (source, start, end) => {
      if (end < 0) {
        const temp = String(source).substr(start);
        return temp.substr(0, temp.length + end);
      }
      return String(source).substr(start, end);
    },
  },
  "+": { fn: (...args) => args.reduce((a, b) => parseFloat(a) + parseFloat(b), 0), inline: ["(parseFloat(", ") + parseFloat(", "))"] as const },
  "*": { fn: (...args) => args.reduce((a, b) => parseFloat(a) * parseFloat(b)), inline: ["(parseFloat(", ") * parseFloat(", "))"] as const },
  "-": { fn: (a, b) => (b === undefined ? -a : a - b), inline: infix("-") },
  "/": { fn: (a, b) => a / b, inline: infix("/") },
  min: { fn: (...args) => Math.min(...args) },
  max: { fn: (...args) => Math.max(...args) },
  merge: { fn: (...args) => args.reduce((a: unknown[], b) => a.concat(b), []) },
};

// `root` reads the data the whole evaluation started with, as in engine/logic.ts; that module's
// stack is private, so this one keeps its own.
const roots: unknown[] = [];

const engine = new LogicEngine(undefined, {
  // An object whose key is not an operator is a value (an options object, a table), as in json-logic-js.
  permissive: true,
  // json-logic-engine caps strings at 64 KB and lists at 32 K items; json-logic-js has no cap.
  maxStringLength: Number.MAX_SAFE_INTEGER,
  maxArrayLength: Number.MAX_SAFE_INTEGER,
});
// json-logic-engine counts an empty object as false; JSON-logic counts only [] among objects.
engine.truthy = truthy;
// What json-logic-engine keeps of its own; its other built-ins (extras our linter refuses, and its
// versions of the value operators) go.
const ownOperators = new Set(["var", "missing", "missing_some", "if", "?:", "and", "or", "filter", "map", "reduce", "all", "none", "some"]);
for (const name of Object.keys(engine.methods)) if (!ownOperators.has(name)) delete engine.methods[name];

type BuildState = { compile: (strings: readonly string[], ...items: unknown[]) => unknown };
for (const [name, { fn, inline }] of Object.entries(valueOperators))
  engine.addMethod(
    name,
    {
      method: (args: unknown[]) => fn(...args),
      ...(inline ? { compile: (args: unknown, state: BuildState) => (Array.isArray(args) && args.length === 2 ? state.compile(inline, args[0], args[1]) : false) } : {}),
    } as never,
    { deterministic: true },
  );
for (const [name, op] of Object.entries(customOperators))
  // Every custom operator but `root` is a pure function of its arguments: given constants, the
  // compiler may work it out once, at build time.
  engine.addMethod(name, (args: unknown[]) => (name === "root" ? getPath(roots[roots.length - 1], args[0]) : op.fn(...args)), { deterministic: name !== "root" });

const compiled = new WeakMap<object, (data: unknown) => unknown>();
let compilations = 0;

/** How many distinct pieces of logic were compiled: a growing count means logic built per call. */
export const compilationCount = () => compilations;

/** Same contract as engine/logic.ts's evaluate, with compiled logic. */
export function evaluate(logic: Logic, data: Data = {}): unknown {
  if (logic === null || typeof logic !== "object") return logic;
  let run = compiled.get(logic);
  if (!run) {
    if (Array.isArray(logic)) return logic.map((item) => evaluate(item, data));
    if (Object.keys(logic).length !== 1) return logic; // not logic: a value, as json-logic-js treats it
    compiled.set(logic, (run = engine.build(logic) as (data: unknown) => unknown));
    compilations++;
  }
  roots.push(data);
  try {
    return run(data);
  } finally {
    roots.pop();
  }
}

export function holds(logic: Logic, data: Data = {}): boolean {
  return truthy(evaluate(logic, data));
}
