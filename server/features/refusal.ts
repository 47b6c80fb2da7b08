// What a feature throws when it says no. Features speak the domain's words; the transport turns
// each refusal into its protocol's error (server/transport/trpc/refusals.ts for tRPC), so no
// feature knows which protocol carries it.
import { englishOf, type Said } from "@engine/locale/server-words";
import type { FieldError } from "@engine/validation/messages";

export type RefusalKind =
  /** The input is wrong: the fields say how. */
  | "invalid"
  /** No session, or not the right one. */
  | "signInRequired"
  /** This reader may never do this. */
  | "forbidden"
  | "notFound"
  /** Someone else changed it in between: reload and try again. */
  | "conflict"
  /** Not now: something must happen first (or can no longer happen). */
  | "notNow"
  /** Too many of these from this person, device or network for now: a budget is spent. */
  | "tooMany"
  /** The request contradicts an earlier one it claims to repeat (an idempotency key reused). */
  | "contradicts"
  /** The product is set up wrong for this (a missing text, a rule set without an output). */
  | "misconfigured";

/** What a refusal says: an engine word with its values (the transport writes it in the reader's language), or a definition's own English (a step's dueReason, a check's message). */
export type RefusalMessage = string | Said;

export class Refusal extends Error {
  override readonly name = "Refusal";
  /** The word and values of the message, when it is an engine word: the message is its English. */
  readonly said?: Said;
  constructor(
    readonly kind: RefusalKind,
    message: RefusalMessage,
    /** The fields at fault, each by JSON pointer. */
    readonly fieldErrors?: FieldError[],
    /** The page to go to instead. */
    readonly route?: string,
    /** What went wrong underneath (a write conflict), for the log. */
    cause?: unknown,
  ) {
    super(
      typeof message === "string" ? message : englishOf(message),
      cause === undefined ? undefined : { cause },
    );
    if (typeof message !== "string") this.said = message;
  }
}

export const refuse = (kind: RefusalKind, message: RefusalMessage) => new Refusal(kind, message);

/** A field error whose message is an engine word and its values. */
export const fieldSaid = (pointer: string, s: Said): FieldError => ({
  pointer,
  message: englishOf(s),
  said: s,
});

/** A refusal of the answers, naming each field. */
export const invalidAnswers = (errors: FieldError[]) =>
  new Refusal(
    "invalid",
    errors[0] ? `${errors[0].pointer || "/"}: ${errors[0].message}` : "Bad request",
    errors,
  );

/** A refusal that says where to go instead: a step not open to this reader, an application that is submitted. */
export const refuseWithRoute = (kind: "forbidden" | "notNow", route: string, message: RefusalMessage) =>
  new Refusal(kind, message, undefined, route);
