// The next page's answers, fetched the moment a save returns: beside the session's update and
// the change of page, instead of after them. The next step's screen takes the answer in flight
// as its first fetch (spec §7's fresh fetch on mount: it was asked for after the save, so it is
// as fresh); nothing is kept beyond that one handover.
import { trpcClient } from "@web/src/api/trpc";

export type StepPage = Awaited<ReturnType<typeof trpcClient.step.get.query>>;

const inFlight = new Map<string, Promise<StepPage>>();

/** Starts fetching a step's page data now, for the screen about to show it. */
export function fetchAhead(stepId: string): void {
  const page = trpcClient.step.get.query({ stepId });
  page.catch(() => undefined); // the screen's own fetch reports a failure
  inFlight.clear(); // only the page about to open is worth keeping
  inFlight.set(stepId, page);
}

/** The fetch started for this step, handed over once; else a fresh one. */
export function takeOrFetch(stepId: string): Promise<StepPage> {
  const page = inFlight.get(stepId);
  inFlight.delete(stepId);
  return page ?? trpcClient.step.get.query({ stepId });
}
