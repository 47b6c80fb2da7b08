// What a reader is shown of their application on a step.get: their part of the stored document with
// the writeOnly identifiers masked, and a step's prefill worked out on it. A stored document as
// opened is frozen and shared (persistence/store/opened-documents.ts), so on it both are the same
// for every read of the same reader on the same day: they are kept with the document instead of
// copied and masked again on each read (issue 34: a third of a whole application's step.get).
import { todayIso } from "@engine/base/dates";
import type { Definitions, Step } from "@engine/definitions/definitions";
import { viewFor, writes, type Part } from "@engine/funnel/members";
import { prefillValues } from "@engine/logic/prefill";
import { applicationStore } from "@server/persistence/store/applications";
import {
  deepFreeze,
  documentMemo,
  isShared,
  type DocumentMemo,
} from "@server/persistence/store/opened-documents";
import type { Services } from "@server/services";

interface Shown {
  /** The sealed-field list the view was masked by (a definitions reload swaps it). */
  sensitive: Services["sensitive"];
  view: Record<string, unknown>;
  /** Step id → that step's prefill on the view. */
  prefills: Map<string, Record<string, unknown>>;
}

/** Per definitions set, per shared document: reader (day and part) → what they are shown. */
const shownOf = new WeakMap<Definitions, DocumentMemo<Shown>>();
/** The readers of one document (owner, members) on a day or two: a few each. */
const KEPT_PER_DOCUMENT = 8;

/**
 * The reader's view of `doc` and the steps' prefills on it, kept with a shared document. The key
 * holds what decides them besides the document: the day (the members rule set's, by which the
 * part and the owner's view of the other parts are decided, and the prefill logic's) and the part.
 */
function shown(services: Services, part: Part, doc: Record<string, unknown>, today: string): Shown {
  const make = (): Shown => ({
    sensitive: services.sensitive,
    view: applicationStore(services).view(viewFor(services.defs, part, doc, today)) as Record<
      string,
      unknown
    >,
    prefills: new Map(),
  });
  if (!isShared(doc)) return make();
  let memo = shownOf.get(services.defs);
  if (!memo) shownOf.set(services.defs, (memo = documentMemo(KEPT_PER_DOCUMENT)));
  const key = JSON.stringify([today, part]);
  const hit = memo.get(doc, key);
  if (hit?.sensitive === services.sensitive) return hit;
  const fresh = make();
  deepFreeze(fresh.view);
  memo.set(doc, key, fresh);
  return fresh;
}

/**
 * What the reader is shown of their stored application (their part, writeOnly values masked) and, unless `locked`, the step's prefill on it: field pointer → the value an
 * unanswered field of the reader's part starts from (never more than the view shows).
 */
export function readerPage(
  services: Services,
  part: Part,
  doc: Record<string, unknown>,
  step: Step,
  locked: boolean,
): { view: Record<string, unknown>; prefill: Record<string, unknown> } {
  // The server's day, as the walk's (an injected clock is the one day of a request).
  const today = todayIso(services.now());
  const kept = shown(services, part, doc, today);
  if (locked) return { view: kept.view, prefill: {} };
  let prefill = kept.prefills.get(step.id);
  if (!prefill) {
    prefill = Object.fromEntries(
      Object.entries(prefillValues(services.defs, step, kept.view, today)).filter(([field]) =>
        writes(part, field),
      ),
    );
    if (isShared(doc)) {
      deepFreeze(prefill);
      kept.prefills.set(step.id, prefill);
    }
  }
  return { view: kept.view, prefill };
}
