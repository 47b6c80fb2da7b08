// What a piece of logic reads, wherever it sits (a step, a rule set, an explanation): its operators
// are known and allowed, and a `params.…` or `rules.…` path names something that exists.
import type { Definitions, Problem } from "../definitions/definitions";
import { escapeSegment } from "../base/pointer";
import { iteratingOperators, knownOperators, operatorOf } from "../logic/operators";
import { suggest } from "./logic";

const FORBIDDEN: Record<string, string> = {
  method: "calls arbitrary JavaScript methods",
  log: "writes data, which may be personal, to the server log",
};

const esc = escapeSegment;

export interface LogicRef {
  kind: "var" | "root";
  path: string;
  pointer: string;
  /** True inside the body of some/all/filter/map/reduce, where `var` reads the list item. */
  inIteration: boolean;
}

/** A text shaped like a field's path (setup.propertyUsage, rules.pricing.quote.route). */
const PATH_LIKE = /^[A-Za-z_$][\w$]*(\.[\w$*]+)+$/;

/** Operators that test or compare their arguments (`if`: its conditions; `in`: what it looks for). */
const TESTING = new Set(["==", "===", "!=", "!==", "<", "<=", ">", ">=", "!", "!!", "and", "or", "if", "in"]);
const tested = (op: string, i: number, count: number) =>
  TESTING.has(op) && (op === "if" ? i % 2 === 0 && i < count - 1 : op !== "in" || i === 0);

/**
 * Walks logic: reports unknown operators, returns the data paths it reads. `texts`, when given,
 * gets each text shaped like a path that an operator tests or compares: the caller reports one that
 * names a field (its name compared where its answer was meant: {"!!": ["rules.pricing.quote.route"]}
 * always holds). A name given as data (missing's arguments, a list of names a rule emits) is not.
 */
export function scanLogic(
  logic: unknown,
  pointer: string,
  file: string,
  problems: Problem[],
  texts?: LogicRef[],
): LogicRef[] {
  const refs: LogicRef[] = [];
  const walk = (node: unknown, at: string, inIteration: boolean, isTested = false) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`, inIteration));
    if (typeof node === "string" && texts && isTested && PATH_LIKE.test(node))
      texts.push({ kind: "var", path: node, pointer: at, inIteration });
    if (node === null || typeof node !== "object") return;
    const op = operatorOf(node);
    if (!op) {
      problems.push({
        file,
        pointer: at,
        message: `a logic object must have exactly one operator, found ${Object.keys(node).length} keys (${Object.keys(node).join(", ") || "none"})`,
      });
      return;
    }
    const opAt = `${at}/${esc(op)}`;
    if (FORBIDDEN[op])
      problems.push({ file, pointer: opAt, message: `operator "${op}" is not allowed: it ${FORBIDDEN[op]}` });
    else if (!knownOperators.has(op))
      problems.push({
        file,
        pointer: opAt,
        message: `unknown operator "${op}"${suggest(op, knownOperators)}`,
      });
    const args = (node as Record<string, unknown>)[op];
    const list = Array.isArray(args) ? args : [args];
    if (op === "var" || op === "root") {
      if (typeof list[0] === "string" && list[0] !== "")
        refs.push({ kind: op, path: list[0], pointer: opAt, inIteration });
      else list.forEach((n, i) => walk(n, Array.isArray(args) ? `${opAt}/${i}` : opAt, inIteration));
      return;
    }
    list.forEach((n, i) => {
      const argAt = Array.isArray(args) ? `${opAt}/${i}` : opAt;
      walk(n, argAt, inIteration || (iteratingOperators.has(op) && i > 0), tested(op, i, list.length));
    });
  };
  walk(logic, pointer, false);
  return refs;
}

/** A text that names what the logic can read (`path`), written where its value was meant. */
export const nameAsText = (file: string, ref: LogicRef): Problem => ({
  file,
  pointer: ref.pointer,
  message: `the text "${ref.path}" is the name of a field: the logic tests the name itself, never the answer (as a condition, a text always holds); to read the answer write {"var": "${ref.path}"}`,
});

export function checkParamsPath(
  defs: Definitions,
  path: string[],
  file: string,
  pointer: string,
  problems: Problem[],
) {
  const [setId, ...rest] = path;
  if (!setId || !Object.hasOwn(defs.params, setId)) {
    problems.push({
      file,
      pointer,
      message: `unknown rule set "${setId ?? ""}" in params path "params.${path.join(".")}"${suggest(setId ?? "", Object.keys(defs.params))}`,
    });
    return;
  }
  let node: unknown = defs.params[setId];
  for (const [i, key] of rest.entries()) {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return; // inside a list or a value: the path reads data
    if (!Object.hasOwn(node, key)) {
      problems.push({
        file,
        pointer,
        message: `rule set "${setId}" has no param "${rest.slice(0, i + 1).join(".")}"${suggest(key, Object.keys(node))}`,
      });
      return;
    }
    node = (node as Record<string, unknown>)[key];
  }
}

/** `rules.<set>.<output>…` in step logic reads a rule set's outputs (engine/funnel/funnel.ts ruleOutputs). */
export function checkRulesPath(
  defs: Definitions,
  path: string[],
  file: string,
  pointer: string,
  problems: Problem[],
) {
  const [setId = "", output] = path;
  const set = defs.ruleSets.get(setId)?.def;
  if (!set)
    return problems.push({
      file,
      pointer,
      message: `unknown rule set "${setId}" in "rules.${path.join(".")}"${suggest(setId, [...defs.ruleSets.keys()])}`,
    });
  const outputs = [...new Set((set.rules ?? []).flatMap((r) => (r.output ? [r.output] : [])))];
  if (output === undefined || !outputs.includes(output))
    problems.push({
      file,
      pointer,
      message: `rule set "${setId}" has no output "${output ?? ""}"${suggest(output ?? "", outputs)}`,
    });
}
