// A save's merged application, changed from a stored one found valid, is judged against
// schemas/application.json by its changed parts alone where the schema's shape proves that the
// same (engine/validation/valid-after-change.ts). Held here to ajv's check of the whole document:
// on every prefix of both demo applications' paths, in every variant, with the next step's answers
// as saved, each made wrong, and with an unknown key added at each level; and on the whole
// applications with every answer made wrong, an unknown key added and each key taken away at every
// level. Schemas whose shape ties properties together are judged whole.
import { describe, expect, it } from "vitest";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { createAjv, uriOf } from "@engine/definitions/ajv";
import { mergeDocs } from "@engine/base/pointer";
import { passesAfterChange } from "@engine/validation/valid-after-change";
import type { SchemaCompiler } from "@engine/validation/precompiled";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { demoPrefixes } from "../helpers/demo-paths";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
const WRONGS = ["not-a-choice", 7, true, null, -1, "", [], {}, "x".repeat(300)];
const APPLICATION = uriOf("schemas", "application.json");
const validate = compileSchemaFile(defs, "application.json");

/** `doc` with, at each object in it, an unknown key added, and each key taken away: the rest shared. */
function reshaped(doc: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, replace: (value: unknown) => unknown) => {
    if (node === null || typeof node !== "object") return;
    if (!Array.isArray(node)) {
      out.push(replace({ ...node, notInTheSchema: 1 }));
      for (const key of Object.keys(node)) {
        const { [key]: _, ...without } = node as Record<string, unknown>;
        out.push(replace(without));
      }
    }
    for (const [key, value] of Object.entries(node))
      walk(value, (v) =>
        replace(
          Array.isArray(node) ? node.map((x, i) => (String(i) === key ? v : x)) : { ...node, [key]: v },
        ),
      );
  };
  walk(doc, (v) => v);
  return out;
}

describe("the application's schema judged by a save's changed parts", () => {
  it("decides as the check of the whole document, on every prefix of both demo paths, answers made wrong or reshaped", () => {
    const seen = { passed: 0, refused: 0 };
    const compare = (label: string, before: unknown, next: unknown) => {
      const whole = validate(next);
      expect(passesAfterChange(defs.ajv, APPLICATION, before, next), label).toBe(whole);
      seen[whole ? "passed" : "refused"]++;
    };
    for (const { label, before, answers } of demoPrefixes(defs, TODAY)) {
      expect(validate(before), label).toBe(true); // the stored document passed, as a save requires
      compare(label, before, mergeDocs(before, answers));
      for (const wrong of wrongAnswers(answers, WRONGS)) compare(label, before, mergeDocs(before, wrong));
      // An unknown key added at each level of the answers (a key taken away: the whole applications' below).
      for (const next of reshaped(answers)) compare(label, before, mergeDocs(before, next));
    }
    for (const doc of [singleBorrower(), twoBorrowers()]) {
      for (const next of wrongAnswers(doc, WRONGS)) compare("whole application", doc, next);
      for (const next of reshaped(doc)) compare("whole application", doc, next);
    }
    expect(seen.passed).toBeGreaterThan(1000);
    expect(seen.refused).toBeGreaterThan(1000);
  }, 300_000);

  it("judges a declarations answer changed by the declarations' file alone, not the application's or the user's", () => {
    const calls = new Map<string, number>();
    const counting = {
      getSchema(uri: string) {
        const validate = defs.ajv.getSchema(uri);
        if (!validate) return undefined;
        const counted = Object.assign(
          (data: unknown) => (calls.set(uri, (calls.get(uri) ?? 0) + 1), validate(data)),
          { schema: validate.schema },
        );
        return counted as unknown as typeof validate;
      },
      compile: defs.ajv.compile.bind(defs.ajv),
    } as unknown as SchemaCompiler;
    const before = twoBorrowers();
    const next = mergeDocs(before, { user: { declarations: { otherPropertyTitle: "O" } } });
    expect(passesAfterChange(counting, APPLICATION, before, next)).toBe(true);
    expect([...calls.keys()]).toEqual([uriOf("schemas", "declarations.json")]);
    const wrong = mergeDocs(before, { user: { declarations: { otherPropertyTitle: 7 } } });
    expect(passesAfterChange(counting, APPLICATION, before, wrong)).toBe(false);
    expect(validate(wrong)).toBe(false);
  });

  it("judges whole a file whose properties are tied together, or a property without a file of its own", () => {
    const ajv = createAjv({
      "part.json": { type: "object", additionalProperties: false, properties: { n: { type: "number" } } },
      "tied.json": {
        type: "object",
        additionalProperties: false,
        required: ["a"],
        properties: { a: { $ref: "part.json" }, b: { $ref: "part.json" } },
      },
      "inline.json": {
        type: "object",
        additionalProperties: false,
        properties: {
          a: { $ref: "part.json" },
          c: { type: "object", properties: { n: { type: "number" } } },
        },
      },
    });
    const tied = uriOf("schemas", "tied.json");
    const before = { a: { n: 1 }, b: { n: 2 } };
    // Taking `a` away changes no value of a listed file, yet `required` refuses it.
    expect(passesAfterChange(ajv, tied, before, { b: before.b })).toBe(false);
    expect(passesAfterChange(ajv, tied, before, { a: before.a, b: { n: 3 } })).toBe(true);
    expect(passesAfterChange(ajv, tied, before, { a: before.a, b: { n: "3" } })).toBe(false);
    const inline = uriOf("schemas", "inline.json");
    const held = { a: { n: 1 }, c: { n: 1 } };
    expect(passesAfterChange(ajv, inline, held, { ...held, c: { n: "x" } })).toBe(false);
    expect(passesAfterChange(ajv, inline, held, { ...held, c: { n: 2 } })).toBe(true);
    expect(passesAfterChange(ajv, inline, held, { ...held, d: 1 })).toBe(false);
  });
});
