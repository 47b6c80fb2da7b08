// Timing a synchronous operation: warm up (so the JIT has compiled it), then count operations in a
// few fixed-length rounds and keep the median round, which a stray GC pause or a busy neighbour on
// a shared machine moves least. Beside the wall clock, the CPU time the process spent per operation:
// on a machine whose other users keep its cores busy, that is the figure waiting does not inflate.
import { readFileSync } from "node:fs";

/** On-CPU time of the calling thread in µs (Linux's schedstat), or null where there is none. */
export function threadCpuUs(): number | null {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1000;
  } catch {
    return null;
  }
}

export interface Throughput {
  opsPerSec: number;
  usPerOp: number;
  /** Median over the rounds of the process's CPU time (user + system) per operation. */
  cpuUsPerOp: number;
  rounds: number[];
}

export function throughput(op: () => void, { warmupMs = 500, roundMs = 1000, rounds = 5 } = {}): Throughput {
  const until = (ms: number) => performance.now() + ms;
  for (const end = until(warmupMs); performance.now() < end;) op();
  const rates: number[] = [];
  const cpuPerOp: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let count = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const end = started + roundMs;
    // Check the clock every 8 operations: cheap next to any operation worth measuring.
    do {
      for (let i = 0; i < 8; i++) op();
      count += 8;
    } while (performance.now() < end);
    rates.push((count * 1000) / (performance.now() - started));
    const spent = process.cpuUsage(cpu);
    cpuPerOp.push((spent.user + spent.system) / count);
  }
  const opsPerSec = median(rates);
  return { opsPerSec, usPerOp: 1e6 / opsPerSec, cpuUsPerOp: median(cpuPerOp), rounds: rates };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** 12 345 → "12,345"; 0.1234 → "0.12". */
export const fmt = (n: number, digits = n >= 100 ? 0 : n >= 10 ? 1 : 2): string =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A plain text table: the first row is the header, columns are padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ");
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}
