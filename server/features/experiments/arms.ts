// The wording experiments' arms of a reader (rules/experiments.json, engine/funnel/experiments.ts):
// drawn once per account and experiment, the first time the account reads a step of the
// experiment's flow while it runs, and stored (experiment_assignments), so a reload and another
// device after sign-in show the same arm, and a later change of the weights moves nobody. The draw
// is a hash of the experiment and the account, so it is the same on every server and every try. A
// guest's account is the account that signs up: the arm carries over. A visitor without an
// account, a reader of a language the experiment does not take, and everyone outside its window
// are in no arm and read the step's own wording.
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Definitions } from "@engine/definitions/definitions";
import { armAt, inFlowOf, runningFor, type Assigned, type Experiment } from "@engine/funnel/experiments";
import { experimentAssignments } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

/** The account's point in [0, 1) for an experiment: the first 52 bits of SHA-256 of both ids. */
export function assignmentPoint(experimentId: string, userId: string): number {
  const hex = createHash("sha256").update(`${experimentId}\u0000${userId}`, "utf8").digest("hex");
  return parseInt(hex.slice(0, 13), 16) / 2 ** 52;
}

type ArmServices = Pick<Services, "db" | "defs" | "now" | "config">;

/** The experiments running now for readers of `locale` on this server. */
export function runningNow(services: ArmServices, locale: string): Experiment[] {
  const demo = services.config.demo === true && !services.config.production;
  return runningFor(services.defs, locale, { now: services.now(), demo });
}

/**
 * The arms of `userId` in the experiments running for their language. With `at` (the step the
 * reader is on), an experiment whose flow has that step and no arm of theirs yet draws one and
 * stores it; without, only stored arms count (an analytics event, a save).
 */
export async function readerArms(
  services: ArmServices,
  userId: string | null,
  locale: string,
  at?: { stepId: string | null },
): Promise<Assigned[]> {
  if (!userId) return [];
  const running = runningNow(services, locale);
  if (!running.length) return [];
  const ids = running.map((e) => e.id);
  const read = () =>
    services.db
      .select({ experiment: experimentAssignments.experimentId, arm: experimentAssignments.arm })
      .from(experimentAssignments)
      .where(and(eq(experimentAssignments.userId, userId), inArray(experimentAssignments.experimentId, ids)));
  let stored = await read();
  const stepId = at?.stepId;
  const due = stepId
    ? running.filter((e) => !stored.some((s) => s.experiment === e.id) && inFlowOf(services.defs, e, stepId))
    : [];
  if (due.length) {
    await services.db
      .insert(experimentAssignments)
      .values(
        due.map((e) => ({
          userId,
          experimentId: e.id,
          arm: armAt(e, assignmentPoint(e.id, userId)).id,
          assignedAt: services.now(),
        })),
      )
      .onConflictDoNothing();
    stored = await read(); // another request may have stored it first: the stored arm is the arm
  }
  // An arm product ops has since removed is no arm: the reader reads the step's own wording.
  return stored.filter((s) =>
    running.some((e) => e.id === s.experiment && e.arms.some((a) => a.id === s.arm)),
  );
}

/** The arms of experiments whose flow has `stepId`, as an analytics event records them ({experiment: arm}), or null. */
export function armsOfStep(defs: Definitions, arms: readonly Assigned[], stepId: string): string | null {
  const byId = new Map(
    (defs.params.experiments?.experiments as Experiment[] | undefined)?.map((e) => [e.id, e]),
  );
  const of = arms.filter((a) => {
    const experiment = byId.get(a.experiment);
    return experiment !== undefined && inFlowOf(defs, experiment, stepId);
  });
  return of.length ? JSON.stringify(Object.fromEntries(of.map((a) => [a.experiment, a.arm]))) : null;
}
