// The funnel page's pure parts against the real definitions: steps found by route (so a new step
// file is a new page), prefill hints and API error handling.
import { describe, expect, it } from "vitest";
import { classifyApiError } from "@web/src/pages/funnel/api-errors";
import { fieldMessages } from "@web/src/pages/portal/form-refusal";
import { withHints } from "@web/src/pages/funnel/hints";
import { stepForRoute } from "@web/src/pages/funnel/step-routes";
import { repo } from "../helpers/definitions";

const { defs } = repo;

describe("funnel page helpers", () => {
  it("finds the step whose route is the page, and nothing for a page without a step file", () => {
    expect(stepForRoute(defs, "/app/initial-setup/name")?.id).toBe("name");
    expect(stepForRoute(defs, "/app/initial-setup/name/")?.id).toBe("name");
    expect(stepForRoute(defs, "/prequal/nowhere")).toBeNull();
  });

  it("prefills a hint only where the application has no answer", () => {
    const read = (key: string) => (key === "propertyUsageHint" ? "secondHome" : null);
    // The home page's choice answers the early funnel's question and, where that was not asked (variant two), the property page's.
    expect(withHints({ user: { firstName: "Dana" } }, read)).toEqual({
      user: { firstName: "Dana" },
      setup: { propertyUsage: "secondHome" },
      property: { propertyUsage: "secondHome" },
    });
    const answered = {
      setup: { propertyUsage: "investment", zip: "80205" },
      property: { propertyUsage: "investment" },
    };
    expect(withHints(answered, read)).toBe(answered);
    expect(withHints({}, () => null)).toEqual({});
  });

  it("tells field errors, a lost session and other failures apart", () => {
    const fieldErrors = [{ pointer: "/user/firstName", message: "First name is required" }];
    expect(classifyApiError({ message: "x", data: { code: "BAD_REQUEST", fieldErrors } })).toEqual({
      kind: "fields",
      fieldErrors,
      message: "x",
    });
    expect(classifyApiError({ message: "Sign in", data: { code: "UNAUTHORIZED" } }).kind).toBe(
      "unauthorized",
    );
    expect(classifyApiError({ message: "Changed elsewhere", data: { code: "CONFLICT" } })).toEqual({
      kind: "other",
      code: "CONFLICT",
      message: "Changed elsewhere",
    });
    expect(classifyApiError(new TypeError("Failed to fetch")).message).toMatch(/connection/);
  });

  it("puts a portal form's refusal at its fields, or says it whole when it names none of them", () => {
    const refused = (fieldErrors: { pointer: string; message: string }[]) =>
      classifyApiError({ message: "Refused", data: { code: "BAD_REQUEST", fieldErrors } });
    const fields = ["nmlsId", "phone"] as const;
    expect(
      fieldMessages(
        refused([
          { pointer: "/nmlsId", message: "Enter the NMLS ID as its digits only" },
          { pointer: "/other", message: "Not this form's" },
        ]),
        fields,
      ),
    ).toEqual({ nmlsId: "Enter the NMLS ID as its digits only" });
    expect(fieldMessages(refused([{ pointer: "/other", message: "Not this form's" }]), fields)).toBeNull();
    expect(
      fieldMessages(classifyApiError({ message: "Busy", data: { code: "CONFLICT" } }), fields),
    ).toBeNull();
  });
});
