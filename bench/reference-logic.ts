// The reference evaluator: json-logic-js, JSON-logic's reference implementation, behind exactly the
// API of engine/logic/logic.ts and with the same custom operators. `npm run bench` loads the engine with
// this module in place of engine/logic/logic.ts (bench/swap-logic.mjs), runs every worked case, the shared
// json-logic suite and every step's logic on both, and reports each decision the product's
// evaluator (json-logic-engine) makes differently.
import jsonLogic from "json-logic-js";
import { customOperators, getPath } from "@engine/logic/logic";
import type { Data, Logic } from "@engine/logic/logic";

export * from "@engine/logic/logic";

/** Marks this module in the bench's reports. */
export const reference = true;

// `root` reads the data the whole evaluation started with; engine/logic/logic.ts keeps its stack private.
const roots: unknown[] = [];

jsonLogic.rm_operation("method");
jsonLogic.rm_operation("log");
for (const [name, op] of Object.entries(customOperators))
  jsonLogic.add_operation(
    name,
    name === "root" ? (path: unknown) => getPath(roots[roots.length - 1], path) : op.fn,
  );

export function evaluate(logic: Logic, data: Data = {}): unknown {
  roots.push(data);
  try {
    return jsonLogic.apply(logic as never, data);
  } finally {
    roots.pop();
  }
}

export function holds(logic: Logic, data: Data = {}): boolean {
  return jsonLogic.truthy(evaluate(logic, data));
}
