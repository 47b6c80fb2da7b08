// uploads.list / uploads.remove: the applicant's own files (the upload itself is POST /api/upload,
// multipart). The portal's identity review queue is portal.identityReviews.*.
import { TRPCError } from "@trpc/server";
import { uploadService } from "@server/features/uploads/service";
import { UploadError } from "@server/features/uploads/upload-error";
import { applicantProcedure, badRequest, router } from "../init";
import { inputOf, optionalInputOf } from "../inputs";
import { readApplication } from "../own-application";

function asTrpcError(error: unknown): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.status === 400)
    return badRequest([{ pointer: error.field ? `/${error.field}` : "", message: error.message }]);
  const code =
    error.status === 403
      ? "FORBIDDEN"
      : error.status === 404
        ? "NOT_FOUND"
        : error.status === 409
          ? "CONFLICT"
          : "INTERNAL_SERVER_ERROR";
  return new TRPCError({ code, message: error.message });
}

export const uploadsRouter = router({
  list: applicantProcedure.input(optionalInputOf("applicationRef")).query(async ({ ctx, input }) => {
    return uploadService(ctx.services).list(await readApplication(ctx, input?.applicationId));
  }),

  remove: applicantProcedure.input(inputOf("uploadRef")).mutation(async ({ ctx, input }) => {
    const reader = await readApplication(ctx, input.applicationId);
    try {
      return await uploadService(ctx.services).remove(reader, input.uploadId, ctx.applicant.userId);
    } catch (error) {
      throw asTrpcError(error);
    }
  }),
});
