// What a step's page waits for besides the answers and the validators: the Fluent components of
// the step's fields (engine/react/fluent-chunks.tsx), the notices' chunk when one shows, and the
// displays' when the step shows one. A failed load does not hold the page: a field whose part is
// missing shows a moment later.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { loadStepChunks, stepChunksLoaded } from "@engine/react";
import { displaysLoaded, loadDisplays, namesDisplay } from "./displays";

/** The notices' chunk, once in: the page waits for it before it shows a notice (a lazy component would show it a moment late). */
let noticesChunk: typeof import("./StepNotices") | null = null;
const loadNotices = () => import("./StepNotices").then((chunk) => (noticesChunk = chunk));

/** The notices' component, once its chunk is in. */
export const loadedNotices = () => noticesChunk?.default ?? null;

/** Whether everything the page shows is in. */
export function usePageChunks(defs: Definitions, step: Step, notices: boolean): boolean {
  // A step showing a display (the offer) waits for the displays' chunk: it never shows empty first.
  const shows = useMemo(() => namesDisplay(step.uiSchema), [step]);
  // Usually all in already (the first page loaded Input; a step of cards needs none): no turn to wait.
  const loadedNow =
    useMemo(() => stepChunksLoaded(step, bundleStepSchema(defs, step.id)), [defs, step]) &&
    (!notices || noticesChunk !== null) &&
    (!shows || displaysLoaded());
  const parts = useQuery({
    queryKey: ["fluent-chunks", step.id, notices, shows],
    queryFn: () =>
      Promise.all([
        loadStepChunks(step, bundleStepSchema(defs, step.id)),
        notices ? loadNotices() : null,
        shows ? loadDisplays() : null,
      ]).then(() => true),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    enabled: !loadedNow,
  });
  return loadedNow || !parts.isPending;
}
