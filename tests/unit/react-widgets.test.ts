// The widgets' pure halves: how each shows a stored value and what it stores for typed text
// (engine/form/codecs.ts), and the as-you-type formatters they use (engine/base/format.ts).
import { describe, expect, it } from "vitest";
import {
  formatDateTyping,
  formatFractionPercent,
  formatMonthYearTyping,
  formatPhoneTyping,
  formatSsnTyping,
  parsePercentInput,
} from "@engine/base/format";
import {
  caretAfterReshape,
  codecs,
  isFractionSchema,
  isMaskedSsn,
  storesYearMonth,
} from "@engine/form/codecs";

const money = { type: "integer", minimum: 0 };
const fraction = { type: ["number", "null"], minimum: 0, maximum: 1 };
const date = { type: "string", format: "date" };

describe("currency widget", () => {
  const { display, parse } = codecs.currency;
  it("shows whole dollars as $1,234", () => expect(display(1234, money)).toBe("$1,234"));
  it("stores an integer for $1,234 typed with or without the $ and commas", () => {
    expect(parse("$1,234", money)).toBe(1234);
    expect(parse("1234", money)).toBe(1234);
    expect(parse(" 1,234.00 ", money)).toBe(1234);
  });
  it("stores nothing for an emptied field", () => expect(parse("", money)).toBeUndefined());
  it("keeps text it cannot read as typed, so the validator names the problem", () =>
    expect(parse("12a", money)).toBe("12a"));
  it("stores cents as typed (12.5), which the validator refuses as not a whole number", () =>
    expect(parse("12.50", money)).toBe(12.5));
});

describe("percent widget", () => {
  const { display, parse } = codecs.percent;
  it("stores a fraction 0..1 when the schema is a fraction: 25 typed is 0.25", () => {
    expect(isFractionSchema(fraction)).toBe(true);
    expect(parse("25", fraction)).toBe(0.25);
    expect(parse("12.5%", fraction)).toBe(0.125);
    expect(parse("7", fraction)).toBe(0.07);
  });
  it("shows a stored fraction as a percentage, 100% for a sole owner", () => {
    expect(display(0.25, fraction)).toBe("25%");
    expect(display(1, fraction)).toBe("100%");
    expect(display(0.07, fraction)).toBe("7%");
  });
  it("stores percent units when the schema is not a fraction", () => {
    const units = { type: "number", minimum: 0, maximum: 100 };
    expect(isFractionSchema(units)).toBe(false);
    expect(parse("25", units)).toBe(25);
    expect(display(25, units)).toBe("25%");
  });
});

describe("phone widget", () => {
  const { display, parse, typing } = codecs.phone;
  it("shows (XXX) XXX-XXXX and stores 10 digits", () => {
    expect(display("8135550142", {})).toBe("(813) 555-0142");
    expect(parse("(813) 555-0142", {})).toBe("8135550142");
    expect(parse("+1 813 555 0142", {})).toBe("8135550142");
  });
  it("shapes a number as it is typed", () => {
    expect(typing("813")).toBe("(813");
    expect(typing("8135")).toBe("(813) 5");
    expect(typing("813555014")).toBe("(813) 555-014");
    expect(typing("(813) 555-01423")).toBe("(813) 555-0142");
  });
  it("stores the digits typed so far, which the validator refuses as not 10 digits", () =>
    expect(parse("(813) 55", {})).toBe("81355"));
});

describe("SSN widget", () => {
  const { display, edit, parse, typing } = codecs.ssn;
  it("shows XXX-XX-XXXX while typing", () => {
    expect(typing("123456789")).toBe("123-45-6789");
    expect(typing("12345")).toBe("123-45");
    expect(edit("123456789", {})).toBe("123-45-6789");
  });
  it("masks an SSN as *** - ** - 1234 once the field loses focus", () =>
    expect(display("987651234", {})).toBe("*** - ** - 1234"));
  it("stores the 9 digits", () => expect(parse("123-45-6789", {})).toBe("123456789"));
  it("shows a masked SSN from the server as it is, and empties the input to retype it", () => {
    expect(isMaskedSsn("*** - ** - 1234")).toBe(true);
    expect(display("*** - ** - 1234", {})).toBe("*** - ** - 1234");
    expect(edit("*** - ** - 1234", {})).toBe("");
  });
});

