// Both demo applications' paths through the funnel, in every variant: what the equivalence tests
// walk (a shortcut held to the work done afresh on every prefix of every path).
import { bundleStepSchema } from "@engine/definitions/bundle";
import type { Definitions } from "@engine/definitions/definitions";
import { mergeDocs } from "@engine/base/pointer";
import { sliceAnswers } from "@engine/form/answers";
import { entrySteps, plannedSteps } from "@engine/funnel/journey";
import { singleBorrower, twoBorrowers } from "./journeys";

/** Each demo application (made afresh by `make`), each variant (null: none), and its planned steps. */
export function* demoPaths(defs: Definitions, today: string) {
  for (const make of [singleBorrower, twoBorrowers])
    for (const variant of [
      null,
      ...[...defs.flows.values()].flatMap(({ def }) => def.variants.map((v) => v.id)),
    ]) {
      const planned = plannedSteps(defs, {
        application: make(),
        completed: [entrySteps(defs)[0]!],
        variant,
        today,
      });
      yield { make, variant, planned };
    }
}

/**
 * Each step's answers merged in turn along the demo paths: the document before the step (passed
 * through `keep`, e.g. frozen as a stored one is) and the step's answers. Variants share most of
 * their steps: each pair is given once.
 */
export function* demoPrefixes(
  defs: Definitions,
  today: string,
  keep: (doc: Record<string, unknown>) => Record<string, unknown> = (doc) => doc,
) {
  const seen = new Set<string>();
  for (const { make, variant, planned } of demoPaths(defs, today)) {
    const full = make();
    let before = keep({});
    for (const stepId of planned) {
      const answers = (sliceAnswers(bundleStepSchema(defs, stepId), full) ?? {}) as Record<string, unknown>;
      const key = JSON.stringify([before, answers]);
      if (!seen.has(key)) yield { label: `${make.name} ${String(variant)} ${stepId}`, before, answers };
      seen.add(key);
      before = keep(mergeDocs(before, answers) as Record<string, unknown>);
    }
  }
}
