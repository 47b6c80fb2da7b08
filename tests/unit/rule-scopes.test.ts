// What an item's scope holds and which requirement fields are kept (engine/logic/rule-plan.ts):
// an item's logic is given the names of the data it reads (namesRead), or all of the data when it
// may read any; a requirement field reading only the params and the rule's document is worked out
// once per definitions set, unless it builds a new object each time.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { evaluateRuleSet } from "@engine/logic/rules";
import { namesRead } from "@engine/logic/logic-reads";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const TODAY = "2026-11-22";
const names = (logic: unknown) => {
  const read = namesRead(logic);
  return read && [...read].sort();
};

describe("the names of the data a piece of logic reads", () => {
  it("are the first keys of var, missing and missing_some paths, and of root's anywhere", () => {
    expect(
      names({
        and: [
          { var: "borrower.incomeTypes" },
          { missing: ["setup.hasCoborrower", "uploads"] },
          { missing_some: [1, ["property.state", "isInTrust"]] },
          { some: [{ var: "documentRequests" }, { "==": [{ var: "role" }, { root: "subject.role" }] }] },
          { var: ["params.documents.labelWords", { var: "today" }] },
        ],
      }),
    ).toEqual([
      "borrower",
      "documentRequests",
      "isInTrust",
      "params",
      "property",
      "setup",
      "subject",
      "today",
      "uploads",
    ]);
  });

  it("leave out what an iteration reads of its item, and read the list and reduce's start from the data", () => {
    expect(
      names({
        reduce: [{ var: "jobs" }, { "+": [{ var: "current" }, { var: "accumulator" }] }, { var: "base" }],
      }),
    ).toEqual(["base", "jobs"]);
  });

  it("take a path worked out from a dotted literal by its first key", () => {
    expect(names({ var: { cat: ["identityVerification.", { var: "role" }, ".idType"] } })).toEqual([
      "identityVerification",
      "role",
    ]);
  });

  it("are unknown (null) where the logic may read any name", () => {
    expect(names({ var: "" })).toBeNull();
    expect(names({ var: { var: "path" } })).toBeNull();
    expect(names({ var: { cat: ["identity", { var: "role" }] } })).toBeNull();
    expect(names({ root: { var: "path" } })).toBeNull();
    expect(names({ missing: { merge: [["a"], ["b"]] } })).toBeNull();
    expect(names({ var: "a\\.b" })).toBeNull();
    expect(names({ some: [{ var: "list" }, { var: "../outside" }] })).toBeNull();
  });
});

describe("requirement fields kept for the definitions set", () => {
  const application = JSON.parse(
    readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
  );
  const requirements = () =>
    evaluateRuleSet(defs, "documents", application, { today: TODAY }).outputs.requirements as Record<
      string,
      unknown
    >[];

  it("give every evaluation the requirements worked out on the first", () => {
    const first = requirements();
    expect(requirements()).toEqual(first);
    expect(requirements()).toEqual(first);
  });

  it("never share a list the logic builds afresh: each requirement holds its own", () => {
    const lists = [requirements(), requirements(), requirements()]
      .flat()
      .map((r) => r.subtypes)
      .filter((list) => Array.isArray(list) && list.length === 0);
    expect(lists.length).toBeGreaterThan(3);
    expect(new Set(lists).size).toBe(lists.length);
  });
});
