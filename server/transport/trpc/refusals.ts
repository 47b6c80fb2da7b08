// The one mapper of domain refusals (server/features/refusal.ts) to tRPC errors: the code by the
// refusal's kind, the field errors and the page to go to carried to the client as before.
import { TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { Refusal, type RefusalKind } from "@server/features/refusal";
import { FieldErrors, GoTo } from "./causes";

const CODES: Record<RefusalKind, TRPC_ERROR_CODE_KEY> = {
  invalid: "BAD_REQUEST",
  signInRequired: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  notNow: "PRECONDITION_FAILED",
  tooMany: "TOO_MANY_REQUESTS",
  contradicts: "UNPROCESSABLE_CONTENT",
  misconfigured: "INTERNAL_SERVER_ERROR",
};

export function toTRPCError(refusal: Refusal): TRPCError {
  const cause = refusal.fieldErrors
    ? new FieldErrors(refusal.fieldErrors)
    : refusal.route
      ? new GoTo(refusal.route, refusal.message, refusal.said)
      : refusal;
  return new TRPCError({ code: CODES[refusal.kind], message: refusal.message, cause });
}

/** The refusal a failed call's error carries, if any. */
export function refusalOf(error: unknown): Refusal | null {
  let cause: unknown = error;
  while (cause instanceof Error) {
    if (cause instanceof Refusal) return cause;
    cause = cause.cause;
  }
  return null;
}
