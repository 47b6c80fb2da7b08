// uploads.list / uploads.remove: the applicant's own files (the upload itself is POST /api/upload,
// multipart). identityReviews.*: the portal's manual identity review queue. Portal roles come in
// a later issue: for now any signed-in portal user may review.
import { TRPCError } from "@trpc/server";
import { decideReview, pendingReviews } from "../../identity/cases";
import { uploadService, UploadError } from "../../uploads/service";
import { applicantProcedure, badRequest, portalProcedure, router } from "../init";
import { inputOf, optionalInputOf } from "../inputs";
import { ownApplication } from "../own-application";

function asTrpcError(error: unknown): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.status === 400) return badRequest([{ pointer: error.field ? `/${error.field}` : "", message: error.message }]);
  const code = error.status === 403 ? "FORBIDDEN" : error.status === 404 ? "NOT_FOUND" : error.status === 409 ? "CONFLICT" : "INTERNAL_SERVER_ERROR";
  return new TRPCError({ code, message: error.message });
}

export const uploadsRouter = router({
  list: applicantProcedure.input(optionalInputOf("applicationRef")).query(({ ctx, input }) => {
    const app = ownApplication(ctx, input?.applicationId);
    return uploadService(ctx.services).list(app);
  }),

  remove: applicantProcedure.input(inputOf("uploadRef")).mutation(async ({ ctx, input }) => {
    const app = ownApplication(ctx, input.applicationId);
    try {
      return await uploadService(ctx.services).remove(app, input.uploadId, ctx.applicant.userId);
    } catch (error) {
      throw asTrpcError(error);
    }
  }),
});

function decide(ctx: { services: Parameters<typeof decideReview>[0]; portal: { userId: string } }, reviewId: string, status: "approved" | "rejected", reason: string | null) {
  const result = decideReview(ctx.services, reviewId, { status, reason, reviewedBy: ctx.portal.userId });
  if (!result.ok && result.reason === "not-found") throw new TRPCError({ code: "NOT_FOUND", message: "There is no such identity review." });
  if (!result.ok) throw new TRPCError({ code: "CONFLICT", message: "This identity review has already been decided." });
  return { reviewId, status };
}

export const identityReviewsRouter = router({
  /** Cases waiting for a person, oldest first: application, borrower and name, ID type, the upload ids to open (GET /api/upload/:id). No SSN. */
  pending: portalProcedure.input(optionalInputOf("empty")).query(({ ctx }) => ({ reviews: pendingReviews(ctx.services) })),

  approve: portalProcedure.input(inputOf("identityReviewApproval")).mutation(({ ctx, input }) => decide(ctx, input.reviewId, "approved", input.reason ?? null)),

  reject: portalProcedure.input(inputOf("identityReviewRejection")).mutation(({ ctx, input }) => decide(ctx, input.reviewId, "rejected", input.reason)),
});
