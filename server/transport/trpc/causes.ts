// The causes a tRPC error carries to the client beyond its message: the fields at fault, the page to
// go to instead (init.ts's error formatter reads them).
import type { FieldError } from "@engine/validation/messages";

/** A TRPCError cause that carries field errors to the client. */
export class FieldErrors extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.pointer || "/"}: ${e.message}`).join("; "));
  }
}

/** A TRPCError cause that tells the client which page to go to instead (a step not open to them). */
export class GoTo extends Error {
  constructor(
    readonly route: string,
    message: string,
  ) {
    super(message);
  }
}
