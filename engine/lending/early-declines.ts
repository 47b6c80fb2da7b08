// Which declines of the funnel's pricing (rules/pricing.json) wait for the applicant to confirm the
// answer they rest on: a rule flagged `confirmFirst`. The flag is data; this module reads it, and
// says what npm run check refuses: the flag outside the pricing rules, or on a rule that is not a
// decline with a page to confirm it on (emit.reasons and emit.route).
import type { Definitions, Problem } from "../definitions/definitions";
import { escapeSegment } from "../base/pointer";

const PRICING = "pricing";

interface FlaggedRule {
  id?: string;
  emit?: Record<string, unknown>;
  confirmFirst?: unknown;
}

/** Whether the pricing rule `ruleId` declines only once the applicant confirms the answer. */
export function needsConfirmation(defs: Definitions, ruleId: string): boolean {
  const rules = (defs.ruleSets.get(PRICING)?.def.rules ?? []) as FlaggedRule[];
  return rules.find((r) => r.id === ruleId)?.confirmFirst === true;
}

/** The days after which the server issues a decline the applicant neither confirmed nor corrected. */
export function unconfirmedDeclineDays(defs: Pick<Definitions, "params">): number {
  const days = (defs.params[PRICING] as { unconfirmedDeclineDays?: unknown } | undefined)
    ?.unconfirmedDeclineDays;
  return typeof days === "number" ? days : NaN;
}

/**
 * Regulation B gives 30 days after adverse action is taken for its notice (12 CFR 1002.9(a)(1)):
 * a decline left unconfirmed is issued inside them, never on or after the 30th day.
 */
const LAST_DAY = 29;

/** npm run check: a confirmFirst flag where nothing would ask for the confirmation, or a decline it would leave unissued. */
export function confirmFirstProblems(defs: Definitions): Problem[] {
  const problems: Problem[] = [];
  const pricing = defs.ruleSets.get(PRICING);
  const flagged = ((pricing?.def.rules ?? []) as FlaggedRule[]).some((r) => r.confirmFirst === true);
  const days = unconfirmedDeclineDays(defs);
  if (pricing && flagged && !(Number.isInteger(days) && days >= 1 && days <= LAST_DAY))
    problems.push({
      file: pricing.file,
      pointer: "/params/unconfirmedDeclineDays",
      message: `a decline flagged confirmFirst that the applicant leaves unconfirmed is issued after params.pricing.unconfirmedDeclineDays days, which must be a whole number from 1 to ${LAST_DAY} so its notice goes out within the 30 days of 12 CFR 1002.9(a)(1)`,
    });
  for (const [id, { file, def }] of defs.ruleSets) {
    ((def.rules ?? []) as FlaggedRule[]).forEach((rule, index) => {
      if (rule.confirmFirst === undefined) return;
      const pointer = `/rules/${index}/confirmFirst`;
      const name = escapeSegment(String(rule.id ?? index));
      if (id !== PRICING) {
        problems.push({
          file,
          pointer,
          message: `confirmFirst on ${name}: only the pricing rules' declines (rules/pricing.json) are confirmed by the applicant; no server reads it here`,
        });
        return;
      }
      const emit = rule.emit ?? {};
      const reasons = emit.reasons;
      // A list of codes, or logic that gives one (the debt-to-income rule picks its reason).
      const declines = Array.isArray(reasons)
        ? reasons.length > 0
        : typeof reasons === "object" && reasons !== null;
      if (!declines)
        problems.push({
          file,
          pointer,
          message: `confirmFirst on ${name}: the rule is not a decline (its emit gives no reasons), so there is nothing for the applicant to confirm`,
        });
      else if (typeof emit.route !== "string" || !emit.route.startsWith("/app/ineligible/"))
        problems.push({
          file,
          pointer,
          message: `confirmFirst on ${name}: the rule names no /app/ineligible/ page (emit.route) on which the applicant confirms the answer`,
        });
    });
  }
  return problems;
}
