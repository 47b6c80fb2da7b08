// Where the applicant is in the funnel (engine/form/progress.ts), read from the flow files.
import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { funnelPosition } from "@engine/form/progress";
import { repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;

describe("funnel progress", () => {
  it("places a step in the first flow variant that lists it", () => {
    const position = funnelPosition(defs, "propertyUsage", { today: TODAY })!;
    expect(position).toMatchObject({ flowId: "earlyFunnel", variantId: "variantOne", index: 10 });
    expect(position.steps).toHaveLength(14); // the spec's 12, the email's code step and the disclosures
    expect(position.steps[0]).toMatchObject({ id: "name", label: "Name", route: "/app/initial-setup/name" });
  });

  it("follows the applicant's variant (variant two has 11 steps, without property usage)", () => {
    const position = funnelPosition(defs, "creditScore", { variant: "variantTwo", today: TODAY })!;
    expect(position.steps).toHaveLength(13);
    expect(position.index).toBe(10);
    expect(position.steps.map((s) => s.id)).not.toContain("propertyUsage");
  });

  it("falls back to a variant that lists the step when the applicant's does not", () => {
    expect(funnelPosition(defs, "propertyUsage", { variant: "variantTwo", today: TODAY })?.variantId).toBe(
      "variantOne",
    );
  });

  it("labels steps with the step files' labels", () => {
    const position = funnelPosition(defs, "application5", { today: TODAY })!;
    expect(position.steps[position.index]?.label).toBe("Employment History");
    expect(position.steps[0]?.label).toBe("Phone");
    expect(position.steps.map((s) => s.label)).toContain("Personal Info");
  });

  it("names the jargon steps in the applicant's words (applicantLabel), not the portal's", () => {
    const labels = funnelPosition(defs, "disclosures", { today: TODAY })!.steps.map((s) => s.label);
    expect(labels).toContain("Sign the disclosures");
    expect(labels).not.toContain("E-sign HECA");
    expect(funnelPosition(defs, "prequalDerogatory", { today: TODAY })!.steps.map((s) => s.label)).toEqual(
      expect.arrayContaining(["Credit check", "A few quick questions"]),
    );
  });

  it("is null for a step no flow lists", () => {
    expect(funnelPosition(defs, "nope", { today: TODAY })).toBeNull();
  });
});
