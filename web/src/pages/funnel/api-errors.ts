// What a failed tRPC call means for a funnel page. Reads the error shape of server/transport/trpc/init.ts
// (code, httpStatus and, for a refused answer, fieldErrors by JSON pointer). Pure.
import { formWord } from "@engine/locale/form-words";

export interface FieldError {
  pointer: string;
  message: string;
}

export type ApiFailure =
  | { kind: "fields"; fieldErrors: FieldError[]; message: string }
  | { kind: "unauthorized"; message: string }
  /** The server says to go elsewhere: a step not open yet, or an application already submitted. */
  | { kind: "redirect"; route: string; message: string }
  | { kind: "other"; code: string; message: string };

export function classifyApiError(error: unknown): ApiFailure {
  const e = error as {
    message?: unknown;
    data?: { code?: unknown; fieldErrors?: unknown; route?: unknown } | null;
  } | null;
  const message =
    typeof e?.message === "string" &&
    e.message &&
    !/^Failed to fetch|NetworkError|Load failed/i.test(e.message)
      ? e.message
      : formWord("page.offline");
  const code = typeof e?.data?.code === "string" ? e.data.code : "NETWORK";
  const fieldErrors = Array.isArray(e?.data?.fieldErrors) ? (e.data.fieldErrors as FieldError[]) : [];
  if (code === "BAD_REQUEST" && fieldErrors.length > 0) return { kind: "fields", fieldErrors, message };
  if (code === "UNAUTHORIZED") return { kind: "unauthorized", message };
  if (typeof e?.data?.route === "string" && e.data.route.startsWith("/"))
    return { kind: "redirect", route: e.data.route, message };
  return { kind: "other", code, message };
}
