// When a borrower's photo ID is complete (every side the sides rule asks for is uploaded), a case
// starts with the identity provider; the portal lists the cases waiting for a person and records
// their decision. Audit events name the case, never the person's data.
import { auditAction } from "@engine/lending/audit-actions";
import { and, asc, eq, inArray } from "drizzle-orm";
import { addressLine, answersPointer, borrowerName, type BorrowerRole } from "@engine/lending/borrowers";
import { getAt } from "@engine/base/pointer";
import type { Definitions } from "@engine/definitions/definitions";
import { chosenIdType, idSides, idUploadsOf } from "@engine/lending/documents";
import { transaction, type Db } from "@server/persistence/db/client";
import { applications, identityReviews, uploads } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { decideUploads, mailRejections } from "../uploads/review";
import type { IdentityCase, IdentityStatus } from "./provider";
import { errorKind } from "@server/platform/observability/log";

export interface IdSidesState {
  borrower: BorrowerRole;
  /** The ID type chosen on the identity step (or, before a choice, the one the uploads name). */
  idType: string | null;
  sides: { side: string; uploadId: string | null }[];
  complete: boolean;
}

/** Which sides of a borrower's photo ID are uploaded, per the sides rule. */
export function idSidesState(
  defs: Definitions,
  doc: Record<string, unknown>,
  borrower: BorrowerRole,
): IdSidesState {
  const own = idUploadsOf(defs, doc, borrower);
  // As rules/documents.json reads it: the type chosen on the identity step, else the kind of the first ID uploaded.
  const idType =
    chosenIdType(doc, borrower) ?? own.find((u) => typeof u.subtype === "string")?.subtype ?? null;
  if (!idType) return { borrower, idType: null, sides: [], complete: false };
  const sides = idSides(defs, idType).map((side) => ({
    side,
    uploadId:
      own.findLast((u) => u.subtype === idType && u.side === side && typeof u.id === "string")?.id ?? null,
  }));
  return { borrower, idType, sides, complete: sides.length > 0 && sides.every((s) => s.uploadId !== null) };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Starts a case for the borrower when their ID is complete and no review exists yet for exactly
 * these uploads. Returns the case's status, or null when no case started. A provider failure is
 * logged (without personal data) and leaves the uploads as they are.
 */
export async function startIdentityCaseIfComplete(
  services: Services,
  applicationId: string,
  borrower: BorrowerRole,
): Promise<IdentityStatus | null> {
  const { db, defs } = services;
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!row) return null;
  const store = applicationStore(services);
  const app = store.fromRow(row);
  const state = idSidesState(defs, app.doc, borrower);
  if (!state.complete || !state.idType) return null;
  const uploadIds = state.sides.map((s) => s.uploadId!);

  const existing = await db
    .select()
    .from(identityReviews)
    .where(and(eq(identityReviews.applicationId, applicationId), eq(identityReviews.borrower, borrower)));
  if (existing.some((r) => sameSet(JSON.parse(r.uploadIds) as string[], uploadIds))) return null;

  const files = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.applicationId, applicationId), inArray(uploads.id, uploadIds)));
  const byId = new Map(files.map((f) => [f.id, f]));
  if (uploadIds.some((id) => !byId.has(id))) return null;
  const identityCase: IdentityCase = {
    applicationId,
    borrower,
    idType: state.idType,
    uploads: state.sides.map((s) => {
      const f = byId.get(s.uploadId!)!;
      return { id: f.id, side: s.side, storageKey: f.storageKey, contentType: f.contentType };
    }),
  };
  const provider = services.identityProvider;
  try {
    const result = await provider.start(identityCase);
    await store.audit(db, {
      actorKind: "system",
      actorId: provider.name,
      action: auditAction("identity.started", borrower, result.status),
      applicationId,
    });
    return result.status;
  } catch (error) {
    // Its kind only: a provider's message may quote the applicant.
    services.log.error(
      { provider: provider.name, err: errorKind(error) },
      `identity provider ${provider.name} could not start a case`,
    );
    return null;
  }
}

