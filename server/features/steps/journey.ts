// A reader's path through their application, from what is stored: the owner's saved steps (the
// application's `completed`) or a member's (their row's), walked by engine/funnel/journey.ts over the
// flows and the answers. step.get, step.submit and the session all read it here.
import { createHash } from "node:crypto";
import { todayIso } from "@engine/base/dates";
import { routeForStatus } from "@engine/funnel/funnel";
import { completedUpTo, journeyOf, type Journey } from "@engine/funnel/journey";
import { flowOfPart, OWNER_ROLE, partOf, type Part } from "@engine/funnel/members";
import { completedOf, type Reader } from "../members/store";
import type { Services } from "@server/services";
import type { StoredApplication } from "@server/persistence/store/applications";
import { isCancelled } from "../esign/right-to-cancel";
import { documentMemo, isShared, type DocumentMemo } from "@server/persistence/store/opened-documents";

/** The steps the owner has saved; for an application older than the list, those its status says were passed. */
export function ownerCompleted(services: Services, app: StoredApplication): string[] {
  if (app.completed) return app.completed;
  const today = todayIso(services.now());
  const part = partOf(services.defs, OWNER_ROLE, app.doc, today);
  return completedUpTo(services.defs, app.status, {
    application: app.doc,
    variant: app.variant,
    part,
    today,
  });
}

/** The steps a reader has saved: the owner's, or the member's own. */
export const readerCompleted = (services: Services, reader: Reader): string[] =>
  reader.member ? completedOf(reader.member) : ownerCompleted(services, reader.app);

/** The reader's path on `doc` (the stored document, or the one about to be saved) with `completed` saved steps. */
export function journeyFor(
  services: Services,
  reader: Reader,
  doc: Record<string, unknown> = reader.app.doc,
  completed: readonly string[] = readerCompleted(services, reader),
): Journey {
  const today = todayIso(services.now());
  // The reader's part was worked out on their stored document when they were read: on that same
  // document it is not worked out again (the members rule set, on every request).
  const part = doc === reader.app.doc ? reader.part : partOf(services.defs, reader.role, doc, today);
  return walk(services, reader.app, part, doc, completed, today);
}

function walk(
  services: Services,
  app: StoredApplication,
  part: Part,
  doc: Record<string, unknown>,
  completed: readonly string[],
  today: string,
): Journey {
  const { defs } = services;
  const shared = isShared(doc);
  const input = {
    application: doc,
    completed,
    variant: app.variant,
    flow: flowOfPart(defs, part),
    part,
    today,
    // A shared document never changes: the rule sets its steps read are kept with it, and the
    // save's decline (../decisions/adverse-action.ts) finds pricing worked out already.
    fixed: shared,
  };
  // A save walks the same stored document three or four times (the checks, the transaction, the
  // other readers) and the next step.get walks what it saved: the walk is kept by its inputs.
  // A stored document as opened is frozen and shared (persistence/store/opened-documents.ts): its
  // content is fixed, so it is kept by the object, and the key is the small rest of the inputs.
  if (shared) {
    const rest = JSON.stringify([completed, app.variant, input.flow, part, input.today]);
    return walked(defs, rest, () => journeyOf(defs, input), doc);
  }
  // Any other document is keyed by a digest of the inputs' JSON, so an answer changed in place is
  // a different walk, never a stale one (and a kept key is 44 bytes, not the document's 10 kB).
  const key = createHash("sha256")
    .update(JSON.stringify([completed, app.variant, input.flow, part, input.today, doc]))
    .digest("base64");
  return walked(defs, key, () => journeyOf(defs, input));
}

/** The walks kept, per definitions set (a reload starts afresh), the least recently used dropped first. */
const walks = new WeakMap<Services["defs"], Map<string, Journey>>();
/** About a walk per applicant in flight between two steps (a few seconds apart). */
const WALKS_KEPT = 4096;
/** The walks of each shared document, per definitions set: they go with the document. */
const walksOfDocument = new WeakMap<Services["defs"], DocumentMemo<Journey>>();
/** The readers of one document (owner, members) on a day: a few walks each. */
const WALKS_KEPT_PER_DOCUMENT = 16;

function walked(defs: Services["defs"], key: string, walkNow: () => Journey, doc?: object): Journey {
  if (doc) {
    let memo = walksOfDocument.get(defs);
    if (!memo) walksOfDocument.set(defs, (memo = documentMemo(WALKS_KEPT_PER_DOCUMENT)));
    const hit = memo.get(doc, key);
    if (hit) return hit;
    const journey = frozen(walkNow());
    memo.set(doc, key, journey);
    return journey;
  }
  let kept = walks.get(defs);
  if (!kept) walks.set(defs, (kept = new Map()));
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const journey = frozen(walkNow());
  kept.set(key, journey);
  if (kept.size > WALKS_KEPT) kept.delete(kept.keys().next().value!);
  return journey;
}

/** Shared by every caller with the same inputs: frozen, so none can change another's. */
function frozen(journey: Journey): Journey {
  Object.freeze(journey.path);
  return Object.freeze(journey);
}

/** The owner's path on `doc`, whoever is saving (a member's signature can complete the owner's submission). */
export function ownerJourney(
  services: Services,
  app: StoredApplication,
  doc: Record<string, unknown>,
  completed: readonly string[] = ownerCompleted(services, app),
): Journey {
  const today = todayIso(services.now());
  return walk(services, app, partOf(services.defs, OWNER_ROLE, doc, today), doc, completed, today);
}

/** The status a journey gives: the step due, or where the path stopped (the step whose branch left the funnel). */
export const statusOf = (journey: Journey, fallback: string): string =>
  journey.due ?? journey.path.at(-1) ?? fallback;

/** `completed` with `stepId` added at its end when it is new (the order first saved). */
export const withStep = (completed: readonly string[], stepId: string): string[] =>
  completed.includes(stepId) ? [...completed] : [...completed, stepId];

/**
 * What a reader's pages are told about them: their role, the part of each step that is theirs, a
 * member's flow, and the status that says where they are due (the owner's as saved; a member's
 * from their own path: `journey`, when the caller has walked it already on the stored document).
 */
export function readerFacts(services: Services, reader: Reader, journey?: Journey) {
  const { defs } = services;
  const flow = flowOfPart(defs, reader.part);
  // A cancelled line's status is everyone's: its page shows the cancellation.
  const status =
    reader.member && !isCancelled(services.defs, reader.app)
      ? statusOf(journey ?? journeyFor(services, reader), reader.app.status)
      : reader.app.status;
  return {
    role: reader.role,
    part: reader.part,
    flow,
    applicationStatus: status,
    applicationRoute: routeForStatus(defs, status),
  };
}
