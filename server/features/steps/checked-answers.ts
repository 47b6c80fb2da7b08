// Phases 2 and 3 of step.submit as pure functions, so the development preview judges answers by
// the very code a save runs: the reader's part of the request checked by the step's validator (the
// one the browser runs), then merged into the stored application with what the server set, hidden
// answers and one-time codes dropped, and the whole application checked against its schema.
import { isDeepStrictEqual } from "node:util";
import { said } from "@engine/locale/server-words";
import { fieldSaid, invalidAnswers, Refusal } from "@server/features/refusal";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { keepToPart, writes, type Part } from "@engine/funnel/members";
import { describeAjvErrors } from "@engine/validation/messages";
import { getAt, isWithin, mergeDocs, setAt, withoutAt } from "@engine/base/pointer";
import { cachedStepValidator } from "@engine/funnel/recheck";
import { validApplications } from "@engine/logic/rule-plan";
import { passesAfterChange } from "@engine/validation/valid-after-change";
import { uriOf } from "@engine/base/uris";
import { restoreMasked } from "@engine/validation/sensitive";
import type { Services } from "@server/services";

/** The top-level keys a step's schema names, read once per step (a definitions set's steps are fixed). */
const keysOfStep = new WeakMap<Step, string[]>();
const stepKeysOf = (step: Step): string[] => {
  let keys = keysOfStep.get(step);
  if (!keys)
    keysOfStep.set(step, (keys = Object.keys((step.schema as { properties?: object }).properties ?? {})));
  return keys;
};

/** The values `stored` holds at the step's top-level keys (the step's answers as stored), in one new object. */
function storedAnswersOf(step: Step, stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of stepKeysOf(step))
    if (Object.hasOwn(stored, key) && stored[key] !== undefined)
      // defineProperty, not assignment: a "__proto__" key stays a plain key.
      Object.defineProperty(out, key, {
        value: stored[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out;
}

export interface Judged {
  answers: unknown;
  /** Answers the step hides given the others: dropped from the application. */
  hidden: string[];
  /** The stored application with `answers` merged in, as the step's logic read it (absent: merge them). */
  merged?: Record<string, unknown>;
}

export interface Judge {
  defs: Definitions;
  sensitive: Services["sensitive"];
  step: Step;
  today: string;
}

/** Whether `pointer` is one of `fields` or inside one (a section's fields). */
const inside = (fields: readonly string[], pointer: string) => fields.some((f) => isWithin(pointer, f));

/** The values of `answers` at `fields` (and below) only: a section's answers out of the whole step's. */
function pickWithin(answers: unknown, fields: readonly string[]): unknown {
  return fields.reduce<unknown>(
    (out, f) => (getAt(answers, f) === undefined ? out : setAt(out, f, getAt(answers, f))),
    {},
  );
}

/**
 * What another borrower gives themselves (their demographics, declarations, consents, signature:
 * the part's `refused`) is refused outright when a save would change it, naming the field, rather
 * than quietly left as stored: nobody answers those for them.
 */
function refuseOthersOwn(part: Part, stored: unknown, raw: unknown) {
  const changed = (part.refused ?? []).filter((pointer) => {
    const sent = getAt(raw, pointer);
    return sent !== undefined && !isDeepStrictEqual(sent, getAt(stored, pointer));
  });
  if (changed.length)
    throw new Refusal(
      "forbidden",
      said("refusal.answers.ownOnly"),
      changed.map((pointer) => fieldSaid(pointer, said("refusal.answers.ownOnly"))),
    );
}

/**
 * Phase 2: only the reader's part of the request is taken and judged; a refusal (400) names the
 * fields. With `within` (the fields of one section of the step, saved as the reader finishes it),
 * only those are judged and taken: the sections after it are not answered yet.
 */
export function judgedAnswers(
  { defs, sensitive, step, today }: Judge,
  stored: Record<string, unknown>,
  part: Part,
  raw: unknown,
  within?: readonly string[],
): Judged {
  refuseOthersOwn(part, stored, raw);
  const answers = keepToPart(part, storedAnswersOf(step, stored), restoreMasked(raw, stored, sensitive));
  // Only the reader's fields (and the section's) are judged: the rest of the step is another's.
  const judged = (pointer: string) =>
    (pointer === "" ? !within : writes(part, pointer)) && (!within || inside(within, pointer));
  let merged: Record<string, unknown> | undefined;
  const result = cachedStepValidator(defs, step.id)(answers, {
    application: stored,
    today,
    role: part.role,
    judged,
    ownAnswers: true,
    merged: (doc) => void (merged = doc),
  });
  // (The validator's refusals before any field is judged, size and shape, are filtered here.)
  const errors = result.errors.filter((e) => judged(e.pointer));
  if (errors.length) throw invalidAnswers(errors.map((e) => ({ pointer: e.pointer, message: e.message })));
  const hidden = result.hidden.filter((pointer) => writes(part, pointer));
  if (!within) return { answers: result.answers, hidden, merged };
  return {
    answers: pickWithin(result.answers, within),
    hidden: hidden.filter((pointer) => inside(within, pointer)),
  };
}

/** Phase 3: the judged answers merged into the stored application, which must then pass application.json (400 naming the fields). */
export function mergedApplication(
  { defs, step }: Judge,
  stored: Record<string, unknown>,
  judged: Judged,
  serverSet: Record<string, unknown> = {},
): Record<string, unknown> {
  const merged = [
    ...judged.hidden,
    ...(step.effects ?? []).flatMap((effect) => effect.forget ?? []),
    ...(step.transient ?? []),
  ].reduce(
    (d, pointer) => withoutAt(d, pointer),
    Object.entries(serverSet).reduce(
      (d, [pointer, value]) => setAt(d, pointer, value),
      judged.merged ?? mergeDocs(stored, judged.answers),
    ),
  ) as Record<string, unknown>;
  // A document found valid once (the stored one, saved again unchanged) is not checked again; one
  // found valid here is not checked again by the rule sets that read it (engine/logic/rule-plan.ts).
  const valid = validApplications(defs);
  if (valid.has(merged)) return merged;
  const validateApplication = compileSchemaFile(defs, "application.json");
  // Changed from a stored document found valid: its changed parts are judged, where the schema's
  // shape proves that the same as judging the whole (engine/validation/valid-after-change.ts).
  const passes = valid.has(stored)
    ? passesAfterChange(defs.ajv, uriOf("schemas", "application.json"), stored, merged)
    : validateApplication(merged);
  // Refused: the whole document's check has the last word, and names the fields as it always did.
  if (!passes && !validateApplication(merged))
    throw invalidAnswers(describeAjvErrors(validateApplication.errors));
  valid.add(merged);
  return merged;
}
