// The FCRA 609(g) notice with the score used (15 U.S.C. 1681g(g)): no credit bureau is connected
// to this app, so portal staff with credit.recordScore record the score they used from a credit
// report pulled elsewhere (schemas/credit-score-used.json: score, model and range, date, agency,
// key factors). It is written on the borrower's answers (creditScoreUsed, which the notice on the
// sign page reads too), audited, recorded as given (disclosuresGiven, with its version and
// SHA-256), and the borrower gets the filled Notice to the Home Loan Applicant as a PDF: by email,
// and from their application's page (GET /api/notices/credit-score/mine.pdf).
import { refuse, invalidAnswers } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import { mailGate } from "../messaging/mail";
import { answersPointer, borrowerName, borrowerRoles } from "@engine/lending/borrowers";
import type { CreditScoreUsed } from "@engine/generated/schema-types";
import { readLenderProfile } from "@engine/lending/lender-file";
import { getAt, setAt } from "@engine/base/pointer";
import { transaction } from "@server/persistence/db/client";
import type { GivenDisclosure } from "../esign/give-disclosures";
import { frontMatterOf } from "../esign/documents";
import { addressLocale, filledMail, noticeCover } from "../locale/mail-text";
import { noticePdfOffThread } from "../esign/pdf-pool";
import { dateIn } from "../esign/rescission";
import { rescissionParams } from "../esign/right-to-cancel";
import { deliverableAddress } from "../messaging/mail";
import { documentsFor } from "../esign/signatures";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { errorKind } from "@server/platform/observability/log";

export const CREDIT_SCORE_NOTICE = "credit-score-notice";
export const CREDIT_SCORE_PDF_NAME = "notice-to-the-home-loan-applicant.pdf";
/** The link to a borrower's notice PDF (server/features/notices/routes.ts): `mine` for the signed-in borrower; staff name the role and add ?application=<id>. */
export const creditScorePdfUrl = (role: string | "mine", applicationId?: string) =>
  `/api/notices/credit-score/${role}.pdf${applicationId ? `?application=${applicationId}` : ""}`;

/** Where the texts given are recorded (as the account-setup step records its disclosures). */
const GIVEN = "/disclosuresGiven/records";

interface ScoreRequest {
  applicationId: string;
  borrower: string;
  used: CreditScoreUsed;
  recordedBy: { kind: "portal"; id: string; name: string };
}

/** The borrowers on this application whose score may be recorded: each role whose answers it holds. */
export const scoredBorrowers = (services: Services, doc: unknown): string[] =>
  borrowerRoles(services.defs).filter((role) => {
    const answers = getAt(doc, answersPointer(services.defs, role));
    return typeof answers === "object" && answers !== null;
  });

/** What the schema cannot say of a score: it lies in its model's range, and it was not made in the future. */
function scoreErrors(used: CreditScoreUsed, today: string) {
  const errors: { pointer: string; message: string }[] = [];
  if (used.rangeLow >= used.rangeHigh)
    errors.push({
      pointer: "/creditScoreUsed/rangeHigh",
      message: "The highest possible score must be above the lowest.",
    });
  else if (used.score < used.rangeLow || used.score > used.rangeHigh)
    errors.push({
      pointer: "/creditScoreUsed/score",
      message: `The score must be within the model's range, ${used.rangeLow} to ${used.rangeHigh}.`,
    });
  // The risk-based pricing notice states how the score compares with others' (12 CFR 1022.74(d)(1)(ii)(D)):
  // a score recorded now carries it (one recorded before it was asked may lack it).
  if (used.rankedAbovePercent === undefined)
    errors.push({
      pointer: "/creditScoreUsed/rankedAbovePercent",
      message:
        "Give how the score compares with other consumers' scores: the percent of consumers with a lower score, from the agency's distribution for this model.",
    });
  if (used.createdOn > today)
    errors.push({
      pointer: "/creditScoreUsed/createdOn",
      message: "The date the score was created cannot be after today.",
    });
  return errors;
}

/** One borrower's notice, filled from the application as it is: its record and text. */
export function creditScoreNotice(services: Services, doc: unknown, role: string, now: Date) {
  return documentsFor(services, doc, [CREDIT_SCORE_NOTICE], { now, role })[0]!;
}

