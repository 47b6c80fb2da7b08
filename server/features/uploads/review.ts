// The portal's decision on uploaded files. A rejected file (a document refused with a reason, or
// the photos of an ID the identity review rejected) no longer counts toward its requirement: it
// leaves the application's `uploads`, so the document rules ask for it again and the applicant's
// checklist shows "Rejected: <reason>" with a way to upload a new one, even after submission. The
// borrower whose document it is is emailed. The file and its row stay, for the record.
import { auditAction, fileArgs } from "@engine/lending/audit-actions";
import { mailGate } from "../messaging/mail";
import { and, eq, inArray } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { accessOf, OWNER_ROLE } from "@engine/funnel/members";
import type { Db } from "@server/persistence/db/client";
import { uploads, users } from "@server/persistence/db/schema";
import { memberStore } from "../members/store";
import type { Services } from "@server/services";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { documentTitle } from "@engine/lending/catalogue";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { localeOf } from "@engine/locale/locales";
import { SIGN_IN_PAGE } from "../auth/nextauth/base";
import { localizedSet } from "../locale/locale";
import { filledMail, mailText } from "../locale/mail-text";

export interface Decision {
  status: "accepted" | "rejected";
  reason: string | null;
  /** The portal user deciding. */
  reviewedBy: string;
}

/** Records a decision on uploads of one application, in the caller's transaction; returns the rejected rows. */
export async function decideUploads(
  tx: Db,
  services: Services,
  app: StoredApplication,
  uploadIds: string[],
  decision: Decision,
) {
  if (!uploadIds.length) return [];
  const rows = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.applicationId, app.id), inArray(uploads.id, uploadIds)));
  await tx
    .update(uploads)
    .set({
      reviewStatus: decision.status,
      reviewReason: decision.reason,
      reviewedBy: decision.reviewedBy,
      reviewedAt: services.now(),
    })
    .where(and(eq(uploads.applicationId, app.id), inArray(uploads.id, uploadIds)));
  const store = applicationStore(services);
  if (decision.status === "rejected") {
    const before = Array.isArray(app.doc.uploads) ? (app.doc.uploads as { id?: unknown }[]) : [];
    const gone = new Set(uploadIds);
    const doc = { ...app.doc, uploads: before.filter((u) => !gone.has(u.id as string)) };
    // The applicant's answers are not touched: their open page stays current (no new revision).
    if (!(await store.save(tx, app, doc, app.status, app.recheck, { bumpRevision: false })))
      throw new Error("the application changed while the decision was recorded");
  }
  for (const row of rows)
    await store.audit(tx, {
      actorKind: "portal",
      actorId: decision.reviewedBy,
      action: auditAction(
        `portal.upload.${decision.status}`,
        ...fileArgs({ ...row, subtype: row.documentSubtype }),
      ),
      applicationId: app.id,
      changed: [`/uploads/${row.id}`],
    });
  return decision.status === "rejected" ? rows : [];
}

/**
 * Mails the borrower a rejected document is theirs: a member who answers their own part at the
 * address they joined with, otherwise the application's owner (who uploads for a member who only
 * signs). Each in their account's language (users.locale), the documents named in it; the reason
 * is staff's words, as written.
 */
export async function mailRejections(
  services: Services,
  app: StoredApplication,
  rejected: (typeof uploads.$inferSelect)[],
  reason: string,
) {
  const { db, defs } = services;
  const access = accessOf(defs, app.doc, todayIso(services.now()));
  const joined = await memberStore(services).ofApplication(db, app.id);
  const accounts = new Map(
    (
      await db
        .select({ id: users.id, email: users.email, locale: users.locale })
        .from(users)
        .where(inArray(users.id, [app.ownerId, ...joined.flatMap((m) => (m.userId ? [m.userId] : []))]))
    ).map((u) => [u.id, u]),
  );
  const owner = accounts.get(app.ownerId);
  const byAddress = new Map<string, { locale: string | null; types: string[] }>();
  for (const row of rejected) {
    const member =
      row.borrower !== OWNER_ROLE && access[row.borrower] === "answers"
        ? joined.find((m) => m.role === row.borrower && m.userId)
        : undefined;
    const to = member?.email ?? owner?.email;
    if (!to) continue;
    const locale = (member ? accounts.get(member.userId!)?.locale : owner?.locale) ?? null;
    const types = byAddress.get(to)?.types ?? [];
    byAddress.set(to, { locale, types: [...new Set([...types, row.documentType])] });
  }
  const base = (services.config.publicUrl ?? "").replace(/\/$/, "");
  for (const [to, { locale, types }] of byAddress) {
    const source = mailText(services, "document-rejected", locale);
    if (!source) throw new Error("content/mail/document-rejected.md is missing");
    // The documents' names in the language the mail is in (the catalogue's translated titles).
    const named = localizedSet(defs, localeOf(defs.texts, source.language)).defs;
    const mail = filledMail(source, {
      ...lenderTokens(readLenderProfile()),
      documentLabel: types.map((t) => documentTitle(named, t)).join(", "),
      reason,
      signInLink: `${base}${SIGN_IN_PAGE.applicant}`,
    });
    await mailGate(services).send(to, mail, { kind: "document-rejected", applicationId: app.id });
  }
}
