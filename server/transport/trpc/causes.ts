// The causes a tRPC error carries to the client beyond its message: the fields at fault, the page to
// go to instead (init.ts's error formatter reads them).
import type { Said } from "@engine/locale/server-words";
import type { FieldError, MessageWords } from "@engine/validation/messages";

/** A TRPCError cause that carries field errors to the client. */
export class FieldErrors extends Error {
  constructor(
    readonly errors: FieldError[],
    /** The same errors in a language's words (a malformed call's, described again by its schema's checks). */
    readonly inWords?: (words: MessageWords) => FieldError[],
  ) {
    super(errors.map((e) => `${e.pointer || "/"}: ${e.message}`).join("; "));
  }
}

/** A TRPCError cause that tells the client which page to go to instead (a step not open to them). */
export class GoTo extends Error {
  constructor(
    readonly route: string,
    message: string,
    /** The message's engine word and values, when it is one. */
    readonly said?: Said,
  ) {
    super(message);
  }
}
