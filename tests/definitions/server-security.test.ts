// The browser's validation of a masked identifier, on a copy of the definitions given an SSN step:
// the slow part of tests/unit/server-security.test.ts, kept out of the everyday loop.
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

describe("a masked identifier in the browser's validation", () => {
  it("accepts an SSN mask sent back unchanged, and refuses a mask the server never showed", async () => {
    const { addSsnStep, copyDefinitions, loadCopy } = await import("../helpers/definitions");
    const { createStepValidator } = await import("@engine/validation/validate");
    const copy = addSsnStep(copyDefinitions());
    const validate = createStepValidator(loadCopy(copy).defs, "ssnCheck");
    const shown = { user: { ssn: "*** - ** - 6789" } };
    expect(validate({ user: { ssn: "*** - ** - 6789" } }, { application: shown, today: TODAY }).valid).toBe(
      true,
    );
    expect(
      validate({ user: { ssn: "*** - ** - 1111" } }, { application: shown, today: TODAY }).errors.map(
        (e) => e.pointer,
      ),
    ).toEqual(["/user/ssn"]);
    expect(validate({ user: { ssn: "*** - ** - 6789" } }, { application: {}, today: TODAY }).valid).toBe(
      false,
    );
  });
});
