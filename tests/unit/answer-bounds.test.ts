// A step's answers are judged for size and shape before any logic reads them (engine/answer-
// bounds.ts), the schemas bound every list and every text, and field logic costs time in
// proportion to a list's length (it was quadratic: 2,000 junk items froze the server for 14 s).
import { todayIso } from "@engine/base/dates";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ANSWER_LIMITS, answerBoundErrors } from "@engine/validation/answer-bounds";
import { createFieldLogic } from "@engine/logic/field-logic";
import { REPO_ROOT } from "@engine/base/paths";
import { isWithinAny, removeAll } from "@engine/base/pointer";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const junk = (n: number) => ({
  liabilities: Array.from({ length: n }, (_, i) => ({ debtor: "x", creditor: `c${i}` })),
});

describe("answer bounds, before any logic", () => {
  it("refuses a list far longer than its schema's maxItems, naming the list, and judges nothing else", () => {
    const result = createStepValidator(defs, "prequalDebts")(junk(200), { application: {}, today: TODAY });
    expect(result.errors).toEqual([
      { pointer: "/liabilities", message: expect.stringContaining("at most 50 entries") },
    ]);
    // No "is required" for the items' missing fields: the step's logic never ran.
    expect(result.answers).toEqual({});
  });

  it("takes a list just over maxItems on to the step's own checks, whose schema then says so", () => {
    const result = createStepValidator(defs, "prequalDebts")(junk(51), { application: {}, today: TODAY });
    expect(result.errors).toContainEqual({
      pointer: "/liabilities",
      message: expect.stringContaining("at most 50 entries"),
    });
    expect(result.errors.some((e) => /^\/liabilities\/50\//.test(e.pointer))).toBe(true);
  });

  it("refuses a text over its maxLength and a value nested deeper than any field", () => {
    expect(answerBoundErrors(defs, "name", { user: { firstName: "A".repeat(1041) } })).toEqual([
      { pointer: "/user/firstName", message: expect.stringContaining("at most 512 characters") },
    ]);
    const deep = JSON.parse(`${"[".repeat(2000)}${"]".repeat(2000)}`) as unknown;
    expect(answerBoundErrors(defs, "name", { user: deep })).toEqual([
      {
        pointer: expect.stringMatching(/^\/user(\/0)+$/),
        message: expect.stringContaining(`nested more than ${ANSWER_LIMITS.depth} levels`),
      },
    ]);
  });

  it("counts characters as JSON Schema does (an emoji is one), and lets a returned mask through", () => {
    expect(answerBoundErrors(defs, "name", { user: { firstName: "\u{1F600}".repeat(1040) } })).toEqual([]);
    expect(answerBoundErrors(defs, "application", { user: { ssn: "*** - ** - 1234" } })).toEqual([]);
  });

  it("bounds keys no schema names with the general limits", () => {
    expect(answerBoundErrors(defs, "name", { junk: Array(ANSWER_LIMITS.maxItems * 2 + 17).fill(0) })).toEqual(
      [{ pointer: "/junk", message: expect.stringContaining(`at most ${ANSWER_LIMITS.maxItems}`) }],
    );
    const many = Object.fromEntries(Array.from({ length: ANSWER_LIMITS.values + 5 }, (_, i) => [`k${i}`, 1]));
    expect(answerBoundErrors(defs, "name", many)).toEqual([
      { pointer: "", message: expect.stringContaining("more than") },
    ]);
  });
});

describe("the schemas bound every list and every text", () => {
  const META = new Set([
    "step.schema.json",
    "flow.schema.json",
    "rule.schema.json",
    "cases.schema.json",
    "logic.schema.json",
    // The shapes of rule files' params (npm run check), not of anything a request carries.
    "milestones.schema.json",
    "notifications.schema.json",
  ]);
  it("gives every array of schemas/ a maxItems and every string a maxLength or a list of options", () => {
    const unbounded: string[] = [];
    for (const file of readdirSync(join(REPO_ROOT, "schemas")).filter(
      (f) => f.endsWith(".json") && !META.has(f),
    )) {
      const walk = (node: unknown, pointer: string): void => {
        if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${pointer}/${i}`));
        if (!node || typeof node !== "object") return;
        const s = node as Record<string, unknown>;
        const types = ([] as unknown[]).concat(s.type);
        if (types.includes("array") && s.maxItems === undefined) unbounded.push(`${file}#${pointer} (array)`);
        // An enumeration's options bound it (its oneOf of constants): a maxLength there would only word the error worse.
        const options =
          Array.isArray(s.oneOf) && s.oneOf.every((b) => b && typeof b === "object" && "const" in b);
        if (
          types.includes("string") &&
          s.maxLength === undefined &&
          s.enum === undefined &&
          s.const === undefined &&
          !options
        )
          unbounded.push(`${file}#${pointer} (string)`);
        for (const [k, v] of Object.entries(s))
          if (k !== "enum" && k !== "examples" && k !== "default") walk(v, `${pointer}/${k}`);
      };
      walk(JSON.parse(readFileSync(join(REPO_ROOT, "schemas", file), "utf8")), "");
    }
    expect(unbounded).toEqual([]);
  });
});

describe("field logic, linear in the list length", () => {
  it("hides a field of every item of a long list as one pass does", () => {
    const logic = createFieldLogic(defs, "prequalDebts");
    const state = logic(junk(3), { application: { setup: { hasCoborrower: false } }, today: TODAY });
    expect(state.hidden).toEqual(["/liabilities/0/debtor", "/liabilities/1/debtor", "/liabilities/2/debtor"]);
    expect(state.answers).toEqual({
      liabilities: [{ creditor: "c0" }, { creditor: "c1" }, { creditor: "c2" }],
    });
    expect(state.required).not.toContain("/liabilities/0/debtor");
  });
});

describe("pointer helpers", () => {
  it("removes many values copying each list once, sharing the rest", () => {
    const doc = { a: [{ x: 1, y: 2 }, { x: 3 }], b: { c: 1 } };
    const out = removeAll(doc, ["/a/0/x", "/a/1/x", "/missing/z"]) as typeof doc;
    expect(out).toEqual({ a: [{ y: 2 }, {}], b: { c: 1 } });
    expect(out.b).toBe(doc.b);
    expect(doc.a[0]).toEqual({ x: 1, y: 2 });
  });

  it("tells whether a pointer lies within any of a set of pointers", () => {
    const hidden = new Set(["/a/1", "/b"]);
    expect(isWithinAny("/a/1/x", hidden)).toBe(true);
    expect(isWithinAny("/a/10", hidden)).toBe(false);
    expect(isWithinAny("/b", hidden)).toBe(true);
    expect(isWithinAny("", hidden)).toBe(false);
    expect(isWithinAny("/c", new Set([""]))).toBe(true);
  });
});
