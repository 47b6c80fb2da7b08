// Spent bot-check tokens, held in memory until they expire (one server process; a shared store
// would implement the same SpentTokens interface).
import type { SpentTokens } from "./types";

export interface MemorySpentTokens extends SpentTokens {
  spend(id: string, expiresAt: Date): boolean;
  readonly size: number;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemorySpentTokens({
  maxEntries = 100_000,
  now = Date.now,
}: { maxEntries?: number; now?: () => number } = {}): MemorySpentTokens {
  const spent = new Map<string, number>(); // id → expiry in ms, oldest insertion first
  let nextSweep = now() + SWEEP_EVERY_MS;

  return {
    get size() {
      return spent.size;
    },
    spend(id, expiresAt) {
      const at = now();
      if (at >= nextSweep) {
        for (const [key, expires] of spent) if (expires <= at) spent.delete(key);
        nextSweep = at + SWEEP_EVERY_MS;
      }
      const known = spent.get(id);
      if (known !== undefined && known > at) return false;
      spent.delete(id);
      // Full: forget the oldest. Replaying it would first take maxEntries freshly solved tokens
      // to push it out, more work than the replay saves.
      if (spent.size >= maxEntries) spent.delete(spent.keys().next().value!);
      spent.set(id, expiresAt.getTime());
      return true;
    },
  };
}
