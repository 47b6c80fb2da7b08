// A save walks the owner's path on the document it writes (keyed by a digest of the walk's inputs),
// and the next request opens that text again as a new, shared document: the walk on it is the one
// the save made (the same inputs' JSON), found by its digest, not walked again. Held to a fresh walk.
import { describe, expect, it } from "vitest";
import { journeyOf } from "@engine/funnel/journey";
import { flowOfPart, OWNER_ROLE, partOf } from "@engine/funnel/members";
import { openedDocuments } from "@server/persistence/store/opened-documents";
import { ownerJourney } from "@server/features/steps/journey";
import type { Services } from "@server/services";
import type { StoredApplication } from "@server/persistence/store/applications";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";

const { defs } = repo;
const NOW = new Date("2026-11-22T12:00:00Z");
const services = { defs, now: () => NOW } as unknown as Services;
const stepIds = [...defs.steps.keys()];

/** The walk worked out afresh on these inputs, as the server walks the owner's path. */
const fresh = (app: StoredApplication, doc: Record<string, unknown>, completed: string[]) => {
  const part = partOf(defs, OWNER_ROLE, doc);
  return journeyOf(defs, {
    application: doc,
    completed,
    variant: app.variant,
    flow: flowOfPart(defs, part),
    part,
    today: "2026-11-22",
  });
};

describe("the owner's path on a document opened from the text a save wrote", () => {
  it("is the walk the save made on the document it wrote, equal to a fresh walk, for each demo application", () => {
    const opened = openedDocuments({}, defs);
    for (const [i, made] of [singleBorrower(), twoBorrowers()].entries()) {
      const app = { id: `a${i}`, variant: null, completed: null } as unknown as StoredApplication;
      const completed = stepIds; // every step saved: the whole path walked
      const written = made as Record<string, unknown>;
      const saved = ownerJourney(services, app, written, completed);
      const text = JSON.stringify(written);
      const reopened = opened.put(text, JSON.parse(text) as Record<string, unknown>);
      const read = ownerJourney(services, app, reopened, completed);
      expect(read).toBe(saved);
      expect(read).toEqual(fresh(app, JSON.parse(text), completed));
      expect(read.path.length).toBeGreaterThan(10);
      // Another document (an answer changed) or other saved steps: walked on its own.
      const other = opened.put(`${text} `, { ...(JSON.parse(text) as Record<string, unknown>), setup: {} });
      const walkedOther = ownerJourney(services, app, other, completed);
      expect(walkedOther).toEqual(
        fresh(app, { ...(JSON.parse(text) as Record<string, unknown>), setup: {} }, completed),
      );
      const fewer = ownerJourney(services, app, reopened, completed.slice(0, 5));
      expect(fewer).not.toBe(saved);
      expect(fewer).toEqual(fresh(app, JSON.parse(text), completed.slice(0, 5)));
    }
  });
});