describe("date widget", () => {
  const { display, parse, typing } = codecs.date;
  it("shows yyyy-MM-dd as MM/DD/YYYY", () => expect(display("2024-02-29", date)).toBe("02/29/2024"));
  it("stores MM/DD/YYYY as yyyy-MM-dd", () => expect(parse("02/29/2024", date)).toBe("2024-02-29"));
  it("expands two-digit years to 20YY", () => expect(parse("1/5/85", date)).toBe("2085-01-05"));
  it("adds the slashes to a date typed as digits", () => {
    expect(typing("0229")).toBe("02/29");
    expect(typing("02292024")).toBe("02/29/2024");
    expect(typing("1/5/24")).toBe("1/5/24");
  });
  it("keeps a date that does not exist as typed, for the validator to refuse", () =>
    expect(parse("02/30/2023", date)).toBe("02/30/2023"));
});

describe("month-year widget", () => {
  const { display, parse, typing } = codecs.monthYear;
  it("shows MM/YYYY and stores the first of the month for a date schema", () => {
    expect(display("2024-03-15", date)).toBe("03/2024");
    expect(parse("03/2024", date)).toBe("2024-03-01");
    expect(parse("3/24", date)).toBe("2024-03-01");
  });
  it("stores yyyy-MM when the schema's pattern asks for it", () => {
    const month = { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$" };
    expect(storesYearMonth(month)).toBe(true);
    expect(parse("03/2024", month)).toBe("2024-03");
    expect(display("2024-03", month)).toBe("03/2024");
  });
  it("adds the slash to a month typed as digits", () => expect(typing("032024")).toBe("03/2024"));
});

describe("text and number inputs", () => {
  it("trims text and stores nothing for blank text", () => {
    expect(codecs.text.parse("  Acme Inc ", {})).toBe("Acme Inc");
    expect(codecs.text.parse("   ", {})).toBeUndefined();
  });
  it("stores a number typed into a numeric field, and text that is not a number as typed", () => {
    expect(codecs.number.parse("720", { type: "integer" })).toBe(720);
    expect(codecs.number.parse("7x", { type: "integer" })).toBe("7x");
  });
});

describe("caret after reshaping", () => {
  it("stays after the same digit when punctuation is added", () => {
    expect(caretAfterReshape("8135", 4, "(813) 5")).toBe(7);
    expect(caretAfterReshape("12345", 3, "123-45")).toBe(3);
  });
});

describe("as-you-type formatters (engine/base/format.ts)", () => {
  it("formats a partial phone number", () => expect(formatPhoneTyping("5551234")).toBe("(555) 123-4"));
  it("drops a +1 country code", () => expect(formatPhoneTyping("+1 555 123 4567")).toBe("(555) 123-4567"));
  it("formats a partial SSN", () => expect(formatSsnTyping("1234")).toBe("123-4"));
  it("formats a date typed as digits and leaves punctuated text alone", () => {
    expect(formatDateTyping("122520")).toBe("12/25/20");
    expect(formatDateTyping("12/5")).toBe("12/5");
  });
  it("formats a month typed as digits", () => expect(formatMonthYearTyping("0324")).toBe("03/24"));
  it("shows a fraction as a percentage whatever its size", () => {
    expect(formatFractionPercent(0.005)).toBe("0.5%");
    expect(formatFractionPercent(1)).toBe("100%");
    expect(formatFractionPercent(null)).toBe("");
  });
  it("reads a typed percentage", () => {
    expect(parsePercentInput("12.5 %")).toBe(12.5);
    expect(parsePercentInput("abc")).toBeNull();
    expect(parsePercentInput("")).toBeNull();
  });
});