/** The latest review of each borrower of an application, for the applicant's own view. */
export async function reviewsOf(db: Db, applicationId: string) {
  const rows = await db
    .select()
    .from(identityReviews)
    .where(eq(identityReviews.applicationId, applicationId))
    .orderBy(asc(identityReviews.createdAt), asc(identityReviews.id));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) latest.set(r.borrower, r);
  return latest;
}

/** The cases waiting for a person in the portal, oldest first. No SSN or other identifiers: the borrower's name only, to compare with the ID. */
export async function pendingReviews(services: Services) {
  const { db, defs } = services;
  const rows = await db
    .select()
    .from(identityReviews)
    .where(eq(identityReviews.status, "pending"))
    .orderBy(asc(identityReviews.createdAt), asc(identityReviews.id));
  const store = applicationStore(services);
  const ids = [...new Set(rows.map((r) => r.applicationId))];
  const apps = ids.length ? await db.select().from(applications).where(inArray(applications.id, ids)) : [];
  const docs = new Map(apps.map((a) => [a.id, store.fromRow(a).doc]));
  return rows.map((r) => {
    const doc = docs.get(r.applicationId) ?? {};
    const name = borrowerName(defs, doc, r.borrower);
    // What the reviewer compares the ID with: the borrower's name, date of birth and home address as answered.
    const answers = answersPointer(defs, r.borrower);
    const dateOfBirth = getAt(doc, `${answers}/dateOfBirth`);
    return {
      id: r.id,
      applicationId: r.applicationId,
      borrower: r.borrower,
      name,
      dateOfBirth: typeof dateOfBirth === "string" ? dateOfBirth : null,
      address: addressLine(getAt(doc, `${answers}/address`)),
      idType: r.idType,
      uploadIds: JSON.parse(r.uploadIds) as string[],
      provider: r.provider,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export type DecideResult =
  { ok: true; applicationId: string } | { ok: false; reason: "not-found" | "decided" };

/**
 * A person's decision on a pending case; a case already decided stays as it is. Its photos are
 * decided with it: a rejection takes them off the application, so the ID is asked for again
 * (server/features/uploads/review.ts), and the borrower is emailed the reason.
 */
export async function decideReview(
  services: Services,
  reviewId: string,
  decision: { status: "approved" | "rejected"; reason: string | null; reviewedBy: string },
): Promise<DecideResult> {
  const { db } = services;
  const store = applicationStore(services);
  const outcome = await transaction(db, async (tx) => {
    const [row] = await tx.select().from(identityReviews).where(eq(identityReviews.id, reviewId));
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.status !== "pending") return { ok: false, reason: "decided" } as const;
    await tx
      .update(identityReviews)
      .set({
        status: decision.status,
        reason: decision.reason,
        reviewedBy: decision.reviewedBy,
        reviewedAt: services.now(),
        definitionsVersion: services.definitionsVersion,
      })
      .where(and(eq(identityReviews.id, reviewId), eq(identityReviews.status, "pending")));
    await store.audit(tx, {
      actorKind: "portal",
      actorId: decision.reviewedBy,
      action: auditAction(`identity.${decision.status}`, row.borrower),
      applicationId: row.applicationId,
    });
    const [appRow] = await tx.select().from(applications).where(eq(applications.id, row.applicationId));
    const app = appRow ? store.fromRow(appRow) : null;
    const rejected = app
      ? await decideUploads(tx, services, app, JSON.parse(row.uploadIds) as string[], {
          status: decision.status === "approved" ? "accepted" : "rejected",
          reason: decision.reason,
          reviewedBy: decision.reviewedBy,
        })
      : [];
    return { ok: true, applicationId: row.applicationId, app, rejected } as const;
  });
  if (!outcome.ok) return outcome;
  if (outcome.app && outcome.rejected.length)
    await mailRejections(
      services,
      outcome.app,
      outcome.rejected,
      decision.reason ?? "the photo of your ID could not be verified",
    ).catch((error: unknown) =>
      services.log.error({ err: errorKind(error) }, "identity review: the rejection mail failed"),
    );
  return { ok: true, applicationId: outcome.applicationId };
}
