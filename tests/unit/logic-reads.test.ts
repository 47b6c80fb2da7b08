// What a piece of logic reads, found by one walker (engine/logic/logic-reads.ts) for an item's
// scope (rule-plan.ts) and a rule set's reads of a document (same-reads.ts): two walkers of the
// same shapes until now. Held here to both as they were (kept below as the reference): every rule
// set's plan and its reads are what they were, on every piece of logic of the definitions.
import { describe, expect, it } from "vitest";
import { namesRead, walkReads, type Bodies } from "@engine/logic/logic-reads";
import { iteratingOperators, operatorOf } from "@engine/logic/operators";
import { planOf } from "@engine/logic/rule-plan";
import { ruleSetReads } from "@engine/logic/same-reads";
import { repo } from "../helpers/definitions";

const { defs } = repo;

/** The paths walkReads gives, in order, or null when it may read others. */
const pathsOf = (logic: unknown, bodies: Bodies) => {
  const paths: string[] = [];
  return walkReads(logic, (path) => paths.push(path), bodies) ? paths : null;
};

// --- The reference: rule-plan.ts namesRead and same-reads.ts logicReads as they were (3f8dd27). ---

function oldNamesRead(logic: unknown): Set<string> | null {
  const names = new Set<string>();
  const first = (path: unknown): string | false => {
    if (typeof path === "number") path = String(path);
    if (typeof path !== "string" || path === "" || path.includes("\\") || path.startsWith("../"))
      return false;
    return path.split(".")[0]!;
  };
  const read = (path: unknown): boolean => {
    const cat = operatorOf(path) === "cat" ? (path as { cat: unknown }).cat : undefined;
    if (Array.isArray(cat) && typeof cat[0] === "string" && cat[0].includes("."))
      return first(cat[0]) !== false && read(cat[0]) && walk(cat.slice(1), false);
    const name = first(path);
    if (name !== false) names.add(name);
    return name !== false;
  };
  const walk = (node: unknown, inItem: boolean): boolean => {
    if (Array.isArray(node)) return node.every((item) => walk(item, inItem));
    const op = operatorOf(node);
    if (!op) return true;
    const args = (node as Record<string, unknown>)[op];
    const list = Array.isArray(args) ? args : [args];
    if (op === "root") return list.length === 1 && read(list[0]);
    if (op === "var" || op === "missing" || op === "missing_some") {
      if (inItem) {
        const paths = op === "var" ? [list[0]] : op === "missing" ? list.flat() : list.slice(1).flat();
        const own = (path: unknown) =>
          path === null ||
          path === undefined ||
          typeof path === "number" ||
          (typeof path === "string" && !path.includes("../"));
        if (!paths.every(own)) return false;
        return op === "var" ? walk(list.slice(1), true) : op === "missing_some" ? walk(list[0], true) : true;
      }
      if (op === "var") return read(list[0]) && walk(list.slice(1), inItem);
      if (op === "missing") return list.flat().every(read);
      return walk(list[0], inItem) && list.slice(1).flat().every(read);
    }
    if (iteratingOperators.has(op))
      return walk(list[0], inItem) && walk(list[1], true) && walk(list.slice(2), inItem);
    return walk(list, inItem);
  };
  return walk(logic, false) ? names : null;
}

function oldLogicReads(logic: unknown, keys: Set<string>): boolean {
  const firstKey = (path: unknown): string | null => {
    if (typeof path === "number" && Number.isInteger(path)) return String(path);
    if (typeof path !== "string" || path === "" || path.includes("../") || path.includes("\\")) return null;
    return path.split(".")[0]!;
  };
  if (Array.isArray(logic)) return logic.every((item) => oldLogicReads(item, keys));
  if (logic === null || typeof logic !== "object") return true;
  const op = operatorOf(logic);
  if (op === "missing" || op === "missing_some") return false;
  if (op === "var" || op === "root") {
    const args = (logic as Record<string, unknown>)[op];
    const list = Array.isArray(args) ? args : [args];
    const key = firstKey(list[0]);
    if (key === null) return false;
    keys.add(key);
    return oldLogicReads(list.slice(1), keys);
  }
  return Object.values(logic).every((value) => oldLogicReads(value, keys));
}

