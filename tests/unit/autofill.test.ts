import { describe, expect, it } from "vitest";
import { autofillMistake } from "@engine/lint/autofill";

describe("ui:autocomplete values (the HTML standard's autofill tokens)", () => {
  it("takes the field names browsers know, alone or after a section, an address kind and a contact kind", () => {
    for (const value of [
      "off",
      "on",
      "postal-code",
      "section-home shipping address-line1",
      "mobile tel",
      "work email",
      "one-time-code",
      "username webauthn",
    ])
      expect(autofillMistake(value), value).toBeNull();
  });

  it("names a misspelt field name, with the one meant", () => {
    expect(autofillMistake("adress-line1")).toMatch(
      /"adress-line1" is not an autocomplete field name.*`address-line1`/,
    );
  });

  it("refuses a contact kind before a field that is no contact (mobile postal-code)", () => {
    expect(autofillMistake("mobile postal-code")).toMatch(/"mobile" cannot stand before "postal-code"/);
  });
});
