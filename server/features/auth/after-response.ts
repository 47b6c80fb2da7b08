// Work a handler starts after its answer is sent: mailing a sign-in code, so the answer takes the
// same time whether or not a code goes out. A failure is logged by name (never the address); tests
// wait for the work with settled().
import { errorKind, type Log } from "@server/platform/observability/log";

export function afterResponse(label: string, log: Pick<Log, "error">) {
  const running = new Set<Promise<void>>();
  return {
    later(work: () => Promise<void>): void {
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) =>
          log.error({ err: errorKind(error) }, `${label}: work after the answer failed`),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    /** Resolves once every piece of work started so far has finished. */
    async settled(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
