// A step's rank, label and route read from an edited copy of the definitions: the slow part of
// tests/unit/funnel.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { labelOf, redirectFor, routeForStatus } from "@engine/funnel/funnel";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("rank, label and route are stated once, in the step file", () => {
  it("are read from the step: a changed label or route is the status's label and page", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/employment-history.json", (s) =>
      Object.assign(s, { label: "Jobs", route: "/app/application/jobs" }),
    );
    const { defs: changed } = loadCopy(copy);
    expect(labelOf(changed, "application5")).toBe("Jobs");
    expect(routeForStatus(changed, "application5")).toBe("/app/application/jobs");
    expect(
      redirectFor(
        changed,
        {
          applicationStatus: "application5",
          path: "/app/application/1",
          previousPath: null,
          hasLoan: true,
        },
        "2026-11-22",
      ).target,
    ).toBe("/app/application/jobs");
  });
});
