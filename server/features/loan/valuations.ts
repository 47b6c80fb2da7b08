// Valuations of the home (an AVM or an appraisal) behind an adapter interface, and the applicant's
// copy of each (Regulation B, 12 CFR 1002.14(a)(1)). The real local implementation is manual
// entry: staff enter the kind, the value, the effective day and the provider or appraiser, with
// the report uploaded and stored like the other documents (an uploads row, the bytes in the file
// store). A remote AVM service would plug in as another adapter; none is connected, so its stub
// refuses and never reports a value nobody gave. Each borrower is given a copy at once: by mail
// with the report attached where their E-SIGN consent is on file and their address proven, else in
// the print-and-mail queue with their mailing address (the same delivery as the decision notices).
// The account does not open until every copy was given three business days before, unless the
// applicant waived that timing in their session (rules/milestones.json valuationCopiesTimely).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { formatCurrency } from "@engine/base/format";
import { auditAction } from "@engine/lending/audit-actions";
import type { LoanFile } from "@engine/generated/schema-types";
import type { ValuationCopyToken } from "@engine/lending/text-tokens";
import { machineOf } from "@engine/lending/milestones";
import { transaction } from "@server/persistence/db/client";
import { applications, uploads } from "@server/persistence/db/schema";
import type { StoredFile } from "@server/persistence/storage";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { dateIn } from "../esign/rescission";
import { homeTimeZone } from "../esign/right-to-cancel";
import { longDate } from "../esign/values";
import type { Staff } from "../portal/staff";
import { said } from "@engine/locale/server-words";
import { invalidAnswers, refuse } from "../refusal";
import { deleteIfUnreferenced } from "../uploads/access";
import { borrowersOf } from "./facts";
import { fileToChange } from "./moves";
import { giveNotices } from "./notices";
import { readLoanFile, saveLoanFile, type StoredLoanFile } from "./store";
import { errorKind } from "@server/platform/observability/log";

export type Valuation = NonNullable<LoanFile["valuations"]>[number];
type Actor = Valuation["recordedBy"];

/** What staff enter of a valuation (schemas/api-loan.json valuationRecord). */
export interface ValuationEntry {
  kind: Valuation["kind"];
  value: number;
  effectiveOn: string;
  provider: string;
}

export interface ValuationContext {
  /** The home's calendar day today: a valuation cannot be effective on a later day. */
  today: string;
  at: string;
  by: Actor;
}

export interface ValuationProvider {
  /** Recorded with the valuation as its source ("manual-entry", an AVM service's name). */
  readonly name: string;
  /** The valuation as this provider can vouch for it, or a refusal naming why not. */
  record(entry: ValuationEntry, context: ValuationContext): Promise<Omit<Valuation, "id" | "uploadId">>;
}

/** Staff hold the report (an AVM printout, an appraiser's report) and enter what it says. */
export class ManualValuationEntry implements ValuationProvider {
  readonly name = "manual-entry";

  async record(entry: ValuationEntry, context: ValuationContext) {
    if (entry.effectiveOn > context.today)
      throw invalidAnswers([
        { pointer: "/effectiveOn", message: "The effective date of a valuation cannot be after today." },
      ]);
    return {
      kind: entry.kind,
      provider: entry.provider.trim(),
      source: this.name,
      value: entry.value,
      effectiveOn: entry.effectiveOn,
      recordedAt: context.at,
      recordedBy: context.by,
      copySentAt: null,
      copySentOn: null,
    };
  }
}

/**
 * Where a remote AVM service plugs in (an order, the vendor's value and confidence score, its
 * report). No service is connected: it refuses, so no valuation is ever reported that nobody made.
 */
export class RemoteAvmStub implements ValuationProvider {
  readonly name = "remote-avm-stub";

  async record(): Promise<never> {
    throw refuse(
      "notNow",
      "No automated valuation service is connected. Enter the valuation by hand with its report instead.",
    );
  }
}

/** The words the copy states of a valuation. */
function copyValues(
  v: ValuationEntry,
): Record<Exclude<ValuationCopyToken, "recipientName" | "noticeDate">, string> {
  return {
    valuationKind: v.kind === "avm" ? "Automated valuation model (AVM)" : "Appraisal",
    valuationValue: formatCurrency(v.value),
    valuationEffectiveDate: longDate(v.effectiveOn),
    valuationProvider: v.provider.trim(),
  };
}

/** The report as the form brought it: its bytes, its name and its sniffed type. */
export interface ValuationReport {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  stored: StoredFile & { created: boolean };
}

const REPORT_TYPES: Record<Valuation["kind"], string> = { avm: "avm", appraisal: "appraisal" };

/**
 * Records a valuation with its report and gives each borrower a copy, in one transaction: the
 * report's uploads row, the valuation, the notices and the audit row; the mail after the commit.
 * Refused, saving nothing, after the account opened or once the file is closed.
 */
