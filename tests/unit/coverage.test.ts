import { describe, expect, it } from "vitest";
import { employmentCoverage } from "@engine/lending/employment-coverage";
import { addMonths, addYears, diffDays, parseIsoDate } from "@engine/base/dates";

const options = { windowYears: 2, gapDays: 31 };
const today = "2026-11-22";

describe("employment history coverage (spec §4)", () => {
  it("measures two years back from the first of the current month", () => {
    const c = employmentCoverage([], today, options);
    expect([c.windowStart, c.windowEnd]).toEqual(["2024-11-01", "2026-11-01"]);
  });

  it("proposes the first of the previous month after an open-ended latest entry", () => {
    expect(
      employmentCoverage([{ startDate: "2025-01-01", endDate: null }], today, options).nextStartDate,
    ).toBe("2026-10-01");
  });

  it("proposes the latest entry's end date after an ended latest entry, whatever order they were entered in", () => {
    const jobs = [
      { startDate: "2025-06-01", endDate: "2026-02-28" },
      { startDate: "2023-01-01", endDate: "2025-05-31" },
    ];
    expect(employmentCoverage(jobs, today, options).nextStartDate).toBe("2026-02-28");
  });

  it("proposes two years back when there are no entries", () => {
    expect(employmentCoverage([], "2026-01-31", options).nextStartDate).toBe("2024-01-01");
  });

  it("ignores entries without a valid start or ending before they start (the validator reports them)", () => {
    const c = employmentCoverage(
      [{ startDate: "2026-02-30" }, { startDate: "2020-01-01", endDate: "2019-01-01" }, null],
      today,
      options,
    );
    expect(c.missingPeriods).toEqual([
      { start: "2024-11-01", end: "2026-11-01", days: 730, kind: "noEmployment" },
    ]);
  });

  it("reports each gap over the limit separately", () => {
    const jobs = [
      { startDate: "2024-12-15", endDate: "2025-04-30" },
      { startDate: "2025-08-01", endDate: null },
    ];
    // 44 days before the first job, 93 days between the two.
    expect(employmentCoverage(jobs, today, options).missingPeriods.map((p) => [p.kind, p.days])).toEqual([
      ["beforeFirstJob", 44],
      ["betweenJobs", 93],
    ]);
    expect(
      employmentCoverage(jobs, today, { windowYears: 2, gapDays: 50 }).missingPeriods.map((p) => p.kind),
    ).toEqual(["betweenJobs"]);
  });

  it("follows the window and gap of its options (which come from rules/coverage.json)", () => {
    const jobs = [{ startDate: "2023-06-01", endDate: null }];
    expect(employmentCoverage(jobs, today, options).complete).toBe(true);
    expect(employmentCoverage(jobs, today, { windowYears: 4, gapDays: 31 }).complete).toBe(false);
  });

  it("refuses a missing today or bad options with a clear error", () => {
    expect(() => employmentCoverage([], "22/11/2026", options)).toThrow(/today must be a yyyy-MM-dd date/);
    expect(() => employmentCoverage([], today, { windowYears: 2 })).toThrow(/gapDays/);
  });
});

describe("UTC calendar dates", () => {
  it("refuses impossible dates and accepts leap days", () => {
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseIsoDate("2024-2-1")).toBeNull();
  });

  it("clamps month arithmetic to the month's end", () => {
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addYears("2024-02-29", -2)).toBe("2022-02-28");
    expect(addMonths("2026-01-15", -13)).toBe("2024-12-15");
  });

  it("counts days across a leap day", () => {
    expect(diffDays("2024-02-28", "2024-03-01")).toBe(2);
    expect(diffDays("2023-02-28", "2023-03-01")).toBe(1);
  });
});
