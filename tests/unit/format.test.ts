import { afterEach, describe, expect, it } from "vitest";
import {
  formatCurrency,
  formatDate,
  formatMoment,
  formatNumber,
  currentDisplayLocale,
  setDisplayLocale,
  formatMonthYear,
  formatPercent,
  formatPhone,
  formatSsn,
  maskSsn,
  normalizePhone,
  normalizeSsn,
  parseCurrency,
  parseDateInput,
  parseMonthYearInput,
} from "@engine/base/format";

describe("formatCurrency", () => {
  it("shows whole US dollars with thousands separators", () => {
    expect(formatCurrency(1234)).toBe("$1,234");
    expect(formatCurrency(0)).toBe("$0");
    expect(formatCurrency(1_250_000)).toBe("$1,250,000");
  });

  it("rounds to whole dollars unless cents are asked for", () => {
    expect(formatCurrency(1234.4)).toBe("$1,234");
    expect(formatCurrency(1234.5)).toBe("$1,235");
    expect(formatCurrency(1234.5, { cents: true })).toBe("$1,234.50");
    expect(formatCurrency(1234, { cents: true })).toBe("$1,234.00");
  });

  it("puts the minus sign before the dollar sign", () => {
    expect(formatCurrency(-1234)).toBe("-$1,234");
    expect(formatCurrency(-1234.5, { cents: true })).toBe("-$1,234.50");
  });

  it("never shows a negative zero", () => {
    expect(formatCurrency(-0.4)).toBe("$0");
    expect(formatCurrency(-0)).toBe("$0");
  });

  it("shows nothing for a missing or unreadable amount", () => {
    expect(formatCurrency(null)).toBe("");
    expect(formatCurrency(undefined)).toBe("");
    expect(formatCurrency(Number.NaN)).toBe("");
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe("");
    expect(formatCurrency("12" as unknown as number)).toBe("");
  });
});

describe("parseCurrency", () => {
  it("reads dollars with or without the sign, separators and cents", () => {
    expect(parseCurrency("$1,234")).toBe(1234);
    expect(parseCurrency("1234")).toBe(1234);
    expect(parseCurrency(" 1,234.00 ")).toBe(1234);
    expect(parseCurrency("$1,234.50")).toBe(1234.5);
    expect(parseCurrency("1,234,567")).toBe(1_234_567);
    expect(parseCurrency("0")).toBe(0);
    expect(parseCurrency(".5")).toBe(0.5);
    expect(parseCurrency("1234.")).toBe(1234);
  });

  it("reads a negative amount with the minus before or after the dollar sign", () => {
    expect(parseCurrency("-$1,234")).toBe(-1234);
    expect(parseCurrency("$-1,234")).toBe(-1234);
    expect(parseCurrency("-0")).toBe(0);
    expect(Object.is(parseCurrency("-0"), -0)).toBe(false);
  });

  it("round-trips what formatCurrency shows", () => {
    for (const n of [0, 7, 1234, -1234, 98_765_432]) expect(parseCurrency(formatCurrency(n))).toBe(n);
    expect(parseCurrency(formatCurrency(1234.5, { cents: true }))).toBe(1234.5);
  });

  it("refuses anything that is not an amount", () => {
    for (const text of [
      "",
      "  ",
      "$",
      "-",
      ".",
      "abc",
      "12a",
      "1,23",
      "12,34,567",
      "1234,567",
      "1.234",
      "--1",
      "-$-1",
      "$$1",
      "1 234",
      "1e3",
    ]) {
      expect(parseCurrency(text), text).toBeNull();
    }
    expect(parseCurrency(null)).toBeNull();
    expect(parseCurrency(undefined)).toBeNull();
    expect(parseCurrency(1234 as unknown as string)).toBeNull();
  });
});

