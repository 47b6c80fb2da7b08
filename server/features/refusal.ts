// What a feature throws when it says no. Features speak the domain's words; the transport turns
// each refusal into its protocol's error (server/transport/trpc/refusals.ts for tRPC), so no
// feature knows which protocol carries it.
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

export class Refusal extends Error {
  override readonly name = "Refusal";
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** The fields at fault, each by JSON pointer. */
    readonly fieldErrors?: FieldError[],
    /** The page to go to instead. */
    readonly route?: string,
  ) {
    super(message);
  }
}

export const refuse = (kind: RefusalKind, message: string) => new Refusal(kind, message);

/** A refusal of the answers, naming each field. */
export const invalidAnswers = (errors: FieldError[]) =>
  new Refusal(
    "invalid",
    errors[0] ? `${errors[0].pointer || "/"}: ${errors[0].message}` : "Bad request",
    errors,
  );

/** A refusal that says where to go instead: a step not open to this reader, an application that is submitted. */
export const refuseWithRoute = (kind: "forbidden" | "notNow", route: string, message: string) =>
  new Refusal(kind, message, undefined, route);
