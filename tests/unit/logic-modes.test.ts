// The server compiles logic; the browser, whose CSP forbids compiling, interprets it (engine/logic/logic.ts
// LogicMode). Both ways must decide alike: every worked case of rules/, the shared JSON-logic suite
// (bench/fixtures/jsonlogic-tests.json, json-logic-js's own tests) and every operator's example.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import {
  customOperators,
  evaluate,
  logicMode,
  useLogicMode,
  type Data,
  type LogicMode,
} from "@engine/logic/logic";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const suite = (
  JSON.parse(
    readFileSync(new URL("../../bench/fixtures/jsonlogic-tests.json", import.meta.url), "utf8"),
  ) as unknown[]
).filter((entry): entry is [unknown, Data, unknown] => Array.isArray(entry));
const serverMode = logicMode();
afterAll(() => useLogicMode(serverMode));

it("the server compiles logic (the browser interprets it)", () => {
  expect(serverMode).toBe("compiled");
});

for (const mode of ["compiled", "interpreted"] as LogicMode[])
  describe(`logic ${mode}`, () => {
    it(`passes the shared JSON-logic suite (${suite.length} tests)`, () => {
      useLogicMode(mode);
      const failed = suite.flatMap(([logic, data, expected]) => {
        let actual: unknown;
        try {
          actual = evaluate(logic, data);
        } catch (error) {
          actual = { threw: (error as Error).message };
        }
        return isDeepStrictEqual(actual, expected)
          ? []
          : [`${JSON.stringify(logic)} on ${JSON.stringify(data)}: got ${String(actual)}`];
      });
      expect(failed).toEqual([]);
    });

    it("gives every custom operator's documented example", () => {
      useLogicMode(mode);
      for (const [name, op] of Object.entries(customOperators))
        expect(evaluate(op.example.logic, op.example.data ?? {}), name).toEqual(op.example.result);
    });

    it("decides every worked case of rules/ as the case says", () => {
      useLogicMode(mode);
      let count = 0;
      for (const { file, def } of defs.cases)
        for (const c of def.cases) {
          expect(
            presentResult(defs, def.ruleSet, evaluateRuleSet(defs, def.ruleSet, c.input)),
            `${file}: ${c.description}`,
          ).toMatchObject(c.expect);
          count++;
        }
      expect(count).toBeGreaterThan(100);
    });
  });