/** same-reads.ts ruleSetReads as it was: its input schema's keys (unchanged) and oldLogicReads. */
function oldRuleSetReads(ruleSetId: string): Set<string> | null {
  const { def } = defs.ruleSets.get(ruleSetId)!;
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  const annotations = new Set(["$schema", "$id", "$comment", "title", "description", "examples"]);
  const keys = new Set<string>(["today"]);
  const inputKeys = (input: unknown): boolean => {
    if (input === undefined) return true;
    if (!isObject(input)) return false;
    for (const [keyword, value] of Object.entries(input)) {
      if (annotations.has(keyword)) continue;
      if (keyword === "type" && value === "object") continue;
      if (keyword === "properties" && isObject(value)) Object.keys(value).forEach((k) => keys.add(k));
      else if (keyword === "required" && Array.isArray(value) && value.every((k) => typeof k === "string"))
        value.forEach((k: string) => keys.add(k));
      else return false;
    }
    return true;
  };
  const bounded =
    inputKeys(def.input) &&
    Object.entries(def).every(
      ([part, value]) => part === "params" || part === "input" || oldLogicReads(value, keys),
    );
  return bounded ? keys : null;
}

// --- end of the reference ---

/** Every value inside `json` (itself too): each a piece of logic a walker may be given. */
function* pieces(json: unknown): Generator<unknown> {
  yield json;
  if (json !== null && typeof json === "object")
    for (const value of Object.values(json)) yield* pieces(value);
}

const ruleSetPieces = [...defs.ruleSets.values()].flatMap(({ def }) => [...pieces(def)]);
const stepPieces = [...defs.steps.values()].flatMap(({ def }) => [...pieces(def)]);
const sorted = (names: Set<string> | null) => names && [...names].sort();

describe("one walker of what logic reads", () => {
  it("gives every rule set the plan it had: each scope's names, in order, and its fields kept", () => {
    const oldScope = (logics: unknown[]) => {
      const names = new Set<string>();
      for (const logic of logics) {
        const read = oldNamesRead(logic);
        if (!read) return null;
        for (const name of read) names.add(name);
      }
      return [...names];
    };
    let scopes = 0;
    for (const id of defs.ruleSets.keys()) {
      const { def, facts, rules } = planOf(defs, id);
      for (const planned of facts) {
        const { fact } = planned;
        expect(JSON.stringify(planned.names), `${id} ${fact.name}`).toBe(
          JSON.stringify(oldScope([fact.value, ...Object.values(fact.emit ?? {})])),
        );
        scopes++;
      }
      for (const planned of rules) {
        const { rule } = planned;
        const template = def.requirement;
        const logics =
          planned.kind === "requirement"
            ? [rule.when, rule.require, template!.skipWhen, ...planned.fields.map(([, logic]) => logic)]
            : [rule.when, rule.value, ...Object.values(rule.emit ?? {})];
        expect(JSON.stringify(planned.names), `${id} ${rule.id}`).toBe(JSON.stringify(oldScope(logics)));
        if (planned.kind === "requirement") {
          const fixedNames = new Set(typeof rule.require === "string" ? ["params", "document"] : ["params"]);
          expect(
            planned.fixed.map((f) => f !== null),
            `${id} ${rule.id}`,
          ).toEqual(
            planned.fields.map(([, logic]) => {
              const names = oldNamesRead(logic);
              return names !== null && [...names].every((name) => fixedNames.has(name));
            }),
          );
        }
        scopes++;
      }
    }
    expect(scopes).toBeGreaterThan(100);
  });

  it("gives every rule set the reads of a document it had (same-reads.ts)", () => {
    let bounded = 0;
    for (const id of defs.ruleSets.keys()) {
      const reads = ruleSetReads(defs, id);
      expect(sorted(reads as Set<string> | null), id).toEqual(sorted(oldRuleSetReads(id)));
      if (reads) bounded++;
    }
    expect(bounded).toBeGreaterThan(10);
  });

  it("names what the old walkers named, for every piece of logic of the rule sets and steps", () => {
    for (const piece of [...ruleSetPieces, ...stepPieces]) {
      const label = JSON.stringify(piece).slice(0, 200);
      const old = oldNamesRead(piece);
      // The one difference: an object that is not an operation is walked (its values may be logic).
      if (old !== null)
        expect(sorted(namesRead(piece)), label).toEqual(expect.arrayContaining([...old].sort()));
      const keys = new Set<string>();
      if (oldLogicReads(piece, keys)) expect(sorted(namesRead(piece, "data")), label).toEqual(sorted(keys));
    }
  });
});

