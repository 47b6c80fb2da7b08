// Lighthouse's mobile profile slows the CPU fourfold, a factor made for a high-end desktop host: on a
// slower host it simulates a slower phone than the profile means, and Lighthouse says to calibrate
// (docs/throttling.md, "Calibrating the CPU slowdown"). This is that calibration, from its
// benchmarkIndex (lhr.environment.benchmarkIndex), for bench/web.ts.

/** Lighthouse's default mobile CPU slowdown, made for a high-end desktop host (docs/throttling.md). */
export const DEFAULT_CPU_SLOWDOWN = 4;
/** Below this benchmarkIndex Lighthouse itself warns that the host is too slow for its default slowdown (core/gather/driver/environment.js). */
export const SLOW_HOST_INDEX = 1000;
/**
 * The slowdown that makes this host a mid-tier phone, from Lighthouse's documented calibration
 * (docs/throttling.md, "Calibrating the CPU slowdown", and the calculator it links): a
 * benchmarkIndex of 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4×, 2,000 → 6×, straight between them.
 */
const CALIBRATION: [index: number, slowdown: number][] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
  [2000, 6],
];
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex <= CALIBRATION[0]![0]) return CALIBRATION[0]![1];
  // The segment the index falls in; past the last point, the last segment's line goes on.
  const upper = CALIBRATION.findIndex(([index]) => benchmarkIndex <= index);
  const [x0, y0] = CALIBRATION[(upper < 0 ? CALIBRATION.length - 1 : upper) - 1]!;
  const [x1, y1] = CALIBRATION[upper < 0 ? CALIBRATION.length - 1 : upper]!;
  return y0 + ((benchmarkIndex - x0) * (y1 - y0)) / (x1 - x0);
}