describe("formatPercent", () => {
  it("multiplies percentages below 1 by 100", () => {
    expect(formatPercent(0.25)).toBe("25%");
    expect(formatPercent(0.125)).toBe("12.5%");
    expect(formatPercent(0.999)).toBe("99.9%");
    expect(formatPercent(0.07)).toBe("7%");
  });

  it("takes values of 1 and more as percentages already (the spec's quirk: 1 is 1%, not 100%)", () => {
    expect(formatPercent(1)).toBe("1%");
    expect(formatPercent(25)).toBe("25%");
    expect(formatPercent(12.5)).toBe("12.5%");
    expect(formatPercent(100)).toBe("100%");
  });

  it("shows zero as 0%", () => {
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(-0)).toBe("0%");
  });

  it("reads 'below 1' literally for negative values", () => {
    expect(formatPercent(-0.5)).toBe("-50%");
  });

  it("keeps up to 3 decimals by default and trims trailing zeros", () => {
    expect(formatPercent(0.123456)).toBe("12.346%");
    expect(formatPercent(7.25)).toBe("7.25%");
    expect(formatPercent(7.5)).toBe("7.5%");
    expect(formatPercent(7.0001)).toBe("7%");
  });

  it("honours a chosen number of decimals", () => {
    expect(formatPercent(0.123456, { decimals: 1 })).toBe("12.3%");
    expect(formatPercent(0.125, { decimals: 0 })).toBe("13%");
    expect(formatPercent(7.123456789, { decimals: 5 })).toBe("7.12346%");
    expect(formatPercent(7.25, { decimals: -2 })).toBe("7%");
  });

  it("shows nothing for a missing or unreadable value", () => {
    expect(formatPercent(null)).toBe("");
    expect(formatPercent(undefined)).toBe("");
    expect(formatPercent(Number.NaN)).toBe("");
    expect(formatPercent(Number.NEGATIVE_INFINITY)).toBe("");
  });
});

describe("phone", () => {
  it("shows 10 digits as (XXX) XXX-XXXX", () => {
    expect(formatPhone("5551234567")).toBe("(555) 123-4567");
  });

  it("accepts punctuation and a +1 or 1 country code", () => {
    expect(formatPhone("555-123-4567")).toBe("(555) 123-4567");
    expect(formatPhone("(555) 123-4567")).toBe("(555) 123-4567");
    expect(formatPhone("555.123.4567")).toBe("(555) 123-4567");
    expect(formatPhone("+1 555 123 4567")).toBe("(555) 123-4567");
    expect(formatPhone("15551234567")).toBe("(555) 123-4567");
  });

  it("returns anything that is not 10 digits unchanged", () => {
    expect(formatPhone("555123456")).toBe("555123456");
    expect(formatPhone("555 123 45678")).toBe("555 123 45678");
    expect(formatPhone("25551234567")).toBe("25551234567");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("call 5551234567")).toBe("call 5551234567");
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone(undefined)).toBe("");
  });

  it("normalizes to the 10 stored digits or null", () => {
    expect(normalizePhone("+1 (555) 123-4567")).toBe("5551234567");
    expect(normalizePhone(" 555 123 4567 ")).toBe("5551234567");
    expect(normalizePhone("1-555-123-4567")).toBe("5551234567");
    expect(normalizePhone("555123456")).toBeNull();
    expect(normalizePhone("55512345678")).toBeNull();
    expect(normalizePhone("555-123-456x")).toBeNull();
    expect(normalizePhone("")).toBeNull();
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(5551234567 as unknown as string)).toBeNull();
  });
});

describe("SSN", () => {
  it("shows 9 digits as XXX-XX-XXXX", () => {
    expect(formatSsn("123456789")).toBe("123-45-6789");
    expect(formatSsn("123-45-6789")).toBe("123-45-6789");
    expect(formatSsn("123 45 6789")).toBe("123-45-6789");
  });

  it("returns anything that is not 9 digits unchanged", () => {
    expect(formatSsn("12345678")).toBe("12345678");
    expect(formatSsn("1234567890")).toBe("1234567890");
    expect(formatSsn("123-45-678x")).toBe("123-45-678x");
    expect(formatSsn(null)).toBe("");
  });

  it("masks an SSN as *** - ** - last4", () => {
    expect(maskSsn("123456789")).toBe("*** - ** - 6789");
    expect(maskSsn("123-45-6789")).toBe("*** - ** - 6789");
  });

  it("leaves an already-masked SSN as it is", () => {
    expect(maskSsn("*** - ** - 6789")).toBe("*** - ** - 6789");
  });

  it("never echoes digits it cannot mask", () => {
    expect(maskSsn("12345678")).toBe("");
    expect(maskSsn("1234567890")).toBe("");
    expect(maskSsn("***-**-6789")).toBe("");
    expect(maskSsn(null)).toBe("");
    expect(maskSsn(undefined)).toBe("");
  });

  it("normalizes to the 9 stored digits or null", () => {
    expect(normalizeSsn("123-45-6789")).toBe("123456789");
    expect(normalizeSsn(" 123 45 6789 ")).toBe("123456789");
    expect(normalizeSsn("12345678")).toBeNull();
    expect(normalizeSsn("1234567890")).toBeNull();
    expect(normalizeSsn("123.45.6789")).toBeNull();
    expect(normalizeSsn("*** - ** - 6789")).toBeNull();
    expect(normalizeSsn(null)).toBeNull();
  });
});

