// The funnel page's pure parts against the real definitions: steps found by route (so a new step
// file is a new page), the previous step of a flow, prefill hints and API error handling.
import { describe, expect, it } from "vitest";
import { loadDefinitions } from "../../engine/load";
import { classifyApiError } from "../../web/src/pages/funnel/api-errors";
import { withHints } from "../../web/src/pages/funnel/hints";
import { previousStepRoute, stepForRoute } from "../../web/src/pages/funnel/step-routes";

const { defs } = loadDefinitions();

describe("funnel page helpers", () => {
  it("finds the step whose route is the page, and nothing for a page without a step file", () => {
    expect(stepForRoute(defs, "/app/initial-setup/name")?.id).toBe("name");
    expect(stepForRoute(defs, "/app/initial-setup/name/")?.id).toBe("name");
    expect(stepForRoute(defs, "/prequal/building-type")).toBeNull();
  });

  it("goes back to the previous step of the applicant's variant", () => {
    expect(previousStepRoute(defs, "email")).toBe("/app/initial-setup/name");
    expect(previousStepRoute(defs, "name")).toBeNull();
    expect(previousStepRoute(defs, "creditScore", "variantOne")).toBe("/app/initial-setup/property-usage");
    expect(previousStepRoute(defs, "creditScore", "variantTwo")).toBe("/app/initial-setup/zip");
  });

  it("prefills a hint only where the application has no answer", () => {
    const read = (key: string) => (key === "propertyUsageHint" ? "secondHome" : null);
    expect(withHints({ user: { firstName: "Dana" } }, read)).toEqual({ user: { firstName: "Dana" }, setup: { propertyUsage: "secondHome" } });
    const answered = { setup: { propertyUsage: "investment", zip: "80205" } };
    expect(withHints(answered, read)).toBe(answered);
    expect(withHints({}, () => null)).toEqual({});
  });

  it("tells field errors, a lost session and other failures apart", () => {
    const fieldErrors = [{ pointer: "/user/firstName", message: "First name is required" }];
    expect(classifyApiError({ message: "x", data: { code: "BAD_REQUEST", fieldErrors } })).toEqual({ kind: "fields", fieldErrors, message: "x" });
    expect(classifyApiError({ message: "Sign in", data: { code: "UNAUTHORIZED" } }).kind).toBe("unauthorized");
    expect(classifyApiError({ message: "Changed elsewhere", data: { code: "CONFLICT" } })).toEqual({ kind: "other", code: "CONFLICT", message: "Changed elsewhere" });
    expect(classifyApiError(new TypeError("Failed to fetch")).message).toMatch(/connection/);
  });
});
