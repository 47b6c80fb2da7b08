import { describe, expect, it } from "vitest";
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TEXT_MAX_LENGTH,
  formats,
  isEmail,
  isFraction,
  isIsoDate,
  isNonNegativeInteger,
  isPassword,
  isPhoneDigits,
  isSsnDigits,
  isText,
  isZip,
  normalizeText,
} from "@engine/validation/field-predicates";

describe("email", () => {
  it("accepts a standard email address", () => {
    for (const email of [
      "ann@example.com",
      "ann.lee+heloc@mail.example.co.uk",
      "a_b-c@sub-domain.example.org",
      "o'neil@example.com",
      "A@B.CO",
    ]) {
      expect(isEmail(email), email).toBe(true);
    }
  });

  it("requires a dot in the domain", () => {
    expect(isEmail("ann@localhost")).toBe(false);
    expect(isEmail("ann@example.")).toBe(false);
  });

  it("refuses what is not an email address", () => {
    for (const email of [
      "",
      "ann",
      "ann@",
      "@example.com",
      "ann@@example.com",
      "ann lee@example.com",
      " ann@example.com",
      "ann@example.com ",
      "ann@-example.com",
      "ann@example-.com",
      "ann@exa_mple.com",
      "ann@example..com",
    ]) {
      expect(isEmail(email), email).toBe(false);
    }
    expect(isEmail(null)).toBe(false);
    expect(isEmail(42)).toBe(false);
  });

  it("refuses an address longer than 254 characters", () => {
    const domain = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.com`;
    const local = (n: number) => "x".repeat(n - domain.length - 1);
    expect(EMAIL_MAX_LENGTH).toBe(254);
    expect(isEmail(`${local(254)}@${domain}`)).toBe(true);
    expect(isEmail(`${local(255)}@${domain}`)).toBe(false);
  });
});

describe("password", () => {
  it("accepts a password of exactly 8 characters and refuses 7", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(isPassword("abcdefgh")).toBe(true);
    expect(isPassword("abcdefg")).toBe(false);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(isPassword("😀😀😀😀")).toBe(false); // 8 UTF-16 units, 4 characters
    expect(isPassword("😀😀😀😀😀😀😀😀")).toBe(true);
  });

  it("refuses an empty or missing password", () => {
    expect(isPassword("")).toBe(false);
    expect(isPassword(undefined)).toBe(false);
    expect(isPassword(12345678)).toBe(false);
  });
});

describe("debt balance", () => {
  it("accepts zero and positive whole dollars", () => {
    expect(isNonNegativeInteger(0)).toBe(true);
    expect(isNonNegativeInteger(1)).toBe(true);
    expect(isNonNegativeInteger(250_000)).toBe(true);
    expect(isNonNegativeInteger(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it("refuses negative and non-integer balances", () => {
    expect(isNonNegativeInteger(-1)).toBe(false);
    expect(isNonNegativeInteger(0.5)).toBe(false);
    expect(isNonNegativeInteger(1234.01)).toBe(false);
  });

  it("refuses what is not a finite number", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, "5", null, undefined, true]) {
      expect(isNonNegativeInteger(value), String(value)).toBe(false);
    }
  });
});

describe("generic text", () => {
  it("accepts 1 to 512 characters", () => {
    expect(TEXT_MAX_LENGTH).toBe(512);
    expect(isText("a")).toBe(true);
    expect(isText("x".repeat(512))).toBe(true);
    expect(isText("Acme Home Loans, Inc.")).toBe(true);
  });

  it("refuses an empty text and one of 513 characters", () => {
    expect(isText("")).toBe(false);
    expect(isText("x".repeat(513))).toBe(false);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(isText("😀".repeat(512))).toBe(true);
    expect(isText("😀".repeat(513))).toBe(false);
  });

  it("refuses untrimmed text", () => {
    for (const text of [" a", "a ", "\ta", "a\n", "\u00a0a", "   "])
      expect(isText(text), JSON.stringify(text)).toBe(false);
    expect(isText("a b")).toBe(true);
  });

  it("refuses what is not a string", () => {
    expect(isText(null)).toBe(false);
    expect(isText(5)).toBe(false);
  });

  it("trims text before it is stored", () => {
    expect(normalizeText("  Acme Inc \n")).toBe("Acme Inc");
    expect(normalizeText("   ")).toBe("");
    expect(normalizeText(undefined)).toBe("");
    expect(isText(normalizeText(" a"))).toBe(true);
  });
});

describe("fraction", () => {
  it("accepts 0 up to but below 1", () => {
    expect(isFraction(0)).toBe(true);
    expect(isFraction(0.25)).toBe(true);
    expect(isFraction(0.999)).toBe(true);
  });

  it("refuses 1 and anything outside [0, 1)", () => {
    expect(isFraction(1)).toBe(false);
    expect(isFraction(-0.001)).toBe(false);
    expect(isFraction(25)).toBe(false);
    expect(isFraction(Number.NaN)).toBe(false);
    expect(isFraction("0.5")).toBe(false);
  });
});

describe("phone digits", () => {
  it("accepts 10 digits of a North American number", () => {
    expect(isPhoneDigits("3035550142")).toBe(true);
  });

  it("refuses 9 or 11 digits and formatted numbers", () => {
    for (const phone of ["555123456", "15551234567", "(555) 123-4567", "555-123-4567", "555123456a", ""]) {
      expect(isPhoneDigits(phone), phone).toBe(false);
    }
    expect(isPhoneDigits(5551234567)).toBe(false);
  });
});

describe("SSN digits", () => {
  it("accepts 9 digits the SSA could issue", () => {
    for (const ssn of ["123456789", "001010001", "665999999", "667010001", "899999999"])
      expect(isSsnDigits(ssn), ssn).toBe(true);
  });

  it("refuses area numbers 000, 666 and 900 to 999", () => {
    for (const ssn of ["000123456", "666123456", "900123456", "987654321", "999999999"])
      expect(isSsnDigits(ssn), ssn).toBe(false);
  });

  it("refuses group 00 and serial 0000", () => {
    expect(isSsnDigits("123006789")).toBe(false);
    expect(isSsnDigits("123450000")).toBe(false);
    expect(isSsnDigits("123010001")).toBe(true);
  });

  it("refuses anything but 9 digits", () => {
    for (const ssn of ["12345678", "1234567890", "123-45-6789", "*** - ** - 6789", ""])
      expect(isSsnDigits(ssn), ssn).toBe(false);
    expect(isSsnDigits(123456789)).toBe(false);
  });
});

describe("ZIP code", () => {
  it("accepts 5 digits or ZIP+4", () => {
    expect(isZip("02134")).toBe(true);
    expect(isZip("02134-1234")).toBe(true);
  });

  it("refuses other shapes", () => {
    for (const zip of [
      "2134",
      "021345",
      "02134-123",
      "02134-12345",
      "021341234",
      "02134 1234",
      "0213a",
      " 02134",
      "",
    ]) {
      expect(isZip(zip), zip).toBe(false);
    }
    expect(isZip(2134)).toBe(false);
  });
});

describe("ISO date", () => {
  it("accepts real yyyy-MM-dd calendar dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("02/29/2024")).toBe(false);
  });
});

describe("formats table for ajv", () => {
  it("registers exactly email, date, phone, ssn and zip", () => {
    expect(Object.keys(formats).sort()).toEqual(["date", "email", "phone", "ssn", "zip"]);
  });

  it("applies the same rules as the predicates", () => {
    const cases: Record<string, [string, boolean][]> = {
      email: [
        ["ann@example.com", true],
        ["ann@localhost", false],
      ],
      date: [
        ["2024-02-29", true],
        ["2023-02-29", false],
        ["2024-2-29", false],
      ],
      phone: [
        ["3035550142", true],
        ["(303) 555-0142", false],
        ["0000000000", false],
      ],
      ssn: [
        ["123456789", true],
        ["666123456", false],
        ["123-45-6789", false],
      ],
      zip: [
        ["02134-1234", true],
        ["2134", false],
      ],
    };
    for (const [name, examples] of Object.entries(cases)) {
      const validate = formats[name];
      expect(validate, name).toBeTypeOf("function");
      for (const [value, valid] of examples) expect(validate?.(value), `${name}: ${value}`).toBe(valid);
    }
  });
});
