// uploads.list: the applicant's own uploads, and for each borrower which photo-ID sides are in and
// how the identity review stands.
import { asc, eq } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { idHolders } from "@engine/lending/documents";
import { isFinalStatus } from "@engine/funnel/journey";
import { identityReviews, uploads } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { idSidesState, reviewsOf } from "../identity/checks";
import type { Reader } from "../members/store";
import { ownDocuments } from "./access";
import { viewOf } from "./view";

export async function listUploads(services: Services, reader: Reader) {
  const { db, defs } = services;
  const { app } = reader;
  const isMine = ownDocuments(services, reader);
  const rows = (
    await db
      .select()
      .from(uploads)
      .where(eq(uploads.applicationId, app.id))
      .orderBy(asc(uploads.createdAt), asc(uploads.id))
  ).filter((row) => isMine(row.borrower));
  const reviews = await reviewsOf(db, app.id);
  return {
    uploads: rows.map(viewOf),
    identity: idHolders(defs, app.doc, todayIso(services.now()))
      .filter(isMine)
      .map((borrower) => ({
        ...idSidesState(defs, app.doc, borrower),
        review: reviewView(reviews.get(borrower)),
      })),
    // Once submitted, files stay (they are part of what was submitted); missing ones can still be sent.
    canRemove: !isFinalStatus(defs, app.status),
    /** The largest file one upload may carry, so the page can say so before sending it. */
    maxBytes: services.config.uploadMaxBytes,
  };
}

const reviewView = (review: typeof identityReviews.$inferSelect | undefined) =>
  review
    ? {
        status: review.status,
        ...(review.status === "rejected" && review.reason ? { reason: review.reason } : {}),
      }
    : null;