/** The notice as a PDF (one copy), for the borrower with this role. */
export async function creditScoreNoticePdf(
  services: Services,
  applicationId: string,
  doc: unknown,
  role: string,
  now: Date = services.now(),
): Promise<Uint8Array> {
  const { text, ...record } = creditScoreNotice(services, doc, role, now);
  const name = borrowerName(services.defs, doc, role) ?? role;
  return noticePdfOffThread({
    meta: {
      title: record.title,
      subject: `Application ${applicationId}: FCRA 609(g) notice for ${name}`,
      keywords: ["credit score", applicationId, record.sha256],
      author: readLenderProfile().legalName,
      creator: "HELOC funnel notices",
      date: now,
    },
    footer: `${record.title} - ${name} - application ${applicationId}`,
    documents: [{ ...record, body: frontMatterOf(text).body }],
  });
}

/** Records the score used and gives the borrower their notice (recorded, audited, mailed after the commit); refuses naming the field. */
export async function recordCreditScoreUsed(
  services: Services,
  request: ScoreRequest,
): Promise<{ borrower: string; name: string; emailed: boolean }> {
  const store = applicationStore(services);
  const now = services.now();
  const today = dateIn(now, rescissionParams(services.defs).timeZone ?? "UTC");
  const errors = scoreErrors(request.used, today);
  if (errors.length) throw invalidAnswers(errors);
  const done = await transaction(services.db, async (tx) => {
    const app = await store.byId(tx, request.applicationId);
    if (!app) throw refuse("notFound", "There is no such application.");
    if (!scoredBorrowers(services, app.doc).includes(request.borrower))
      throw invalidAnswers([
        { pointer: "/borrower", message: "There is no such borrower on this application." },
      ]);
    const role = request.borrower;
    const doc = setAt(
      app.doc,
      `${answersPointer(services.defs, role)}/creditScoreUsed`,
      request.used,
    ) as Record<string, unknown>;
    const { text, id, title, version, language, sha256, sourceSha256, values } = creditScoreNotice(
      services,
      doc,
      role,
      now,
    );
    const given: GivenDisclosure = {
      document: id,
      title,
      version,
      language,
      sha256,
      sourceSha256,
      values,
      givenAt: now.toISOString(),
      givenTo: role,
      sentBy: request.recordedBy,
    };
    const before = getAt(doc, GIVEN);
    const withNotice = setAt(doc, GIVEN, [...(Array.isArray(before) ? before : []), given]) as Record<
      string,
      unknown
    >;
    if (!(await store.save(tx, app, withNotice, app.status)))
      throw refuse("conflict", "The application changed meanwhile. Please try again.");
    const pointer = `${answersPointer(services.defs, role)}/creditScoreUsed`;
    await store.audit(tx, {
      actorKind: "portal",
      actorId: request.recordedBy.id,
      action: auditAction("credit.scoreUsed", role),
      applicationId: app.id,
      changed: [pointer, GIVEN],
    });
    return {
      app,
      doc: withNotice,
      role,
      text,
      language,
      name: borrowerName(services.defs, withNotice, role) ?? role,
      // Only to the address that borrower proved: otherwise the notice is on their page and in the file.
      email: await deliverableAddress(services, app, role, tx),
    };
  });
  // After the commit: the notice by email, as a PDF (the same text the record hashes).
  if (done.email) {
    try {
      const pdf = await creditScoreNoticePdf(services, done.app.id, done.doc, done.role, now);
      // The cover in the borrower's account language (content/mail/credit-score-notice.md), the notice as given.
      const cover = noticeCover(
        services,
        "credit-score-notice",
        await addressLocale(services.db, done.email),
        done.language,
      );
      if (!cover) throw new Error("content/mail/credit-score-notice.md is missing");
      await mailGate(services).send(
        done.email,
        {
          ...filledMail(cover, { name: done.name }),
          attachments: [
            { filename: CREDIT_SCORE_PDF_NAME, content: Buffer.from(pdf), contentType: "application/pdf" },
          ],
        },
        { kind: "credit-score-notice", applicationId: done.app.id },
      );
    } catch (error) {
      services.log.error({ err: errorKind(error) }, "credit score notice: the mail failed");
    }
  }
  return { borrower: done.role, name: done.name, emailed: done.email !== null };
}
