// How a tRPC call ended, for tests that assert refusals: its error code ("OK" when it succeeded),
// or the fields a refusal names.
import { TRPCClientError } from "@trpc/client";

export type FieldError = { pointer: string; message: string };

/** "OK", or the refusal's tRPC code ("FORBIDDEN", "NOT_FOUND"...). */
export const codeOf = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => "OK",
    (e: unknown) => (e instanceof TRPCClientError ? (e.data as { code: string }).code : String(e)),
  );

/** The fields a refusal names (none when the call succeeded). */
export const fieldErrorsOf = (promise: Promise<unknown>): Promise<FieldError[]> =>
  promise.then(
    () => [],
    (e: unknown) =>
      ((e as TRPCClientError<never>).data as unknown as { fieldErrors?: FieldError[] }).fieldErrors ?? [],
  );
