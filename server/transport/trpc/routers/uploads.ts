// uploads.list / uploads.remove: the applicant's own files (the upload itself is POST /api/upload,
// multipart). The portal's identity review queue is portal.identityReviews.*.
import { TRPCError } from "@trpc/server";
import { uploadService } from "@server/features/uploads/service";
import { UploadError } from "@server/features/uploads/upload-error";
import { Refusal, type RefusalKind } from "@server/features/refusal";
import { applicantProcedure, badRequest, router } from "../init";
import { inputOf, optionalInputOf } from "../inputs";
import { readApplication } from "../own-application";

/** The tRPC code and refusal kind of an upload refusal's status (any other is a fault of ours). */
const KINDS: Partial<Record<number, ["FORBIDDEN" | "NOT_FOUND" | "CONFLICT", RefusalKind]>> = {
  403: ["FORBIDDEN", "forbidden"],
  404: ["NOT_FOUND", "notFound"],
  409: ["CONFLICT", "conflict"],
};

function asTrpcError(error: unknown): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.status === 400)
    return badRequest([
      {
        pointer: error.field ? `/${error.field}` : "",
        message: error.message,
        ...(error.said ? { said: error.said } : {}),
      },
    ]);
  const [code, kind] = KINDS[error.status] ?? ["INTERNAL_SERVER_ERROR", "misconfigured"];
  return new TRPCError({
    code,
    message: error.message,
    cause: new Refusal(kind, error.said ?? error.message),
  });
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