describe("dates", () => {
  it("shows yyyy-MM-dd as MM/DD/YYYY", () => {
    expect(formatDate("2024-02-29")).toBe("02/29/2024");
    expect(formatDate("1999-12-31")).toBe("12/31/1999");
  });

  it("returns a date it cannot read unchanged", () => {
    expect(formatDate("2023-02-29")).toBe("2023-02-29");
    expect(formatDate("02/29/2024")).toBe("02/29/2024");
    expect(formatDate("")).toBe("");
    expect(formatDate(null)).toBe("");
  });

  it("reads MM/DD/YYYY and M/D/YY", () => {
    expect(parseDateInput("03/15/2024")).toBe("2024-03-15");
    expect(parseDateInput("3/5/2024")).toBe("2024-03-05");
    expect(parseDateInput(" 12/31/1999 ")).toBe("1999-12-31");
  });

  it("expands a two-digit year to 20YY", () => {
    expect(parseDateInput("3/5/24")).toBe("2024-03-05");
    expect(parseDateInput("01/01/00")).toBe("2000-01-01");
    expect(parseDateInput("1/1/85")).toBe("2085-01-01");
  });

  it("refuses 02/29/2023 but accepts 02/29/2024", () => {
    expect(parseDateInput("02/29/2023")).toBeNull();
    expect(parseDateInput("02/29/2024")).toBe("2024-02-29");
    expect(parseDateInput("2/29/23")).toBeNull();
    expect(parseDateInput("2/29/24")).toBe("2024-02-29");
  });

  it("refuses impossible dates and other shapes", () => {
    for (const text of [
      "02/30/2024",
      "04/31/2024",
      "13/01/2024",
      "00/10/2024",
      "01/00/2024",
      "01/32/2024",
      "1/1/024",
      "1/1/20245",
      "001/1/2024",
      "1-1-2024",
      "2024/01/01",
      "",
      "today",
      "01/01/0000",
    ]) {
      expect(parseDateInput(text), text).toBeNull();
    }
    expect(parseDateInput(null)).toBeNull();
    expect(parseDateInput(20240101 as unknown as string)).toBeNull();
  });

  it("accepts a date already in yyyy-MM-dd", () => {
    expect(parseDateInput("2024-02-29")).toBe("2024-02-29");
    expect(parseDateInput("2023-02-29")).toBeNull();
  });

  it("round-trips what formatDate shows", () => {
    for (const iso of ["2024-01-01", "2024-02-29", "1970-12-31"])
      expect(parseDateInput(formatDate(iso))).toBe(iso);
  });

  it("shows the month of a date as MM/YYYY", () => {
    expect(formatMonthYear("2024-03-15")).toBe("03/2024");
    expect(formatMonthYear("2024-12-01")).toBe("12/2024");
    expect(formatMonthYear("2024-13-01")).toBe("2024-13-01");
    expect(formatMonthYear(undefined)).toBe("");
  });

  it("reads MM/YYYY and MM/YY as the first of that month", () => {
    expect(parseMonthYearInput("03/2024")).toBe("2024-03-01");
    expect(parseMonthYearInput("3/2024")).toBe("2024-03-01");
    expect(parseMonthYearInput("12/99")).toBe("2099-12-01");
    expect(parseMonthYearInput(" 01/24 ")).toBe("2024-01-01");
    expect(parseMonthYearInput(formatMonthYear("2024-02-29"))).toBe("2024-02-01");
  });

  it("refuses a month-year that is not one", () => {
    for (const text of [
      "13/2024",
      "00/2024",
      "03/024",
      "03/20245",
      "2024-03",
      "03/15/2024",
      "",
      "March 2024",
    ]) {
      expect(parseMonthYearInput(text), text).toBeNull();
    }
    expect(parseMonthYearInput(null)).toBeNull();
  });
});

describe("formats in the page's language", () => {
  afterEach(() => setDisplayLocale("en-US"));

  it("writes a day and a number as Spanish (es-US) reads them once Español is chosen, US English otherwise", () => {
    const day = { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" } as const;
    expect(formatMoment("2026-10-14T00:00:00Z", day)).toBe("October 14, 2026");
    expect(formatNumber(1234567)).toBe("1,234,567");
    setDisplayLocale("es-US");
    expect(formatMoment("2026-10-14T00:00:00Z", day)).toBe("14 de octubre de 2026");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatCurrency(1234)).toBe("$1,234");
    expect(formatMoment("not a day", day)).toBe("not a day");
  });

  it("keeps US English for a language tag no formatter could read", () => {
    setDisplayLocale("es-US");
    setDisplayLocale("not a tag!");
    expect(currentDisplayLocale()).toBe("en-US");
    expect(formatCurrency(-1234.5, { cents: true })).toBe("-$1,234.50");
  });
});
