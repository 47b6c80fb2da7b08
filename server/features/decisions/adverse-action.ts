// Declines are credit decisions (Regulation B, 12 CFR 1002.9): when the pricing rules
// (rules/pricing.json) decline an application with principal reasons, the server records the
// decision on the application (/decisions: reasons, date) with the adverse action notice it gives
// (content/disclosures/adverse-action-notice.md, filled from the decision and the lender profile),
// by version and SHA-256 like a signature, so the notice shown, mailed and kept is one text.
import type { Definitions } from "@engine/definitions/definitions";
import { todayIso } from "@engine/base/dates";
import { isShared } from "@server/persistence/store/opened-documents";
import { lenderTokens, type LenderProfile } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { evaluateRuleSet, presentResult } from "@engine/logic/rules";
import { ruleSetOnDerived } from "@engine/logic/same-reads";
import { needsConfirmation } from "@engine/lending/early-declines";
import { accountName, borrowerName, ownerRole } from "@engine/lending/borrowers";
import { creditReportSection } from "../loan/notices";
import { frontMatterOf, readDisclosure, recordedText, sha256Hex, signedDocument } from "../esign/documents";
import { noticePdfOffThread } from "../esign/pdf-pool";
import { longDate } from "../esign/values";
import type { FileStorage } from "@server/persistence/storage";
import type { Services } from "@server/services";
import { keepFile } from "../uploads/kept-files";
import { recordMessage } from "../messaging/events";
import { mailGate } from "../messaging/mail";
import { addressLocale, filledMail, noticeCover } from "../locale/mail-text";

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
  /** email: mailed to the address the applicant proved; mail: queued for paper (no proven address, or no E-SIGN consent). */
  delivery?: "email" | "mail";
  /** When the applicant confirmed the answer the decline rests on (rules flagged confirmFirst). */
  confirmedAt?: string;
  /** For a decline issued because the applicant neither confirmed nor corrected it: when the answers first led to it. */
  unconfirmedSince?: string;
  /** Where the paper notice goes (schemas/address.json), and the day staff mailed it. */
  mailTo?: Record<string, unknown>;
  mailedOn?: string | null;
  /** The portal user who recorded the paper notice as mailed. */
  mailedBy?: string;
  notice: {
    id: string;
    version: string;
    sha256: string;
    sourceSha256: string;
    title: string;
    values: Record<string, string>;
    pdfSha256?: string;
  };
}

/** The link to the PDF of decision `index`'s notice (server/features/notices/routes.ts); portal staff add ?application=<id>. */
export const adverseActionPdfUrl = (index: number | "latest", applicationId?: string) =>
  `/api/notices/adverse-action/${index}.pdf${applicationId ? `?application=${applicationId}` : ""}`;

/** The file name a notice downloads as. */
export const NOTICE_PDF_NAME = "notice-of-action-taken.pdf";

/** A decline the pricing rules make: the rule and the wording of each reason. */
export interface Decline {
  ruleId: string;
  reasons: Reason[];
}

// The decline worked out on a shared stored document (deeply frozen: its content is fixed), per
// definitions set, with the day it was worked out on: a page saved again unchanged keeps the stored
// document, and the rules, reading only it and the day, decide as they did.
const declines = new WeakMap<Definitions, WeakMap<object, { today: string; decline: Decline | null }>>();

/**
 * The decline the pricing rules make on this application on `today` (the server's day,
 * todayIso(services.now()), the day a save's walk reads pricing on), with the wording of each
 * reason; null when they do not decline.
 */
export function declineOf(defs: Definitions, doc: unknown, today: string): Decline | null {
  if (!isShared(doc)) return workedDecline(defs, doc, today);
  const stored = doc as object;
  let kept = declines.get(defs);
  if (!kept) declines.set(defs, (kept = new WeakMap()));
  let hit = kept.get(stored);
  if (hit?.today !== today) kept.set(stored, (hit = { today, decline: workedDecline(defs, doc, today) }));
  // A copy: a decision recorded from it is the caller's own.
  return hit.decline && { ruleId: hit.decline.ruleId, reasons: hit.decline.reasons.map((r) => ({ ...r })) };
}

/**
 * The decline pricing decides on `doc` on `today` (the server's day: a `today` the document may
 * carry is not read). A shared document's pricing result is kept with it (the save's walk may have
 * read `rules.pricing` on it already).
 */
