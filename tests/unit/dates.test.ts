// engine/base/dates.ts: calendar dates as yyyy-MM-dd text in UTC.
import { describe, expect, it } from "vitest";
import { addMonths, toIsoDate, todayIso } from "@engine/base/dates";

describe("toIsoDate", () => {
  it("gives the UTC day of each moment, asked in any order across midnight", () => {
    const moments: [string, string][] = [
      ["2026-11-27T23:59:59.999Z", "2026-11-27"],
      ["2026-11-28T00:00:00.000Z", "2026-11-28"],
      ["2026-11-27T00:00:00.000Z", "2026-11-27"],
      ["2026-11-27T12:00:00.000Z", "2026-11-27"],
      ["1969-12-31T23:59:59.999Z", "1969-12-31"],
      ["1970-01-01T00:00:00.000Z", "1970-01-01"],
      ["2024-02-29T18:30:00.000Z", "2024-02-29"],
    ];
    for (const [moment, day] of moments) expect(toIsoDate(new Date(moment)), moment).toBe(day);
    expect(todayIso(new Date("2026-11-28T00:00:00.000Z"))).toBe("2026-11-28");
  });

  it("refuses a date that is not one, as toISOString does", () => {
    expect(() => toIsoDate(new Date("not a date"))).toThrow(RangeError);
  });

  it("clamps a month added to the 31st to the month's end", () => {
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
  });
});
