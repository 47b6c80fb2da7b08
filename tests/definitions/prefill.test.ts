// npm run check on a step's prefill, on edited copies of the definitions: the slow half of
// tests/unit/prefill.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("npm run check on prefill", () => {
  const problems = (change: (step: any) => void, file = "steps/application/property-info.json") => {
    const copy = copyDefinitions();
    copy.edit(file, change);
    return loadCopy(copy).problems.map(formatProblem);
  };

  it("names a prefill source the application does not have, with file, line and column", () => {
    const found = problems((s) => (s.prefill["/property/propertyUsage"] = "/setup/propertyUsge"));
    expect(found).toEqual([
      expect.stringMatching(
        /^steps\/application\/property-info\.json:\d+:\d+ #\/prefill\/~1property~1propertyUsage: prefill source "\/setup\/propertyUsge" is not in the application, did you mean `propertyUsage`\?$/,
      ),
    ]);
  });

  it("refuses a prefill source of another type than the field", () => {
    const found = problems((s) => (s.prefill["/property/value"] = "/setup/isSelfEmployed"));
    expect(found).toEqual([
      expect.stringMatching(
        /#\/prefill\/~1property~1value: prefill source "\/setup\/isSelfEmployed" does not fit "\/property\/value": its type boolean is not the field's integer$/,
      ),
    ]);
  });

  it("refuses a prefill source whose values the field does not allow", () => {
    const found = problems((s) => (s.prefill["/property/propertyUsage"] = "/setup/creditRange"));
    expect(found).toEqual([
      expect.stringMatching(
        /#\/prefill\/~1property~1propertyUsage: prefill source "\/setup\/creditRange" does not fit "\/property\/propertyUsage": the values .* are not the field's$/,
      ),
    ]);
  });

  it("names a prefilled field the step does not ask", () => {
    const found = problems((s) => (s.prefill["/property/valeu"] = "/setup/propertyValue"));
    expect(found).toEqual([
      expect.stringMatching(
        /#\/prefill\/~1property~1valeu: field "\/property\/valeu" is not in this step's answers, did you mean `value`\?$/,
      ),
    ]);
  });

  it("names an unknown field in a computed prefill's logic", () => {
    const found = problems(
      (s) =>
        (s.prefill["/user/declarations/hasIntentToOccupy"].value = {
          "==": [{ var: "property.propertyUsag" }, "primaryResidence"],
        }),
      "steps/application/declarations.json",
    );
    expect(found).toEqual([
      expect.stringMatching(
        /#\/prefill\/~1user~1declarations~1hasIntentToOccupy\/value\/==\/0\/var: unknown field "property.propertyUsag"/,
      ),
    ]);
  });

  it("names an unknown field in a prefill's condition", () => {
    const found = problems(
      (s) =>
        (s.prefill["/property/line1"].when = { "==": [{ var: "setup.propertyUsag" }, "primaryResidence"] }),
    );
    expect(found).toEqual([
      expect.stringMatching(
        /#\/prefill\/~1property~1line1\/when\/==\/0\/var: unknown field "setup.propertyUsag"/,
      ),
    ]);
  });
});