function workedDecline(defs: Definitions, doc: unknown, today: string): Decline | null {
  const input = doc as Record<string, unknown>;
  const result = presentResult(
    defs,
    "pricing",
    isShared(doc)
      ? ruleSetOnDerived(defs, "pricing", input, today)
      : evaluateRuleSet(defs, "pricing", input, { today }),
  );
  const quote = result.quote as { eligible?: boolean; reasons?: unknown } | undefined;
  if (quote?.eligible !== false || !Array.isArray(quote.reasons) || quote.reasons.length === 0) return null;
  const wording =
    ((defs.params.pricing ?? {}) as { adverseActionReasons?: Record<string, string> }).adverseActionReasons ??
    {};
  const reasons = quote.reasons.map((code) => {
    const text = wording[String(code)];
    // A reason without wording would send a notice that does not say why: refuse (rule files are checked by tests).
    if (!text)
      throw new Error(
        `rules/pricing.json: reason "${String(code)}" of ${String(result.ruleId)} has no wording in params.pricing.adverseActionReasons`,
      );
    return { code: String(code), text };
  });
  return { ruleId: String(result.ruleId), reasons };
}

/** The values the notice's tokens take for a decision. */
export function noticeValues(
  decline: { reasons: Reason[] },
  decidedAt: string,
  lender: LenderProfile = readLenderProfile(),
  recipient: Record<string, string> = {},
): Record<string, string> {
  return {
    ...lenderTokens(lender),
    ...recipient,
    decisionDate: longDate(decidedAt.slice(0, 10)),
    reasons: decline.reasons.map((r) => r.text).join("; "),
  };
}

/** The notice's record and its filled text for a decline decided at `decidedAt`. */
export function noticeFor(
  decline: { reasons: Reason[] },
  decidedAt: string,
  lender?: LenderProfile,
  texts?: ReadonlyMap<string, string>,
  recipient?: Record<string, string>,
) {
  const doc = readDisclosure(NOTICE_DOCUMENT, texts);
  if (!doc)
    throw new Error(
      `content/disclosures/${NOTICE_DOCUMENT}.md is missing: no decline can be recorded without its notice`,
    );
  return signedDocument(doc, noticeValues(decline, decidedAt, lender, recipient));
}

const sameReasons = (a: Reason[], b: Reason[]) =>
  a.length === b.length && a.every((r, i) => r.code === b[i]!.code);

/**
 * Records the decline the rules make on `doc` (in a copy: a stored document is shared and frozen), unless the latest
 * recorded decision is this same decline, or the rule waits for the applicant to confirm the
 * answer (`confirmFirst`, engine/lending/early-declines.ts) and `confirmed` is not given (the
 * applicant's confirmation, or the server's issue of one left unconfirmed too long); returns
 * the new decision, its notice text and the document with it, or null.
 */
export function recordDecline(
  defs: Definitions,
  doc: Record<string, unknown>,
  now: Date,
  confirmed?: { at: Date } | { unconfirmedSince: string },
  decline: Decline | null = declineOf(defs, doc, todayIso(now)),
): { decision: Decision; text: string; doc: Record<string, unknown> } | null {
  if (!decline) return null;
  if (needsConfirmation(defs, decline.ruleId) && !confirmed) return null;
  if (alreadyRecorded(doc, decline)) return null;
  const decisions = decisionsOf(doc);
  const decidedAt = now.toISOString();
  // The notice names its recipient (the account's owner) and says whether a consumer report was used.
  const owner = ownerRole(defs);
  const { text, ...notice } = noticeFor(decline, decidedAt, undefined, defs.texts, {
    recipientName: accountName(defs, doc) ?? borrowerName(defs, doc, owner) ?? "Applicant",
    creditReportSection: creditReportSection({ defs }, doc, owner),
  });
  const decision: Decision = {
    outcome: "declined",
    ...decline,
    decidedAt,
    ...(confirmed && "at" in confirmed ? { confirmedAt: confirmed.at.toISOString() } : {}),
    ...(confirmed && "unconfirmedSince" in confirmed ? { unconfirmedSince: confirmed.unconfirmedSince } : {}),
    notice,
  };
  return { decision, text, doc: { ...doc, decisions: [...decisions, decision] } };
}

/** Whether `decline` is the decision last recorded on `doc` (the same rule and reasons). */
export function alreadyRecorded(
  doc: Record<string, unknown>,
  decline: { ruleId: string; reasons: Reason[] },
) {
  const latest = decisionsOf(doc).at(-1);
  return Boolean(latest && latest.ruleId === decline.ruleId && sameReasons(latest.reasons, decline.reasons));
}

/** The decisions recorded on an application document, oldest first. */
export const decisionsOf = (doc: Record<string, unknown>): Decision[] =>
  Array.isArray(doc.decisions) ? (doc.decisions as Decision[]) : [];

