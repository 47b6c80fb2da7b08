// The one home of the mapping from a decline's principal reasons (rules/decline-reasons.json, the
// codes the early funnel's rules and staff's declines give) to the HMDA Reason for Denial codes the
// LAR reports (Regulation C 1003.4(a)(16)): each reason names its code in
// params.hmdaDenialReasons. npm run check refuses a reason without one (denialReasonProblems), so a
// LAR row never guesses.
import type { Definitions, Problem } from "../definitions/definitions";

const FILE = "rules/decline-reasons.json";
/** The LAR reports at most four denial reasons (data fields 72–75). */
const LAR_REASONS = 4;
/** HMDA's "other": the row then states the reasons in words (field 76, at most 255 characters). */
const OTHER = "9";

interface Catalogue {
  reasons?: Record<string, string>;
  hmdaDenialReasons?: Record<string, string>;
}

const catalogueOf = (defs: Definitions) => (defs.params["decline-reasons"] ?? {}) as Catalogue;

export interface HmdaDenial {
  /** The HMDA codes in the decline's order, each once, at most four. */
  codes: string[];
  /** The words of the reasons reported as 9 (other), or null when none is. */
  text: string | null;
}

/** The HMDA denial reasons of a decline's reason codes; throws on a reason with no mapping (check refuses it). */
export function hmdaDenialOf(defs: Definitions, reasonCodes: readonly string[]): HmdaDenial {
  const { reasons = {}, hmdaDenialReasons = {} } = catalogueOf(defs);
  const codes: string[] = [];
  const others: string[] = [];
  for (const reason of reasonCodes) {
    const code = hmdaDenialReasons[reason];
    if (!code)
      throw new Error(`${FILE}: the reason "${reason}" has no HMDA denial reason (params.hmdaDenialReasons)`);
    if (code === OTHER) others.push(reasons[reason] ?? reason);
    if (!codes.includes(code) && codes.length < LAR_REASONS) codes.push(code);
  }
  const text = codes.includes(OTHER) ? others.join("; ").slice(0, 255) : null;
  return { codes, text };
}

/** What check says beyond the schema: every reason names its HMDA code, no code names a reason that does not exist, and every reason the funnel's pricing gives is in the catalogue. */
export function denialReasonProblems(defs: Definitions): Problem[] {
  const { reasons = {}, hmdaDenialReasons = {} } = catalogueOf(defs);
  const problems: Problem[] = [];
  for (const reason of Object.keys(reasons))
    if (!Object.hasOwn(hmdaDenialReasons, reason))
      problems.push({
        file: FILE,
        pointer: `/params/reasons/${reason}`,
        message: `the reason "${reason}" has no HMDA denial reason: name its code (1–9) in params.hmdaDenialReasons, or a LAR row for this decline would be wrong`,
      });
  for (const reason of Object.keys(hmdaDenialReasons))
    if (!Object.hasOwn(reasons, reason))
      problems.push({
        file: FILE,
        pointer: `/params/hmdaDenialReasons/${reason}`,
        message: `"${reason}" is not a reason of params.reasons`,
      });
  const pricing = (defs.params.pricing ?? {}) as { adverseActionReasons?: Record<string, string> };
  for (const reason of Object.keys(pricing.adverseActionReasons ?? {}))
    if (!Object.hasOwn(reasons, reason))
      problems.push({
        file: "rules/pricing.json",
        pointer: `/params/adverseActionReasons/${reason}`,
        message: `the decline reason "${reason}" is not in the reason catalogue (${FILE} params.reasons): its HMDA denial reason would be unknown`,
      });
  return problems;
}
