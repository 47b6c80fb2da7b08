// The server evaluates JSON-logic with json-logic-engine, compiled (engine/logic/logic.ts); the
// browser, whose CSP forbids compiling, with json-logic-js (engine/logic/logic-js.ts: the web build
// resolves the first to the second). Both must decide alike: every custom operator's worked example,
// the shared JSON-logic suite (bench/fixtures/jsonlogic-tests.json, json-logic-js's own tests) and
// every worked case of rules/, each through both, with the same result.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it, vi } from "vitest";
import * as server from "@engine/logic/logic";
import { todayIso } from "@engine/base/dates";
import { customOperators } from "@engine/logic/operator-docs";
import * as serverRules from "@engine/logic/rules";
import { repo } from "../helpers/definitions";

// The engine's rule sets again, with their every import of the server's evaluator given the
// browser's, as the web build gives it (web/vite.config.ts browserEvaluator).
vi.resetModules();
vi.doMock("@engine/logic/logic", () => import("@engine/logic/logic-js"));
const browserRules = await import("@engine/logic/rules");
const browser = await import("@engine/logic/logic");
vi.doUnmock("@engine/logic/logic");
vi.resetModules();

const evaluators = { server, browser };
const { defs } = repo;
const suite = (
  JSON.parse(
    readFileSync(new URL("../../bench/fixtures/jsonlogic-tests.json", import.meta.url), "utf8"),
  ) as unknown[]
).filter((entry): entry is [unknown, server.Data, unknown] => Array.isArray(entry));

/** The result, or the error's message: an evaluator that throws must throw alike. */
const attempt = (run: () => unknown): unknown => {
  try {
    return run();
  } catch (error) {
    return { threw: (error as Error).message };
  }
};

describe("the browser's evaluator and the server's", () => {
  it("are two different engines behind one API", () => {
    expect(browser.evaluate).not.toBe(server.evaluate);
    expect(Object.keys(browser).sort()).toEqual(Object.keys(server).sort());
  });

  it("give every custom operator's documented example", () => {
    for (const [name, op] of Object.entries(customOperators))
      for (const [side, logic] of Object.entries(evaluators))
        expect(logic.evaluate(op.example.logic, op.example.data ?? {}), `${name} (${side})`).toEqual(
          op.example.result,
        );
  });

  it(`pass the shared JSON-logic suite alike (${suite.length} tests)`, () => {
    const failed = suite.flatMap(([logic, data, expected]) => {
      const got = {
        server: attempt(() => server.evaluate(logic, data)),
        browser: attempt(() => browser.evaluate(logic, data)),
      };
      return isDeepStrictEqual(got.server, expected) && isDeepStrictEqual(got.browser, expected)
        ? []
        : [
            `${JSON.stringify(logic)} on ${JSON.stringify(data)}: server ${JSON.stringify(got.server)}, browser ${JSON.stringify(got.browser)}`,
          ];
    });
    expect(suite.length).toBeGreaterThan(200);
    expect(failed).toEqual([]);
  });

  it("decide every worked case of rules/ as the case says, with the same result", () => {
    let count = 0;
    for (const { file, def } of defs.cases)
      for (const c of def.cases) {
        const run = (rules: typeof serverRules) =>
          attempt(() =>
            rules.presentResult(
              defs,
              def.ruleSet,
              rules.evaluateRuleSet(defs, def.ruleSet, c.input, {
                today: serverRules.dayOf(c.input, todayIso()),
              }),
            ),
          );
        const onServer = run(serverRules);
        expect(onServer, `${file}: ${c.description}`).toMatchObject(c.expect);
        expect(run(browserRules), `${file}: ${c.description} (browser)`).toEqual(onServer);
        count++;
      }
    expect(count).toBeGreaterThan(100);
  });

  it("refuse an operator outside the table before anything runs, even in a branch not taken", () => {
    for (const logic of [
      { log: "ssn" },
      { method: ["abc", "toUpperCase"] },
      { if: [false, { log: { var: "ssn" } }, "no"] },
    ])
      for (const [side, { evaluate }] of Object.entries(evaluators))
        expect(() => evaluate(logic, { ssn: "123-45-6789" }), side).toThrow(
          /^Unrecognized operation (log|method)$/,
        );
  });

  it("let root read the whole input inside an iteration, and the innermost evaluation's when they nest", () => {
    const data = { limit: 0.25, jobs: [{ percentageOwned: 0.1 }, { percentageOwned: 0.3 }] };
    const logic = { some: [{ var: "jobs" }, { "<": [{ var: "percentageOwned" }, { root: "limit" }] }] };
    for (const [side, { evaluate }] of Object.entries(evaluators)) {
      expect(evaluate(logic, data), side).toBe(true);
      expect(evaluate(logic, { ...data, limit: 0.05 }), side).toBe(false);
    }
  });
});