/**
 * The notice of a recorded decision as a PDF: its text as recorded (the file at the recorded
 * version, filled with the recorded values), dated the day of the decision, so the same decision
 * always gives the same bytes. Refused when the file is no longer the text recorded.
 */
export async function renderNotice(
  applicationId: string,
  decision: Decision,
  lenderName = readLenderProfile().legalName,
  texts?: ReadonlyMap<string, string>,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> {
  const made = recordedText({ ...decision.notice, title: decision.notice.title ?? NOTICE_DOCUMENT }, texts);
  if (!made.ok) return { ok: false, message: made.reason };
  const bytes = await noticePdfOffThread({
    meta: {
      title: made.doc.title,
      subject: `Application ${applicationId}: ${decision.ruleId}, decided ${decision.decidedAt}`,
      keywords: ["adverse action", applicationId, decision.notice.sha256],
      author: lenderName,
      creator: "HELOC funnel notices",
      date: new Date(decision.decidedAt),
    },
    footer: `${made.doc.title} - application ${applicationId}`,
    documents: [{ ...decision.notice, title: made.doc.title, body: frontMatterOf(made.text).body }],
  });
  return { ok: true, bytes };
}

/**
 * The PDF of the notice of decision `index` (0 = the oldest) of an application: the copy stored
 * when it was given (by its SHA-256, recorded on the decision), else made again from the record.
 */
export async function noticePdf(
  storage: FileStorage,
  applicationId: string,
  doc: Record<string, unknown>,
  index: number,
  texts?: ReadonlyMap<string, string>,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; status: 404 | 409; message: string }> {
  const decision = decisionsOf(doc)[index];
  if (!decision) return { ok: false, status: 404, message: "There is no such notice" };
  const key = decision.notice.pdfSha256;
  const stored = key ? await storage.get(key) : null;
  if (stored && sha256Hex(stored) === key) return { ok: true, bytes: stored };
  const made = await renderNotice(applicationId, decision, undefined, texts);
  return made.ok
    ? made
    : {
        ok: false,
        status: 409,
        message: `We cannot make this notice again: ${made.message}. Contact us and we will send it to you.`,
      };
}

/**
 * The notice's PDF for a decline just recorded: made inside the save (its SHA-256 goes on the
 * decision) and stored after the commit with the mail that carries it.
 */
export async function attachNoticePdf(
  applicationId: string,
  decision: Decision,
  texts?: ReadonlyMap<string, string>,
): Promise<Uint8Array> {
  const made = await renderNotice(applicationId, decision, undefined, texts);
  // The notice was filled from today's file a moment ago: it cannot have changed since.
  if (!made.ok) throw new Error(`adverse action notice: ${made.message}`);
  decision.notice.pdfSha256 = sha256Hex(made.bytes);
  return made.bytes;
}

/**
 * Delivers the notice: the PDF stored (the copy kept, 12 CFR 1002.12(b)), then mailed with its
 * text in the body and the PDF attached to `to`, the address the applicant proved
 * (deliverableAddress), as well as shown on the page. Without one (`to` null) the decision says
 * "mail": the notice waits in the portal's print-and-mail queue.
 */
export async function deliverNotice(
  services: Services,
  application: { id: string },
  to: string | null,
  text: string,
  pdf: Uint8Array,
  paper: { addressOnFile: boolean } = { addressOnFile: true },
) {
  await keepFile(services, pdf, "adverseActionNotice");
  if (!to) {
    // On paper: queued for the print-and-mail queue only to an address; without one nothing is
    // queued, and the notice waits on the file for staff to find the address (portal notices list).
    await recordMessage(services, {
      channel: "mail",
      outcome: paper.addressOnFile ? "queued" : "refused",
      kind: NOTICE_DOCUMENT,
      reason: paper.addressOnFile ? "unproven" : "noAddress",
    });
    return;
  }
  const doc = readDisclosure(NOTICE_DOCUMENT);
  // The notice is given in English (its text is the English file's): a cover in the applicant's
  // account language introduces it (content/mail/notice.md).
  const cover = noticeCover(services, "notice", await addressLocale(services.db, to), "en");
  if (!cover) throw new Error("content/mail/notice.md is missing");
  await mailGate(services).send(
    to,
    {
      ...filledMail(cover, {
        noticeTitle: doc?.title ?? "Notice of action taken",
        notice: frontMatterOf(text).body,
      }),
      attachments: [{ filename: NOTICE_PDF_NAME, content: Buffer.from(pdf), contentType: "application/pdf" }],
    },
    { kind: NOTICE_DOCUMENT, applicationId: application.id },
  );
}
