// The written notices a move gives (rules/milestones.json triggers' notice): the notice of action
// taken for a decline, the counteroffer notice, the notice of incompleteness (12 CFR 1002.9), one
// per borrower applying, each filled from content/disclosures/ and the file and recorded by version
// and SHA-256 with its PDF. Delivery follows each recipient: electronically only where their E-SIGN
// consent is on file (rules/notifications.json params.esignConsent) and their address proven (their
// account's sign-in address), otherwise into the portal's print-and-mail queue with their mailing
// address (15 U.S.C. 7001(c)). The mail goes after the commit; the PDF is stored with it.
import { randomUUID } from "node:crypto";
import { formatCurrency } from "@engine/base/format";
import { getAt } from "@engine/base/pointer";
import { addressLine, answersPointer, borrowerName } from "@engine/lending/borrowers";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { LoanFile } from "@engine/generated/schema-types";
import { REPO_ROOT } from "@engine/base/paths";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { keepFile } from "../uploads/kept-files";
import { fillTokens, frontMatterOf, readDisclosure, signedDocument, sha256Hex } from "../esign/documents";
import { noticePdfOffThread } from "../esign/pdf-pool";
import { longDate } from "../esign/values";
import { filledMail, noticeCover } from "../locale/mail-text";
import { provenRecipient } from "./addresses";

type Notice = LoanFile["notices"][number];
type Later = () => Promise<void>;

/** The kind of notice each template is (schemas/loan-file.json notice.kind). */
export const NOTICE_KINDS: Record<string, Notice["kind"]> = {
  "adverse-action-notice": "adverseAction",
  "counteroffer-notice": "counteroffer",
  "incompleteness-notice": "incompleteness",
  "valuation-copy": "valuation",
};

