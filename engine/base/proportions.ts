// Comparing conversion rates: a proportion's 95% interval (Wilson score, which stays inside
// [0, 1] and behaves for small counts and rates near 0 or 1, unlike the normal approximation) and
// whether two proportions differ (the pooled two-proportion z-test, or Fisher's exact test when an
// expected count is below 5, where the z-test's normal approximation does not hold). Pure.

/** The normal quantile of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of `successes` out of `trials` (null with no trials). */
export function wilson(successes: number, trials: number, z = Z95): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** erfc(x), W. J. Cody's rational approximation as in Numerical Recipes (erfcc: relative error under 1.2e-7). */
function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? y : 2 - y;
}

/** Pooled two-proportion z-test: z of rate 1 minus rate 2, and its two-sided p-value. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return { z: 0, p: 1 }; // every journey converted, or none: no difference to see
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials[k] = logFactorials[k - 1]! + Math.log(k);
  return logFactorials[n]!;
}

/**
 * Fisher's exact test of the 2×2 table [[a, b], [c, d]] (rows: arms; columns: converted, not):
 * the two-sided p-value, summing every table with the same margins no likelier than this one.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  const logP = (k: number) =>
    logFactorial(row1) +
    logFactorial(row2) +
    logFactorial(col1) +
    logFactorial(n - col1) -
    logFactorial(n) -
    logFactorial(k) -
    logFactorial(row1 - k) -
    logFactorial(col1 - k) -
    logFactorial(row2 - col1 + k);
  const observed = logP(a);
  let p = 0;
  for (let k = Math.max(0, col1 - row2); k <= Math.min(row1, col1); k++) {
    const lp = logP(k);
    if (lp <= observed + 1e-7) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

export interface Comparison {
  test: "z" | "fisher";
  /** Two-sided p-value of "the two rates are the same". */
  p: number;
  /** p below 0.05: the difference is significant at the 95% level. */
  significant: boolean;
}

/** Whether x1/n1 and x2/n2 differ: Fisher's exact test when an expected count is under 5, else the z-test (null without journeys in both). */
export function compareProportions(x1: number, n1: number, x2: number, n2: number): Comparison | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const rate = (x1 + x2) / (n1 + n2);
  const expected = [n1 * rate, n1 * (1 - rate), n2 * rate, n2 * (1 - rate)];
  const test = expected.some((e) => e < 5) ? "fisher" : "z";
  const p = test === "fisher" ? fisherExact(x1, n1 - x1, x2, n2 - x2) : twoProportionZ(x1, n1, x2, n2).p;
  return { test, p, significant: p < 0.05 };
}
