// Server-side work a step file declares in `effects` (schemas/step.schema.json), by kind: the types
// a handler implements (the table of handlers is server/features/steps/effect-table.ts). step.submit runs
// them in two phases:
// - check: before the save's transaction, once the answers are valid. It may refuse the step with a
//   field error, and what it writes stands even then (a wrong code uses up a try); it returns the
//   answers only the server can set (pointer → value), which are saved with the step's, and may
//   hand the save's transaction work of its own (`inSave`: a right code is spent there).
// - record: inside the transaction, after the save, so a record that throws saves nothing. It may
//   return work for after the commit (a file to render, a text to send); that work's failure is
//   logged and does not undo the step.
import type { Step } from "@engine/generated/schema-types";
import type { Db } from "@server/persistence/db/client";
import type { Services } from "@server/services";

export type StepEffect = NonNullable<Step["effects"]>[number];

interface EffectContext {
  effect: StepEffect;
  step: Step;
  services: Services;
  /**
   * Where the answers came from: the connection's address (no proxy header is trusted), the
   * browser's User-Agent, and the origin the request came to (mailed links use PUBLIC_URL when set).
   */
  /** language: the reader's (server/features/locale), which legal texts are shown and signed in when a reviewed translation exists. */
  request: { ip: string; userAgent: string | null; origin: string | null; language?: string };
  now: Date;
  today: string;
  /** Who saves the step: the owner's role or a member's (each borrower signs and consents for themselves). */
  role: string;
  /** Their account; null for a visitor whose first answer this is. */
  actorId: string | null;
}

export interface EffectCheck extends EffectContext {
  /** The applicant's account; null for a visitor whose first answer this is. */
  ownerId: string | null;
  /** The step's answers, valid for the step (identifiers in the clear): never for a response. */
  answers: Record<string, unknown>;
  /** The application as stored before this step. */
  stored: Record<string, unknown>;
  /**
   * Ends the submission by signing this browser in to another account (a right email code for an
   * address that account proved): nothing of the step is saved, and the reader goes to that
   * account's application.
   */
  signInAs(accountId: string): void;
  /**
   * Work for the transaction that ends this submission (the step's save, or the sign-in of
   * `signInAs`), run there before anything of the step is written: what it writes commits with
   * the save, and a throw refuses the save with nothing of it saved. `current`: the application as
   * that transaction read it. A verdict about a stored answer (the code was sent to this number)
   * holds only if the answer is still the one checked: another tab may have saved in between.
   */
  inSave(work: (tx: Db, current: Record<string, unknown>) => Promise<void>): void;
}

export interface EffectRun extends EffectContext {
  tx: Db;
  application: { id: string; ownerId: string };
  /** The application document as saved (identifiers in the clear): never for a response. */
  doc: Record<string, unknown>;
}

export interface EffectHandler {
  check?(run: EffectCheck): Promise<Record<string, unknown> | void>;
  record?(run: EffectRun): Promise<void | (() => Promise<void>)>;
}
