// The web bench measures Lighthouse again with the CPU slowdown calibrated to a slow host, as
// Lighthouse's docs/throttling.md says to: the slowdown must be the one its calibration gives.
import { describe, expect, it } from "vitest";
// eslint-disable-next-line no-restricted-imports -- bench/ has no path alias; this is its one pure helper under test
import { calibratedSlowdown, DEFAULT_CPU_SLOWDOWN } from "../../bench/lighthouse-calibration";

describe("the Lighthouse CPU slowdown calibrated to the host", () => {
  it("is the default fourfold on the host the default is made for (benchmarkIndex 1,533)", () => {
    expect(calibratedSlowdown(1533)).toBe(DEFAULT_CPU_SLOWDOWN);
  });

  it("gives each documented point its slowdown, and lies straight between them", () => {
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(2000)).toBeCloseTo(6, 10);
    expect(calibratedSlowdown(475)).toBeCloseTo(1.5, 10);
    expect(calibratedSlowdown(1050)).toBeCloseTo(2.5, 10);
  });

  it("never slows a very slow host below 1×, and goes on past the fastest point", () => {
    expect(calibratedSlowdown(100)).toBe(1);
    expect(calibratedSlowdown(150)).toBe(1);
    expect(calibratedSlowdown(2233)).toBeCloseTo(7, 1);
  });
});
