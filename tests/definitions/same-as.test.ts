// npm run check on a step's sameAs (engine/lint/same-as.ts), on an edited copy of the definitions: the
// slow half of tests/unit/same-as.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

describe("npm run check on sameAs", () => {
  const messages = (edit: (step: any) => void) => {
    const copy = copyDefinitions();
    copy.edit("steps/application/coborrower-details.json", edit);
    return loadCopy(copy).problems.map(problemText);
  };

  it("names a source the application lacks, with the close one", () => {
    expect(messages((s) => (s.sameAs["/coborrower/address"].choices[0].from = "/user/adress"))).toContain(
      'steps/application/coborrower-details.json#/sameAs/~1coborrower~1address/choices/0/from: "same as" source "/user/adress" is not in the application, did you mean `address`?',
    );
  });

  it("names a source that cannot be copied into the field", () => {
    expect(
      messages(
        (s) => (s.sameAs["/coborrower/address"].choices[0].from = "/user/employments/*/employerAddress"),
      ),
    ).toContain(
      'steps/application/coborrower-details.json#/sameAs/~1coborrower~1address/choices/0/from: "same as" source "/user/employments/*/employerAddress" cannot be copied into "/coborrower/address": it is not an object with fields to copy',
    );
    expect(messages((s) => (s.sameAs["/coborrower/address"].choices[0].from = "/user/declarations"))).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'cannot be copied into "/coborrower/address": it has no "line1", "city", "state", "zip", which the field requires',
        ),
      ]),
    );
  });

  it("names a property to fill that the field does not have", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/property-info.json",
      (s) => (s.sameAs["/property"].fields = ["line1", "street"]),
    );
    expect(loadCopy(copy).problems.map(problemText)).toContain(
      'steps/application/property-info.json#/sameAs/~1property/fields/1: "/property" has no property "street"',
    );
  });

  it("names a label quoting a field the source does not have, and a field the step does not ask", () => {
    expect(
      messages((s) => (s.sameAs["/coborrower/address"].choices[0].label = "{street}, {city}")),
    ).toContain(
      'steps/application/coborrower-details.json#/sameAs/~1coborrower~1address/choices/0/label: the label quotes {street} but "/user/address" has no "street"',
    );
    expect(messages((s) => (s.sameAs["/coborrower/adress"] = s.sameAs["/coborrower/address"]))).toContain(
      'steps/application/coborrower-details.json#/sameAs/~1coborrower~1adress: field "/coborrower/adress" is not in this step\'s answers, did you mean `address`?',
    );
  });
});
