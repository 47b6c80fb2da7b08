// The portal's experiment statistics (issue 41 item 5) against worked figures: Wilson intervals
// as the textbooks give them (Newcombe 1998; Agresti & Coull 1998), the pooled two-proportion
// z-test worked by hand, and Fisher's exact test on the tables of its standard examples.
import { describe, expect, it } from "vitest";
import { compareProportions, fisherExact, twoProportionZ, wilson } from "@engine/base/proportions";

describe("the 95% Wilson score interval", () => {
  it("of 8 conversions in 10 journeys is 49.0% to 94.3%", () => {
    const { low, high } = wilson(8, 10)!;
    expect(low).toBeCloseTo(0.49016, 5);
    expect(high).toBeCloseTo(0.94332, 5);
  });

  it("of none in 10 starts at 0 and reaches 27.8% (a normal interval would be [0, 0])", () => {
    const { low, high } = wilson(0, 10)!;
    expect(low).toBe(0);
    expect(high).toBeCloseTo(0.27753, 5);
  });

  it("of 45 in 100 is 35.6% to 54.8%, and of 120 in 1,000 is 10.1% to 14.2%", () => {
    expect(wilson(45, 100)!.low).toBeCloseTo(0.35615, 5);
    expect(wilson(45, 100)!.high).toBeCloseTo(0.54755, 5);
    expect(wilson(120, 1000)!.low).toBeCloseTo(0.1013, 4);
    expect(wilson(120, 1000)!.high).toBeCloseTo(0.14161, 4);
  });

  it("is none before anyone is counted", () => {
    expect(wilson(0, 0)).toBeNull();
  });
});

describe("the two-proportion z-test", () => {
  it("120 of 1,000 against 150 of 1,000: z = -1.963, p = 0.0496 (just significant)", () => {
    const { z, p } = twoProportionZ(120, 1000, 150, 1000);
    expect(z).toBeCloseTo(-1.96305, 4);
    expect(p).toBeCloseTo(0.04964, 4);
  });

  it("200 of 1,000 against 150 of 1,000: z = 2.942, p = 0.0033", () => {
    const { z, p } = twoProportionZ(200, 1000, 150, 1000);
    expect(z).toBeCloseTo(2.94245, 4);
    expect(p).toBeCloseTo(0.003256, 5);
  });

  it("every journey converted in both arms: no difference, p = 1", () => {
    expect(twoProportionZ(10, 10, 20, 20)).toEqual({ z: 0, p: 1 });
  });
});

describe("Fisher's exact test (two-sided)", () => {
  it("the lady tasting tea, 3 right of 4 each way: p = 0.486", () => {
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(0.485714, 6);
  });

  it("1 of 10 against 11 of 14: p = 0.00276", () => {
    expect(fisherExact(1, 9, 11, 3)).toBeCloseTo(0.0027595, 6);
  });

  it("7 of 10 against 2 of 10: p = 0.0698, not significant", () => {
    expect(fisherExact(7, 3, 2, 8)).toBeCloseTo(0.069779, 5);
  });
});

describe("comparing two arms", () => {
  it("uses Fisher's test when an expected count is under 5 (7/10 against 2/10)", () => {
    expect(compareProportions(7, 10, 2, 10)).toEqual({
      test: "fisher",
      p: expect.closeTo(0.069779, 5),
      significant: false,
    });
  });

  it("uses the z-test for large counts, and calls p under 0.05 significant", () => {
    expect(compareProportions(200, 1000, 150, 1000)).toEqual({
      test: "z",
      p: expect.closeTo(0.003256, 5),
      significant: true,
    });
    expect(compareProportions(45, 100, 50, 100)).toMatchObject({ test: "z", significant: false });
  });

  it("says nothing while an arm has no journeys", () => {
    expect(compareProportions(3, 10, 0, 0)).toBeNull();
  });
});
