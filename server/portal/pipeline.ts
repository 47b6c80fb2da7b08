// What the portal shows of applications: the pipeline rows (status, step label, borrowers with
// masked SSNs, outstanding documents, assignment) and one application's file: answers (masked),
// documents with their uploads, signatures, identity checks and the audit trail.
import { asc, desc, eq, inArray } from "drizzle-orm";
import { todayIso } from "../../engine/dates";
import { labelOf } from "../../engine/funnel";
import { answersPointer, borrowerName, borrowerRoles } from "../../engine/borrowers";
import { requirementsOf } from "../../engine/documents";
import { OWNER_ROLE, roleLabel } from "../../engine/members";
import { getAt } from "../../engine/pointer";
import { maskValue } from "../../engine/sensitive";
import { applications, auditEvents, identityReviews, portalUsers, signatures, uploads } from "../db/schema";
import type { Services } from "../services";
import { memberStore } from "../members/store";
import { applicationStore } from "../store/applications";
import { visibleTo } from "./scope";
import type { Staff } from "./staff";

type Row = typeof applications.$inferSelect;

/** The borrowers whose answers the application holds (rules/members.json), with their name and masked SSN. */
function borrowersOf(services: Services, doc: Record<string, unknown>) {
  const ssnField = services.sensitive.find((f) => f.format === "ssn");
  return borrowerRoles(services.defs).flatMap((role) => {
    const person = getAt(doc, answersPointer(services.defs, role)) as Record<string, unknown> | undefined;
    if (!person || typeof person !== "object") return [];
    const name = borrowerName(services.defs, doc, role);
    const ssn = typeof person.ssn === "string" ? maskValue(person.ssn, ssnField?.format) : null;
    return name || ssn ? [{ role, name: name || null, ssn }] : [];
  });
}

function outstandingOf(services: Services, doc: Record<string, unknown>) {
  try {
    return requirementsOf(services.defs, doc, todayIso(services.now()))
      .filter((r) => r.uploaded < r.count)
      .map((r) => ({ label: typeof r.label === "string" ? r.label : r.documentType, borrower: r.borrower, missing: r.count - r.uploaded }));
  } catch {
    return []; // an application too incomplete for the document rules has nothing to ask for yet
  }
}