/** What a notice carries besides its template's values: the valuation copy's own values and the report itself. */
export interface NoticeExtras {
  values?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

interface ReasonCatalogue {
  reasons: Record<string, string>;
  reportBasedReasons: string[];
  maximumReasons: number;
}

export const reasonCatalogue = (services: Pick<Services, "defs">) =>
  services.defs.params["decline-reasons"] as unknown as ReasonCatalogue;

interface DecisionParts {
  noReport: string;
  report: string;
  noKeyFactors: string;
}

let parts: DecisionParts | null = null;
const decisionParts = (): DecisionParts =>
  (parts ??= JSON.parse(
    readFileSync(join(REPO_ROOT, "content/decision-notices.json"), "utf8"),
  ) as DecisionParts);

/**
 * The credit report paragraph of a decision notice for one borrower: the FCRA 615(a) content (the
 * score, its range and date, the key factors, the agency) when a score from a consumer report was
 * used on their application, else the sentence that none was.
 */
export function creditReportSection(services: Pick<Services, "defs">, doc: unknown, role: string): string {
  const used = getAt(doc, `${answersPointer(services.defs, role)}/creditScoreUsed`) as
    | {
        score: number;
        model: string;
        rangeLow: number;
        rangeHigh: number;
        createdOn: string;
        agency: { name: string; address: string; phone: string };
        keyFactors?: string[];
      }
    | undefined;
  const p = decisionParts();
  if (!used) return p.noReport;
  return fillTokens(p.report, {
    creditScoreAgency: used.agency.name,
    creditScoreAgencyAddress: used.agency.address,
    creditScoreAgencyPhone: used.agency.phone,
    creditScore: String(used.score),
    creditScoreModel: used.model,
    creditScoreDate: longDate(used.createdOn),
    creditScoreLow: String(used.rangeLow),
    creditScoreHigh: String(used.rangeHigh),
    creditScoreKeyFactors: used.keyFactors?.length ? used.keyFactors.join("; ") : p.noKeyFactors,
  });
}

const reasonWords = (services: Pick<Services, "defs">, codes: string[]) => {
  const { reasons } = reasonCatalogue(services);
  return codes.map((code) => `- ${reasons[code] ?? code}`).join("\n");
};

/** The values a notice's tokens take for one recipient. */
function valuesFor(
  services: Pick<Services, "defs">,
  template: string,
  file: LoanFile,
  doc: Record<string, unknown>,
  role: string,
  now: Date,
  extras?: NoticeExtras,
): Record<string, string> {
  const day = longDate(now.toISOString().slice(0, 10));
  const base = {
    ...lenderTokens(readLenderProfile()),
    recipientName: borrowerName(services.defs, doc, role) ?? "Applicant",
    decisionDate: day,
    noticeDate: day,
  };
  if (template === "valuation-copy") return { ...base, ...extras?.values };
  if (template === "incompleteness-notice")
    return {
      ...base,
      missingItems: (file.incomplete?.items ?? []).map((item) => `- ${item}`).join("\n"),
      deadline: file.incomplete ? longDate(file.incomplete.deadline) : "",
    };
  const reasons =
    template === "counteroffer-notice" ? (file.counteroffer?.reasons ?? []) : (file.declineReasons ?? []);
  const values = {
    ...base,
    reasons: reasonWords(services, reasons),
    creditReportSection: creditReportSection(services, doc, role),
  };
  if (template !== "counteroffer-notice" || !file.counteroffer) return values;
  const { terms } = file.counteroffer;
  return {
    ...values,
    lineAmount: formatCurrency(terms.lineAmount),
    apr: `${terms.apr.toFixed(2)}%`,
    drawPeriodYears: terms.drawPeriodYears ? String(terms.drawPeriodYears) : "",
    repaymentPeriodYears: terms.repaymentPeriodYears ? String(terms.repaymentPeriodYears) : "",
    offeredLine: file.offer ? formatCurrency(file.offer.lineAmount) : "",
    offeredApr: file.offer ? `${file.offer.apr.toFixed(2)}%` : "",
  };
}

/** Where a borrower's E-SIGN consent is in the application (rules/notifications.json params.esignConsent). */
export function esignConsentPointer(services: Pick<Services, "defs">, role: string): string | null {
  const pointers = ((services.defs.params.notifications ?? {}) as { esignConsent?: Record<string, string> })
    .esignConsent;
  return pointers?.[role] ?? null;
}

/** A borrower's E-SIGN consent: given (and not withdrawn), withdrawn (they asked for paper), or none on file. */
export function esignConsentState(
  services: Pick<Services, "defs">,
  doc: unknown,
  role: string,
): "given" | "withdrawn" | "none" {
  const pointer = esignConsentPointer(services, role);
  const consent = (pointer ? getAt(doc, pointer) : undefined) as
    { acceptedAt?: unknown; withdrawnAt?: unknown } | undefined;
  if (!consent || typeof consent.acceptedAt !== "string" || consent.acceptedAt === "") return "none";
  return typeof consent.withdrawnAt === "string" ? "withdrawn" : "given";
}

/** Whether the borrower's E-SIGN consent to receive documents electronically is on file (given, not withdrawn). */
export const esignConsentOnFile = (services: Pick<Services, "defs">, doc: unknown, role: string): boolean =>
  esignConsentState(services, doc, role) === "given";

/** Why a notice to a borrower goes on paper: no consent, or a withdrawn one, or no proven address. */
export function paperReason(services: Pick<Services, "defs">, doc: unknown, role: string): string {
  const state = esignConsentState(services, doc, role);
  return state === "given"
    ? "No proven email address on file"
    : state === "withdrawn"
      ? "E-SIGN consent withdrawn: paper requested"
      : "No E-SIGN consent on file";
}

export interface GivenNotices {
  notices: Notice[];
  /** The mails and stored PDFs, for after the commit. */
  later: Later[];
}

/** Gives `template` to each borrower of the application: records the notices and leaves their delivery for after the commit. */
export async function giveNotices(
  db: Db,
  services: Services,
  app: { id: string; ownerId: string; doc: Record<string, unknown> },
  file: LoanFile,
  template: string,
  recipients: string[],
  now: Date,
  extras?: NoticeExtras,
): Promise<GivenNotices> {
  const kind = NOTICE_KINDS[template];
  const source = readDisclosure(template);
  if (!kind || !source)
    throw new Error(`content/disclosures/${template}.md is not a decision notice this server gives`);
  const notices: Notice[] = [];
  const later: Later[] = [];
  for (const role of recipients) {
    const { text, ...record } = signedDocument(
      source,
      valuesFor(services, template, file, app.doc, role, now, extras),
    );
    const pdf = await noticePdfOffThread({
      meta: {
        title: record.title,
        subject: `Application ${app.id}: ${record.title} for ${role}, ${now.toISOString()}`,
        keywords: [kind, app.id, record.sha256],
        author: readLenderProfile().legalName,
        creator: "HELOC loan notices",
        date: now,
      },
      footer: `${record.title} - application ${app.id}`,
      documents: [{ ...record, body: frontMatterOf(text).body }],
    });
    const recipient = esignConsentOnFile(services, app.doc, role)
      ? await provenRecipient(db, services, app, role)
      : null;
    const email = recipient?.email ?? null;
    const mailingAddress = addressLine(getAt(app.doc, `${answersPointer(services.defs, role)}/address`));
    const notice: Notice = {
      id: randomUUID(),
      kind,
      to: role,
      name: borrowerName(services.defs, app.doc, role),
      givenAt: now.toISOString(),
      document: { ...record, template },
      pdfSha256: sha256Hex(pdf),
      delivery: email
        ? { via: "electronic" }
        : {
            via: "mail",
            why: paperReason(services, app.doc, role),
            mailingAddress,
            mailedOn: null,
            mailedBy: null,
          },
    };
    notices.push(notice);
    later.push(async () => {
      await keepFile(services, pdf, "notice");
      if (!email) return;
      // The notice in the mail's body and attached; a cover in the borrower's account language
      // introduces it when it is in English (content/mail/notice.md).
      const cover = noticeCover(services, "notice", recipient?.locale, record.language);
      if (!cover) throw new Error("content/mail/notice.md is missing");
      await services.mailer.send({
        to: email,
        ...filledMail(cover, { noticeTitle: record.title, notice: frontMatterOf(text).body }),
        attachments: [
          { filename: `${template}.pdf`, content: Buffer.from(pdf), contentType: "application/pdf" },
          ...(extras?.attachments ?? []),
        ],
      });
    });
  }
  return { notices, later };
}
