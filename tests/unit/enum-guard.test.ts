// An enumeration (oneOf of const branches) is checked against its values first, its oneOf run only
// for a value that is none of them (engine/definitions/enum-guard.ts). That the guarded schemas
// decide as the schemas as written, with the same messages, is tests/definitions/enum-guard.test.ts.
import { describe, expect, it } from "vitest";
import { uriOf } from "@engine/definitions/ajv";
import { guardEnumerations } from "@engine/definitions/enum-guard";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const TODAY = "2026-11-22";
const state = {
  title: "State",
  type: "string",
  oneOf: [
    { const: "CA", title: "California" },
    { const: "NY", title: "New York" },
  ],
};

describe("an enumeration as ajv is given it", () => {
  it("checks the values first and runs the oneOf, under the enumeration's title, only for a value none of them", () => {
    expect(guardEnumerations(state)).toEqual({
      title: "State",
      type: "string",
      if: { enum: ["CA", "NY"] },
      else: { title: "State", oneOf: state.oneOf },
    });
  });

  it("leaves the schema it was given as it was, and shares what it does not change", () => {
    const schema = { type: "object", properties: { state, name: { type: "string" } } };
    const before = structuredClone(schema);
    const guarded = guardEnumerations(schema);
    expect(schema).toEqual(before);
    expect(guarded.properties.name).toBe(schema.properties.name);
  });

  it("guards once however often it is asked", () => {
    const once = guardEnumerations({ $defs: { state } });
    expect(guardEnumerations(once)).toEqual(once);
  });

  it("keeps a oneOf that is no list of distinct values, or a schema with an if of its own", () => {
    const twice = { oneOf: [{ const: "a" }, { const: "a" }] }; // oneOf refuses "a": two branches match
    const checking = { oneOf: [{ const: "a" }, { const: "b", type: "string" }] };
    const objects = { oneOf: [{ const: { a: 1 } }, { const: { a: 2 } }] };
    const conditional = { if: { type: "string" }, then: { minLength: 1 }, oneOf: state.oneOf };
    const inDefault = { default: { oneOf: state.oneOf } }; // a value, not a schema
    for (const schema of [twice, checking, objects, conditional, inDefault])
      expect(guardEnumerations(schema)).toBe(schema);
  });

  it("is what the definitions' ajv compiles (the states of application.json)", () => {
    const usState = defs.ajv.getSchema(`${uriOf("schemas", "us-states.json")}#/$defs/usState`)!;
    expect((usState.schema as { if?: unknown }).if).toEqual({ enum: expect.arrayContaining(["CA", "NY"]) });
  });
});
