// `node --import tsx --import ./bench/swap-logic.mjs ...`: every import of engine/logic/logic.ts gets
// bench/reference-logic.ts (json-logic-js) instead (which itself still reads the original), so the engine's own code
// (rules, funnel, validator) runs unchanged on the candidate evaluator.
import { register } from "node:module";

register("./swap-logic-hooks.mjs", import.meta.url);
