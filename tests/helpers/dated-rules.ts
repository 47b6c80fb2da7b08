// Rule sets as they might be written to change on a date, for tests that hold a rule set's day to
// the server's clock, never the machine's: the machine's day is long past 1 January 2000.
import type { Definitions } from "@engine/definitions/definitions";

/** The first day the dated rule sets decide otherwise. */
export const CHANGE_DAY = "2000-01-01";
const before = { "<": [{ var: "today" }, CHANGE_DAY] };

/**
 * `defs` with pricing making no offer from CHANGE_DAY on (as if the home were listed for sale), and
 * the appraisal notice (its appliesWhen, payoff.valuationNoticeDue) given only before it.
 */
export function datedRuleSets<D extends Definitions>(defs: D): D {
  const { ruleSets } = defs;
  const payoff = ruleSets.get("payoff")!;
  const pricing = ruleSets.get("pricing")!;
  return {
    ...defs,
    ruleSets: new Map(ruleSets)
      .set("payoff", {
        ...payoff,
        def: {
          ...payoff.def,
          rules: (payoff.def.rules ?? []).map((r) =>
            r.output === "valuationNoticeDue" ? { ...r, value: before } : r,
          ),
        },
      })
      .set("pricing", {
        ...pricing,
        def: {
          ...pricing.def,
          rules: [
            {
              id: "pricing.from-2000",
              description: `No offer from ${CHANGE_DAY} on.`,
              when: { "!": before },
              output: "quote",
              emit: {
                eligible: false,
                route: "/app/ineligible/listed-for-sale",
                reasons: ["propertyListedForSale"],
              },
            },
            ...(pricing.def.rules ?? []),
          ],
        },
      }),
  };
}
