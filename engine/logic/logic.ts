// The server's JSON-logic evaluator: json-logic-engine, each piece of logic compiled once to a
// JavaScript function (`new Function`), several times json-logic-js's speed on our rules
// (docs/performance.md). The browser, whose CSP forbids compiling, runs json-logic-js instead
// (engine/logic/logic-js.ts, the same API; the web build resolves this module to it); both take
// their operators from engine/logic/operators.ts, and tests/unit/logic-evaluators.test.ts holds them
// to the same decisions.
//
// json-logic-engine's own value operators differ from JSON-logic's reference (json-logic-js) in ways
// our rules notice: null counts as 0 in comparisons and arithmetic (an unanswered yes/no read as
// "no"), and text that is not a number throws. So the operators that compute on values are the
// reference's, word for word, with their two-argument forms inlined into the compiled code;
// json-logic-engine brings the compiler, var, missing, control flow and the iterators.
import { LogicEngine } from "json-logic-engine";
import {
  enterRoot,
  leaveRoot,
  operatorFunctions,
  refuseUnknown,
  truthy,
  type Data,
  type Logic,
} from "./operators";

export {
  builtInOperators,
  getPath,
  iteratingOperators,
  knownOperators,
  operatorFunctions,
  operatorOf,
  truthy,
  type CustomOperator,
  type Data,
  type Logic,
  type OperatorDoc,
} from "./operators";

// The compiled form of `a OP b`; each operand in parentheses, since the compiler does not wrap its
// own output (`a || 0 < b` would compare 0 alone).
const infix = (op: string) => ["((", `) ${op} (`, "))"] as const;

/** JSON-logic's value operators as json-logic-js defines them; `inline` compiles exactly two arguments. */
const valueOperators: Record<
  string,
  { fn: (...args: any[]) => unknown; inline?: readonly [string, string, string] }
> = {
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
  "+": {
    fn: (...args) => args.reduce((a, b) => parseFloat(a) + parseFloat(b), 0),
    inline: ["(parseFloat(", ") + parseFloat(", "))"] as const,
  },
  "*": {
    fn: (...args) => args.reduce((a, b) => parseFloat(a) * parseFloat(b)),
    inline: ["(parseFloat(", ") * parseFloat(", "))"] as const,
  },
  "-": { fn: (a, b) => (b === undefined ? -a : a - b), inline: infix("-") },
  "/": { fn: (a, b) => a / b, inline: infix("/") },
  min: { fn: (...args) => Math.min(...args) },
  max: { fn: (...args) => Math.max(...args) },
  merge: { fn: (...args) => args.reduce((a: unknown[], b) => a.concat(b), []) },
};

const engine = new LogicEngine(undefined, {
  // An object whose key is not an operator is a value (an options object, a table), as in JSON-logic.
  permissive: true,
  // json-logic-engine caps strings at 64 KB and lists at 32 K items; JSON-logic has no cap.
  maxStringLength: Number.MAX_SAFE_INTEGER,
  maxArrayLength: Number.MAX_SAFE_INTEGER,
  // Its interpreter's optimizer rewrites some logic into idioms that assume its own operators (a
  // reduce with + becomes a sum, which on no list gives NaN with JSON-logic's +): off, so the
  // interpreter runs the operators registered here, as the compiler does.
  disableInterpretedOptimization: true,
});
// json-logic-engine counts an empty object as false; JSON-logic counts only [] among objects.
engine.truthy = truthy;
// Of json-logic-engine's own operators, those that read data or steer evaluation stay; the rest
// (its value operators, and extras the linter refuses such as `method`) go.
const engineOperators = new Set([
  "var",
  "missing",
  "missing_some",
  "if",
  "?:",
  "and",
  "or",
  "filter",
  "map",
  "reduce",
  "all",
  "none",
  "some",
]);
for (const name of Object.keys(engine.methods)) if (!engineOperators.has(name)) delete engine.methods[name];

type BuildState = { compile: (strings: readonly string[], ...items: unknown[]) => unknown };
for (const [name, { fn, inline }] of Object.entries(valueOperators))
  engine.addMethod(
    name,
    {
      method: (args: unknown[]) => fn(...args),
      ...(inline
        ? {
            compile: (args: unknown, state: BuildState) =>
              Array.isArray(args) && args.length === 2 ? state.compile(inline, args[0], args[1]) : false,
          }
        : {}),
    } as never,
    { deterministic: true },
  );
for (const [name, fn] of Object.entries(operatorFunctions) as [string, (...args: unknown[]) => unknown][])
  // Every custom operator but `root` is a pure function of its arguments: given constants, the
  // compiler may work it out once.
  engine.addMethod(name, (args: unknown[]) => fn(...args), { deterministic: name !== "root" });

const prepared = new WeakMap<object, (data: unknown) => unknown>();
let preparations = 0;

/** How many pieces of logic were compiled so far: a count growing with use means logic built per call (the bench watches it). */
export const preparedCount = () => preparations;

/** Evaluates JSON-logic against data; the only entry point into the evaluator. */
export function evaluate(logic: Logic, data: Data = {}): unknown {
  if (logic === null || typeof logic !== "object") return logic;
  let run = prepared.get(logic);
  if (!run) {
    if (Array.isArray(logic)) return logic.map((item) => evaluate(item, data));
    if (Object.keys(logic).length !== 1) return logic; // not logic: a value, as JSON-logic treats it
    refuseUnknown(logic);
    prepared.set(logic, (run = engine.build(logic as never) as (data: unknown) => unknown));
    preparations++;
  }
  enterRoot(data);
  try {
    return run(data);
  } finally {
    leaveRoot();
  }
}

/** JSON-logic's truthiness (an empty array is false), for conditions. */
export function holds(logic: Logic, data: Data = {}): boolean {
  return truthy(evaluate(logic, data));
}
