// Declines are credit decisions (Regulation B, 12 CFR 1002.9): when the pricing rules
// (rules/pricing.json) decline an application with principal reasons, the server records the
// decision on the application (/decisions: reasons, date) with the adverse action notice it gives
// (content/disclosures/adverse-action-notice.md, filled from the decision and the lender profile),
// by version and SHA-256 like a signature, so the notice shown, mailed and kept is one text.
import type { Definitions } from "../../engine/definitions";
import { lenderTokens, type LenderProfile } from "../../engine/lender";
import { readLenderProfile } from "../../engine/lender-file";
import { evaluateRuleSet, presentResult } from "../../engine/rules";
import { frontMatterOf, readDisclosure, signedDocument } from "../esign/documents";
import { longDate } from "../esign/values";

export const NOTICE_DOCUMENT = "adverse-action-notice";

export interface Reason {
  code: string;
  text: string;
}

export interface Decision {
  outcome: "declined";
  ruleId: string;
  reasons: Reason[];
  decidedAt: string;
  notice: { id: string; version: string; sha256: string; sourceSha256: string; title: string; values: Record<string, string> };
}

/** The decline the pricing rules make on this application, with the wording of each reason; null when they do not decline. */
export function declineOf(defs: Definitions, doc: unknown): { ruleId: string; reasons: Reason[] } | null {
  const result = presentResult(defs, "pricing", evaluateRuleSet(defs, "pricing", doc as Record<string, unknown>));
  const quote = result.quote as { eligible?: boolean; reasons?: unknown } | undefined;
  if (quote?.eligible !== false || !Array.isArray(quote.reasons) || quote.reasons.length === 0) return null;
  const wording = ((defs.params.pricing ?? {}) as { adverseActionReasons?: Record<string, string> }).adverseActionReasons ?? {};
  const reasons = quote.reasons.map((code) => {
    const text = wording[String(code)];
    // A reason without wording would send a notice that does not say why: refuse (rule files are checked by tests).
    if (!text) throw new Error(`rules/pricing.json: reason "${String(code)}" of ${String(result.ruleId)} has no wording in params.pricing.adverseActionReasons`);
    return { code: String(code), text };
  });
  return { ruleId: String(result.ruleId), reasons };
}

/** The values the notice's tokens take for a decision. */
export function noticeValues(decline: { reasons: Reason[] }, decidedAt: string, lender: LenderProfile = readLenderProfile()): Record<string, string> {
  return { ...lenderTokens(lender), decisionDate: longDate(decidedAt.slice(0, 10)), reasons: decline.reasons.map((r) => r.text).join("; ") };
}

/** The notice's record and its filled text for a decline decided at `decidedAt`. */
export function noticeFor(decline: { reasons: Reason[] }, decidedAt: string, lender?: LenderProfile) {
  const doc = readDisclosure(NOTICE_DOCUMENT);
  if (!doc) throw new Error(`content/disclosures/${NOTICE_DOCUMENT}.md is missing: no decline can be recorded without its notice`);
  return signedDocument(doc, noticeValues(decline, decidedAt, lender));
}

const sameReasons = (a: Reason[], b: Reason[]) => a.length === b.length && a.every((r, i) => r.code === b[i]!.code);

/**
 * Records the decline the rules make on `doc` (mutating doc.decisions), unless the latest
 * recorded decision is this same decline; returns the new decision and its notice text, or null.
 */
export function recordDecline(defs: Definitions, doc: Record<string, unknown>, now: Date): { decision: Decision; text: string } | null {
  const decline = declineOf(defs, doc);
  if (!decline) return null;
  const decisions = Array.isArray(doc.decisions) ? (doc.decisions as Decision[]) : [];
  const latest = decisions.at(-1);
  if (latest && latest.ruleId === decline.ruleId && sameReasons(latest.reasons, decline.reasons)) return null;
  const decidedAt = now.toISOString();
  const { text, ...notice } = noticeFor(decline, decidedAt);
  const decision: Decision = { outcome: "declined", ...decline, decidedAt, notice };
  doc.decisions = [...decisions, decision];
  return { decision, text };
}

/** Mails the notice to the applicant (its text, after the front matter): delivered as well as shown on the page. */
export async function mailNotice(services: { mailer: { send(mail: { to: string; subject: string; text: string }): Promise<void> } }, to: string, text: string) {
  const doc = readDisclosure(NOTICE_DOCUMENT);
  await services.mailer.send({ to, subject: doc?.title ?? "Notice of action taken", text: frontMatterOf(text).body });
}
