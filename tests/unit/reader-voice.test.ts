// Copy in the reader's voice (issue 23, item 7): an invited co-borrower answering their own part
// reads "you", in questions and in messages, on the browser (the prepared step) and on the server
// (the one validator, given the reader's role); messages name a question as it is asked.
import { describe, expect, it } from "vitest";
import { partOf } from "@engine/funnel/members";
import { prepareForPart, prepareStep } from "@engine/react/prepare";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const today = "2026-11-22";
const invited = {
  setup: { hasCoborrower: true },
  coborrowerInvite: { answeredBy: "coborrower" },
  user: { firstName: "Maria", lastName: "Alvarez" },
};
const coborrower = partOf(defs, "coborrower", invited, today);
const ui = (stepId: string) =>
  prepareForPart(
    prepareStep(
      defs,
      stepId,
      [
        "yesNo",
        "date",
        "ssn",
        "phone",
        "email",
        "radio",
        "select",
        "address",
        "currency",
        "monthYear",
        "percent",
        "hidden",
        "checkbox",
        "choiceCards",
      ],
      false,
    ),
    coborrower,
  ).uiSchema as any;

describe("an invited co-borrower reads their own pages in the second person", () => {
  it("is asked “Do you own any other property?”, not about “your co-borrower”", () => {
    expect(ui("application4").coborrower.ownsOtherRealEstate["ui:title"]).toBe(
      "Do you own any other property?",
    );
  });

  it("reads their own jobs, with no description about their co-borrower left over", () => {
    const employments = ui("application5").coborrower.employments;
    expect(employments["ui:title"]).toBe("Your jobs");
    expect(JSON.stringify(employments)).not.toMatch(/co-borrower/i);
  });

  it("reads their own details page in their own words", () => {
    const details = ui("application2").coborrower;
    expect(details.militaryStatus["ui:title"]).toBe(
      "Did you (or your deceased spouse) ever serve, or are you currently serving, in the United States Armed Forces?",
    );
    expect(JSON.stringify(details)).not.toMatch(/your co-borrower/i);
  });

  it("gets messages in their own words from the validator the server runs", () => {
    const realEstate = createStepValidator(defs, "application4");
    expect(
      realEstate({ coborrower: {} }, { application: invited, today, role: "coborrower" }).errors,
    ).toContainEqual({
      pointer: "/coborrower/ownsOtherRealEstate",
      message: "Please answer “Do you own any other property?”",
    });
    const details = createStepValidator(defs, "application2")(
      { coborrower: { dateOfBirth: "2015-01-01" } },
      { application: invited, today, role: "coborrower" },
    );
    expect(details.errors).toContainEqual(
      expect.objectContaining({
        pointer: "/coborrower/dateOfBirth",
        message: "You must be at least 18 years old to apply",
      }),
    );
  });

  it("while the borrower answering for them reads about “your co-borrower”", () => {
    const result = createStepValidator(defs, "application4")(
      { coborrower: {} },
      { application: invited, today },
    );
    expect(result.errors).toContainEqual({
      pointer: "/coborrower/ownsOtherRealEstate",
      message: "Please answer “Does your co-borrower own any other property?”",
    });
  });
});

describe("no internal or unavailable option is offered", () => {
  it("does not offer “Connect (not available yet)” for income verification", async () => {
    const { toRenderSchema } = await import("@engine/form/render-schema");
    const { bundleStepSchema } = await import("@engine/definitions/bundle");
    const method = (toRenderSchema(bundleStepSchema(defs, "application6")) as any).properties
      .incomeVerification.properties.method;
    expect(method.enum).not.toContain("connect");
    expect(method.enum.length).toBeGreaterThan(0);
  });
});
