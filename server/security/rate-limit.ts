// Fixed-window counters per key (an email, an IP), in memory: one server process guards its own
// door. Old windows are dropped as new hits arrive, so the map stays small.
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt; `ok` false once the key is over its limit in the current window. */
  hit(key: string): { ok: true } | { ok: false; retryAfterMs: number };
  reset(key: string): void;
}

export function createRateLimiter({ limit, windowMs }: RateLimit, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (at: number) => {
    for (const [key, w] of windows) if (at - w.start >= windowMs) windows.delete(key);
  };
  return {
    hit(key) {
      const at = now();
      if (windows.size > 10_000) prune(at);
      let w = windows.get(key);
      if (!w || at - w.start >= windowMs) windows.set(key, (w = { start: at, count: 0 }));
      w.count += 1;
      return w.count <= limit ? { ok: true } : { ok: false, retryAfterMs: w.start + windowMs - at };
    },
    reset: (key) => void windows.delete(key),
  };
}
