// One application's file as the portal shows it: the pipeline summary, the answers (masked), the
// documents required with their uploads, signatures, identity checks and the audit trail.
import { asc, eq } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { OWNER_ROLE, roleLabel } from "@engine/funnel/members";
import { requirementsOf } from "@engine/lending/documents";
import { auditEvents, identityReviews, signatures, uploads } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { memberStore } from "../members/store";
import { losCredentialsOf } from "../los/credentials";
import { originatorOf } from "../loan/originator";
import { loansOf, namesOf, summaryOf, type Pipeline, type Row } from "./pipeline-summary";
import type { Staff } from "./staff";

type Names = Map<string, string>;

export async function applicationFile(pipeline: Pipeline, staff: Staff, row: Row) {
  const { services } = pipeline;
  const { defs } = services;
  const store = applicationStore(services);
  const { doc } = store.fromRow(row);
  const { files, signed, reviews, events, joined } = await recordsOf(services, row.id);
  // Each borrower acts with their own account: the trail names which one acted.
  const applicantActor = (id: string | null) =>
    roleLabel(
      defs,
      id === row.ownerId ? OWNER_ROLE : (joined.find((m) => m.userId === id)?.role ?? OWNER_ROLE),
    );
  const people = await namesOf(services, [
    row.loanOfficerId,
    ...events.filter((e) => e.actorKind === "portal").map((e) => e.actorId),
    ...reviews.map((r) => r.reviewedBy),
    ...files.map((f) => f.reviewedBy),
  ]);
  const losLabels = await losCredentialsOf(services).labels(
    events.filter((e) => e.actorKind === "los").map((e) => e.actorId ?? ""),
  );
  let requirements: ReturnType<typeof requirementsOf> = [];
  try {
    requirements = requirementsOf(defs, doc, todayIso(services.now()));
  } catch {}
  return {
    ...summaryOf(pipeline, row, doc, people, await loansOf(services, [row.id])),
    // URLA section 9 as the applicant's summary and the MISMO file state it.
    originator: await originatorOf(services, row.id),
    definitionsVersion: row.definitionsVersion,
    currentDefinitionsVersion: services.definitionsVersion,
    answers: store.view(doc) as Record<string, unknown>,
    requirements: requirements.map(requirementView),
    uploads: staff.can("documents.view") ? files.map((f) => uploadView(f, people)) : [],
    // Who signed, when and from where, per borrower, each in their own session; a voided signature says when a change voided it.
    signatures: signed.map((s) => signatureView(services, s)),
    identityReviews: reviews.map((r) => reviewView(r, people)),
    audit: events.map((e) => auditView(e, people, applicantActor, losLabels)),
  };
}

async function recordsOf(services: Services, applicationId: string) {
  const { db } = services;
  const [files, signed, reviews, events, joined] = await Promise.all([
    db
      .select()
      .from(uploads)
      .where(eq(uploads.applicationId, applicationId))
      .orderBy(asc(uploads.createdAt), asc(uploads.id)),
    db
      .select()
      .from(signatures)
      .where(eq(signatures.applicationId, applicationId))
      .orderBy(asc(signatures.signedAt), asc(signatures.id)),
    db
      .select()
      .from(identityReviews)
      .where(eq(identityReviews.applicationId, applicationId))
      .orderBy(asc(identityReviews.createdAt), asc(identityReviews.id)),
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, applicationId))
      .orderBy(asc(auditEvents.at), asc(auditEvents.id)),
    memberStore(services).ofApplication(db, applicationId),
  ]);
  return { files, signed, reviews, events, joined };
}

const requirementView = (r: ReturnType<typeof requirementsOf>[number]) => ({
  documentType: r.documentType,
  borrower: r.borrower,
  propertyId: r.propertyId,
  label: typeof r.label === "string" ? r.label : r.documentType,
  count: r.count,
  uploaded: r.uploaded,
  reason: r.reason,
  ruleId: r.ruleId,
});

const uploadView = (f: typeof uploads.$inferSelect, people: Names) => ({
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
  review: f.reviewStatus
    ? {
        status: f.reviewStatus,
        reason: f.reviewReason,
        reviewedBy: f.reviewedBy ? (people.get(f.reviewedBy) ?? f.reviewedBy) : null,
        reviewedAt: f.reviewedAt?.toISOString() ?? null,
      }
    : null,
});

const signatureView = (services: Services, s: typeof signatures.$inferSelect) => ({
  id: s.id,
  signer: s.signer,
  signerLabel: roleLabel(services.defs, s.signer),
  typedName: s.typedName,
  signedAt: s.signedAt.toISOString(),
  ip: s.ip,
  userAgent: s.userAgent,
  voidedAt: s.voidedAt?.toISOString() ?? null,
  documents: JSON.parse(s.documents) as { id: string; version: string }[],
  definitionsVersion: s.definitionsVersion,
});

const reviewView = (r: typeof identityReviews.$inferSelect, people: Names) => ({
  id: r.id,
  borrower: r.borrower,
  idType: r.idType,
  status: r.status,
  reason: r.reason,
  reviewedBy: r.reviewedBy ? (people.get(r.reviewedBy) ?? r.reviewedBy) : null,
  reviewedAt: r.reviewedAt?.toISOString() ?? null,
  definitionsVersion: r.definitionsVersion,
  createdAt: r.createdAt.toISOString(),
});

const auditView = (
  e: typeof auditEvents.$inferSelect,
  people: Names,
  applicantActor: (id: string | null) => string,
  losLabels: Map<string, string>,
) => ({
  at: e.at.toISOString(),
  actor:
    e.actorKind === "portal"
      ? (people.get(e.actorId ?? "") ?? "Portal user")
      : e.actorKind === "applicant"
        ? applicantActor(e.actorId)
        : e.actorKind === "los"
          ? `LOS credential "${losLabels.get(e.actorId ?? "") ?? e.actorId}"`
          : `System${e.actorId ? ` (${e.actorId})` : ""}`,
  actorKind: e.actorKind,
  action: e.action,
  changed: JSON.parse(e.changed) as string[],
  definitionsVersion: e.definitionsVersion,
});
