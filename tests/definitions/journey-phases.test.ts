// npm run check on the journey's phases, on an edited copy of the definitions: the slow part of
// tests/unit/journey-phases.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("checking the phases", () => {
  it("names an unknown phase, a start step a variant lacks, and a first phase that does not start the flow", () => {
    const copy = copyDefinitions();
    copy.edit("steps/flows/early-funnel.json", (flow) => {
      flow.phases = [
        { phase: "home", from: "email" },
        { phase: "ofer", from: "propertyUsage" },
      ];
    });
    const messages = loadCopy(copy)
      .problems.filter((p) => p.file.endsWith("early-funnel.json"))
      .map((p) => `${p.pointer}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/phases\/1\/phase: unknown phase "ofer".*offer/),
        expect.stringMatching(
          /^\/phases\/1\/from: .*"propertyUsage", which variant "variantTwo" does not list/,
        ),
        expect.stringMatching(
          /^\/phases\/0\/from: the first phase must start at the first step of variant "variantOne" \("name"\)/,
        ),
      ]),
    );
  });
});