export async function recordValuation(
  services: Services,
  staff: Staff,
  input: ValuationEntry & { applicationId: string },
  report: ValuationReport,
): Promise<StoredLoanFile> {
  const by: Actor = { kind: "portal", id: staff.id, role: staff.role };
  let later: (() => Promise<void>)[] = [];
  try {
    await transaction(services.db, async (tx) => {
      later = [];
      const now = services.now();
      const { app, loan } = await fileToChange(tx, services, input.applicationId);
      const machine = machineOf(services.defs);
      if (loan.file.accountOpenedAt || machine.states[loan.milestone]?.final)
        throw refuse(
          "conflict",
          `The file is ${machine.states[loan.milestone]?.label ?? loan.milestone}: a valuation is recorded before the account opens.`,
        );
      const timeZone = homeTimeZone(services.defs, app.doc, loan.file);
      const today = dateIn(now, timeZone);
      const made = await services.valuation.record(input, { today, at: now.toISOString(), by });
      const uploadId = randomUUID();
      await tx.insert(uploads).values({
        id: uploadId,
        applicationId: app.id,
        borrower: "borrower",
        documentType: REPORT_TYPES[input.kind],
        documentSubtype: null,
        side: null,
        fileName: report.fileName,
        contentType: report.contentType,
        size: report.stored.size,
        sha256: report.stored.sha256,
        storageKey: report.stored.key,
        propertyId: null,
        // Staff brought it: it needs no review.
        reviewStatus: "accepted",
        reviewReason: null,
        reviewedBy: staff.id,
        reviewedAt: now,
        createdAt: now,
      });
      const valuation: Valuation = { id: randomUUID(), ...made, uploadId };
      const given = await giveNotices(
        tx,
        services,
        app,
        loan.file,
        "valuation-copy",
        borrowersOf(services, app.doc),
        now,
        {
          values: copyValues(input),
          attachments: [
            {
              filename: report.fileName,
              content: Buffer.from(report.bytes),
              contentType: report.contentType,
            },
          ],
        },
      );
      later = given.later;
      // Given when it went to a borrower electronically (one applicant's copy suffices); a paper copy counts from its mailing.
      const sent = given.notices.some((n) => n.delivery.via === "electronic");
      const copied: Valuation = {
        ...valuation,
        copySentAt: sent ? now.toISOString() : null,
        copySentOn: sent ? today : null,
      };
      const file: LoanFile = {
        ...loan.file,
        valuations: [...(loan.file.valuations ?? []), copied],
        // Each copy names its valuation: its mailing, recorded later, dates that valuation's copy.
        notices: [...loan.file.notices, ...given.notices.map((n) => ({ ...n, valuationId: valuation.id }))],
      };
      if (!(await saveLoanFile(tx, services, loan, loan.milestone, file, now)))
        throw refuse("conflict", "The file changed meanwhile. Reload it and try again.");
      await applicationStore(services).audit(tx, {
        actorKind: "portal",
        actorId: staff.id,
        action: auditAction("loan.valuation", input.kind),
        applicationId: app.id,
        changed: [`/loanFile/valuations/${file.valuations!.length - 1}`],
      });
    });
  } catch (error) {
    if (report.stored.created) await deleteIfUnreferenced(services, report.stored.key);
    throw error;
  }
  for (const work of later)
    await work().catch((error: unknown) =>
      services.log.error({ err: errorKind(error) }, "valuation copy: a delivery failed"),
    );
  return (await readLoanFile(services.db, input.applicationId))!;
}

/** The applicant waives, in their session, receiving the copies three business days before the account opens (they still get them). */
export async function waiveValuationTiming(
  services: Services,
  applicant: { applicationId: string; userId: string; role: string },
): Promise<StoredLoanFile> {
  const by: Actor = { kind: "applicant", id: applicant.userId, role: applicant.role };
  return transaction(services.db, async (tx) => {
    const now = services.now();
    const { app, loan } = await fileToChange(
      tx,
      services,
      applicant.applicationId,
      said("refusal.valuation.notSubmitted"),
    );
    if (loan.file.accountOpenedAt) throw refuse("conflict", said("refusal.valuation.accountOpen"));
    if (loan.file.valuationWaiver) return loan;
    const file: LoanFile = { ...loan.file, valuationWaiver: { at: now.toISOString(), by } };
    if (!(await saveLoanFile(tx, services, loan, loan.milestone, file, now)))
      throw refuse("conflict", said("refusal.valuation.fileChanged"));
    await applicationStore(services).audit(tx, {
      actorKind: "applicant",
      actorId: applicant.userId,
      action: auditAction("loan.valuation", "waived", applicant.role),
      applicationId: app.id,
      changed: ["/loanFile/valuationWaiver"],
    });
    return (await readLoanFile(tx, app.id))!;
  });
}