export function pipelineOf(services: Services) {
  const { db, defs } = services;
  const store = applicationStore(services);
  const names = async (ids: (string | null)[]) => {
    const wanted = [...new Set(ids.filter((i): i is string => !!i))];
    if (!wanted.length) return new Map<string, string>();
    const rows = await db.select({ id: portalUsers.id, name: portalUsers.name }).from(portalUsers).where(inArray(portalUsers.id, wanted));
    return new Map(rows.map((u) => [u.id, u.name]));
  };
  const summary = (row: Row, doc: Record<string, unknown>, officers: Map<string, string>) => ({
    id: row.id,
    status: row.status,
    stepLabel: labelOf(defs, row.status) ?? defs.steps.get(row.status)?.def.label ?? row.status,
    variant: row.variant,
    borrowers: borrowersOf(services, doc),
    outstanding: outstandingOf(services, doc),
    loanOfficer: row.loanOfficerId ? { id: row.loanOfficerId, name: officers.get(row.loanOfficerId) ?? null } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  return {
    /** The newest applications first, at most `limit`. */
    async list(staff: Staff, limit = 200) {
      const rows = await db.select().from(applications).where(visibleTo(staff)).orderBy(desc(applications.updatedAt)).limit(limit);
      const officers = await names(rows.map((r) => r.loanOfficerId));
      return rows.map((row) => summary(row, store.fromRow(row).doc, officers));
    },

    /** One application's file, for a user allowed to see it. */
    async detail(staff: Staff, row: Row) {
      const { doc } = store.fromRow(row);
      const [files, signed, reviews, events, joined] = await Promise.all([
        db.select().from(uploads).where(eq(uploads.applicationId, row.id)).orderBy(asc(uploads.createdAt), asc(uploads.id)),
        db.select().from(signatures).where(eq(signatures.applicationId, row.id)).orderBy(asc(signatures.signedAt), asc(signatures.id)),
        db.select().from(identityReviews).where(eq(identityReviews.applicationId, row.id)).orderBy(asc(identityReviews.createdAt), asc(identityReviews.id)),
        db.select().from(auditEvents).where(eq(auditEvents.applicationId, row.id)).orderBy(asc(auditEvents.at), asc(auditEvents.id)),
        memberStore(services).ofApplication(db, row.id),
      ]);
      // Each borrower acts with their own account: the trail names which one acted.
      const applicantActor = (id: string | null) => roleLabel(defs, id === row.ownerId ? OWNER_ROLE : (joined.find((m) => m.userId === id)?.role ?? OWNER_ROLE));
      const people = await names([row.loanOfficerId, ...events.filter((e) => e.actorKind === "portal").map((e) => e.actorId), ...reviews.map((r) => r.reviewedBy), ...files.map((f) => f.reviewedBy)]);
      let requirements: ReturnType<typeof requirementsOf> = [];
      try {
        requirements = requirementsOf(defs, doc, todayIso(services.now()));
      } catch {}
      return {
        ...summary(row, doc, people),
        definitionsVersion: row.definitionsVersion,
        currentDefinitionsVersion: services.definitionsVersion,
        answers: store.view(doc) as Record<string, unknown>,
        requirements: requirements.map((r) => ({ documentType: r.documentType, borrower: r.borrower, propertyId: r.propertyId, label: typeof r.label === "string" ? r.label : r.documentType, count: r.count, uploaded: r.uploaded, reason: r.reason, ruleId: r.ruleId })),
        uploads: staff.can("documents.view")
          ? files.map((f) => ({
              id: f.id,
              documentType: f.documentType,
              subtype: f.documentSubtype,
              side: f.side,
              borrower: f.borrower,
              propertyId: f.propertyId,
              fileName: f.fileName,
              contentType: f.contentType,
              size: f.size,
              createdAt: f.createdAt.toISOString(),
              review: f.reviewStatus ? { status: f.reviewStatus, reason: f.reviewReason, reviewedBy: f.reviewedBy ? (people.get(f.reviewedBy) ?? f.reviewedBy) : null, reviewedAt: f.reviewedAt?.toISOString() ?? null } : null,
            }))
          : [],
        // Who signed, when and from where, per borrower, each in their own session; a voided signature says when a change voided it.
        signatures: signed.map((s) => ({
          id: s.id,
          signer: s.signer,
          signerLabel: roleLabel(defs, s.signer),
          typedName: s.typedName,
          signedAt: s.signedAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
          voidedAt: s.voidedAt?.toISOString() ?? null,
          documents: JSON.parse(s.documents) as { id: string; version: string }[],
          definitionsVersion: s.definitionsVersion,
        })),
        identityReviews: reviews.map((r) => ({ id: r.id, borrower: r.borrower, idType: r.idType, status: r.status, reason: r.reason, reviewedBy: r.reviewedBy ? (people.get(r.reviewedBy) ?? r.reviewedBy) : null, reviewedAt: r.reviewedAt?.toISOString() ?? null, definitionsVersion: r.definitionsVersion, createdAt: r.createdAt.toISOString() })),
        audit: events.map((e) => ({
          at: e.at.toISOString(),
          actor: e.actorKind === "portal" ? (people.get(e.actorId ?? "") ?? "Portal user") : e.actorKind === "applicant" ? applicantActor(e.actorId) : `System${e.actorId ? ` (${e.actorId})` : ""}`,
          actorKind: e.actorKind,
          action: e.action,
          changed: JSON.parse(e.changed) as string[],
          definitionsVersion: e.definitionsVersion,
        })),
      };
    },
  };
}
