// A move or input the loan refuses, with its kind (the transport maps each to its HTTP status)
// and, for a bad input, the fields at fault. Nothing is saved when one is thrown.
import type { FieldError } from "@engine/validation/messages";

export type RefusalKind = "forbidden" | "notFound" | "conflict" | "precondition" | "badInput";

export class LoanRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }
}

export const refuse = (kind: RefusalKind, message: string) => new LoanRefusal(kind, message);

export const invalidAnswers = (errors: FieldError[]) =>
  new LoanRefusal("badInput", errors[0] ? `${errors[0].pointer}: ${errors[0].message}` : "Bad input", errors);
