// `node --import tsx --import ./bench/swap-logic.mjs ...`: every import of engine/logic/logic.ts (the
// server's evaluator, json-logic-engine) gets engine/logic/logic-js.ts (the browser's, json-logic-js)
// instead, so the engine's own code (rules, funnel, validator) runs unchanged on the other evaluator.
import { register } from "node:module";

register("./swap-logic-hooks.mjs", import.meta.url);
