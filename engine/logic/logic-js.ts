// The browser's JSON-logic evaluator: json-logic-js, JSON-logic's reference, behind the API of
// engine/logic/logic.ts (the server's, json-logic-engine compiled), with the same operators from
// engine/logic/operators.ts. The web build resolves engine/logic/logic.ts to this module
// (web/vite.config.ts browserEvaluator): json-logic-js interprets, so the page's CSP needs no
// 'unsafe-eval', and it weighs about 1.6 kB gzip where json-logic-engine weighed 11. Its value operators are the ones the
// server's copies (engine/logic/logic.ts valueOperators) follow word for word;
// tests/unit/logic-evaluators.test.ts holds both evaluators to the same decisions, and the rules
// bench runs the whole engine on this module (bench/swap-logic.mjs).
import jsonLogic from "json-logic-js";
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

// `log` writes data (which may be personal) to the console; refuseUnknown refuses it before it could
// run, as it does every operator outside the table.
jsonLogic.rm_operation("log");
for (const [name, fn] of Object.entries(operatorFunctions)) jsonLogic.add_operation(name, fn);

const checked = new WeakSet<object>();
let preparations = 0;

/** How many pieces of logic were checked for unknown operators so far (json-logic-js prepares nothing else). */
export const preparedCount = () => preparations;

/** Evaluates JSON-logic against data; the only entry point into the evaluator. */
export function evaluate(logic: Logic, data: Data = {}): unknown {
  if (logic === null || typeof logic !== "object") return logic;
  if (!checked.has(logic)) {
    refuseUnknown(logic);
    checked.add(logic);
    preparations++;
  }
  enterRoot(data);
  try {
    return jsonLogic.apply(logic as never, data);
  } finally {
    leaveRoot();
  }
}

/** JSON-logic's truthiness (an empty array is false), for conditions. */
export function holds(logic: Logic, data: Data = {}): boolean {
  return truthy(evaluate(logic, data));
}