describe("the paths a piece of logic reads", () => {
  it("are its var, root, missing and missing_some paths in full, in the order met", () => {
    expect(
      pathsOf(
        {
          and: [
            { var: "borrower.incomeTypes" },
            { missing: ["setup.hasCoborrower", "uploads"] },
            { missing_some: [1, ["property.state", "isInTrust"]] },
            { var: ["params.documents.labelWords", { var: "today" }] },
            { root: "subject.role" },
            { var: 0 },
          ],
        },
        "item",
      ),
    ).toEqual([
      "borrower.incomeTypes",
      "setup.hasCoborrower",
      "uploads",
      "property.state",
      "isInTrust",
      "params.documents.labelWords",
      "today",
      "subject.role",
      "0",
    ]);
  });

  it("give a path worked out from a dotted literal as the literal up to its last dot", () => {
    expect(pathsOf({ var: { cat: ["identityVerification.borrower.", { var: "role" }] } }, "item")).toEqual([
      "identityVerification.borrower",
      "role",
    ]);
  });

  it("leave out an iteration's body's own paths, or count them as the data's, as asked", () => {
    const logic = {
      some: [{ var: "mortgages" }, { and: [{ var: "balance" }, { root: "setup.hasMortgage" }] }],
    };
    expect(pathsOf(logic, "item")).toEqual(["mortgages", "setup.hasMortgage"]);
    expect(pathsOf(logic, "data")).toEqual(["mortgages", "balance", "setup.hasMortgage"]);
    // The whole item is the body's own; as the data's, it is the whole data.
    const whole = { map: [{ var: "list" }, { var: "" }] };
    expect(pathsOf(whole, "item")).toEqual(["list"]);
    expect(pathsOf(whole, "data")).toBeNull();
    // A path the body works out: of the item, any; as the data's, the literal's.
    const worked = { some: [{ var: "list" }, { var: { cat: ["a.", { var: "b" }] } }] };
    expect(pathsOf(worked, "item")).toBeNull();
    expect(pathsOf(worked, "data")).toEqual(["list", "a", "b"]);
  });

  it("walk an object that is not an operation: its values may be logic", () => {
    expect(pathsOf({ eligible: { var: "a.b" }, route: null, missing: { var: "c" } }, "item")).toEqual([
      "a.b",
      "c",
    ]);
  });

  it("are unknown (null) where the logic may read any path", () => {
    for (const logic of [
      { var: "" },
      { var: { var: "path" } },
      { var: { cat: ["identity", { var: "role" }] } },
      { root: { var: "path" } },
      { missing: { merge: [["a"], ["b"]] } },
      { var: "a\\.b" },
      { var: "a../b" },
      { some: [{ var: "list" }, { var: "../outside" }] },
    ]) {
      expect(pathsOf(logic, "item"), JSON.stringify(logic)).toBeNull();
      expect(pathsOf(logic, "data"), JSON.stringify(logic)).toBeNull();
    }
  });
});
