// Work the server does on its own clock rather than at a request: each sweep finds what has come
// due (an early decline left unconfirmed past its days, …) and does it. They run one after the
// other every `everyMs` (SWEEP_EVERY_MS), never two rounds at once, and never keep the process
// alive; a failure is logged by its name (no personal data) and the next round tries again.
// Several servers on one database may sweep together: each sweep's writes are revision-checked,
// so a second server finds the work done. Tests run a round with `runNow`, on the injected clock.
import type { Log } from "../observability/log";

export interface Sweep {
  name: string;
  /** Does what is due now; answers how many things it did. */
  run(): Promise<number>;
}

export interface Sweeps {
  /** One round of every sweep, now (waits for a round already under way first). */
  runNow(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export function startSweeps(sweeps: Sweep[], everyMs: number, log: Log): Sweeps {
  let running: Promise<Record<string, number>> | null = null;
  let stopped = false;
  const round = async () => {
    const done: Record<string, number> = {};
    log.debug("sweep round");
    for (const sweep of sweeps) {
      if (stopped) break;
      try {
        done[sweep.name] = await sweep.run();
        if (done[sweep.name]) log.info({ sweep: sweep.name, done: done[sweep.name] }, "sweep");
      } catch (error) {
        log.error({ sweep: sweep.name, error: (error as Error).name }, "sweep failed");
      }
    }
    return done;
  };
  const runNow = async () => {
    while (running) await running.catch(() => undefined);
    running = round();
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  const timer = everyMs > 0 ? setInterval(() => void (running ?? runNow()), everyMs) : null;
  timer?.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
