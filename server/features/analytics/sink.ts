// Where funnel events go (spec §1: "the signed-in identity is passed to support and analytics
// tools"): one adapter interface, and the built-in first-party store that writes funnel_events.
import type { FunnelEvent } from "@engine/generated/schema-types";
import type { Db } from "@server/persistence/db/client";
import { funnelEvents } from "@server/persistence/db/schema";

export type { FunnelEvent };

export interface AnalyticsSink {
  /**
   * Records a batch of events: all of them or, on failure, none. `partners`: the partner each
   * journey counts for (null: the house's), so each partner's staff read only their own funnel.
   */
  track(
    events: readonly FunnelEvent[],
    partners?: ReadonlyMap<string, string | null>,
    /** Each event's wording-experiment arms, by position ({experiment: arm} JSON; null: none). */
    arms?: readonly (string | null)[],
  ): Promise<void>;
  /**
   * Links an anonymous journey to a signed-in account, for a tool that keeps profiles (a
   * support desk, a vendor's analytics). Optional: a sink that keeps no identity leaves it out.
   */
  identify?(journeyId: string, identity: { userId: string }): void;
}

/**
 * The built-in sink: rows of funnel_events in our own database. It implements no identify, on
 * purpose: drop-off, time per step and conversion need only the journey id, and a table with no
 * user id cannot tell anyone who an applicant is.
 */
export function firstPartySink(db: Db, now: () => Date): AnalyticsSink {
  return {
    async track(events, partners, arms) {
      const at = now();
      const rows = events.map((e, i) => ({
        at,
        journeyId: e.journeyId,
        kind: e.kind,
        stepId: e.stepId,
        variant: e.variant ?? null,
        role: e.role ?? null,
        arms: arms?.[i] ?? null,
        durationMs: e.durationMs ?? null,
        partnerId: partners?.get(e.journeyId) ?? null,
      }));
      // One statement: a batch is stored whole or not at all.
      if (rows.length) await db.insert(funnelEvents).values(rows);
    },
  };
}
