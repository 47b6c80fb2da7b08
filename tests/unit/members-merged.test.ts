// Issue 34: step.submit takes the reader's part on the merged answers (not the stored document), so
// the members rule set (rules/members.json) was decided afresh on every save. A document made from
// a stored one now takes the stored one's access, kept already, when the rule set reads the very
// same values of both (partOf/accessOf `from`; engine/logic/same-reads.ts); an answer it reads
// (whether a co-borrower applies, who answers their part) is decided afresh.
import { describe, expect, it } from "vitest";
import { setAt } from "@engine/base/pointer";
import type { Definitions } from "@engine/definitions/definitions";
import { memberRole, OWNER_ROLE, partOf } from "@engine/funnel/members";
import { derivedFrom, ruleSetReads } from "@engine/logic/same-reads";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const TODAY = "2026-11-22";
const ROLES = [OWNER_ROLE, "coborrower"];
/** What the co-borrower always gives themselves (rules/members.json `signs`). */
const THEIR_OWN = memberRole(repo.defs, "coborrower").signs;

// Each decision of the members rule set, watched: an evaluation looks its rule set up in the
// definitions (engine/logic/rule-plan.ts planOf), once per evaluation; a part taken from the stored
// document looks nothing up. (The unit tests share their modules: no module is mocked.)
let lookups = 0;
class Watched<K, V> extends Map<K, V> {
  override get(key: K) {
    if (key === "members") lookups++;
    return super.get(key);
  }
}
const defs: Definitions = { ...repo.defs, ruleSets: new Watched(repo.defs.ruleSets) };
// What the rule set reads, found once per definitions set (a look-up of its own, not a decision).
ruleSetReads(defs, "members");

/** How many times the members rule set was decided since the last call. */
function decided(): number {
  const count = lookups;
  lookups = 0;
  return count;
}

/** A stored document: deeply frozen and shared, as an opened one is. */
const stored = <T extends object>(doc: T): T => {
  shareDocument(doc);
  return doc;
};

/** The two-borrower demo application, the co-borrower invited to answer their part. */
const invitedToAnswer = () => ({ ...twoBorrowers(), coborrowerInvite: { answeredBy: "coborrower" } });

/** What a call gives, or the message it throws (an answer the rule set's input refuses). */
const outcome = (run: () => unknown) => {
  try {
    return { result: run() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/** The part worked out afresh on a copy of `doc`: no kept access, no document to take it from. */
const afresh = (role: string, doc: object) => outcome(() => partOf(defs, role, structuredClone(doc), TODAY));

describe("the reader's part on a save's merged answers", () => {
  it("is the stored document's when the save changes nothing the members rule set reads, decided no more", () => {
    const before = stored(invitedToAnswer());
    const parts = ROLES.map((role) => partOf(defs, role, before, TODAY));
    decided();
    // A save of the borrower's first name: the merged document shares everything else.
    const merged = setAt(before, "/user/firstName", "Ana") as object;
    expect(ROLES.map((role) => partOf(defs, role, merged, TODAY, before))).toEqual(parts);
    expect(decided()).toBe(0);
    expect(parts[0]).toMatchObject({ except: expect.arrayContaining(["/coborrower", ...THEIR_OWN]) });
  });

  it("changes with the answers the members rule set reads: who answers the co-borrower's part, and applying jointly", () => {
    const before = stored(invitedToAnswer());
    ROLES.forEach((role) => partOf(defs, role, before, TODAY));
    decided();
    const takenBack = setAt(before, "/coborrowerInvite/answeredBy", "borrower") as object;
    expect(partOf(defs, OWNER_ROLE, takenBack, TODAY, before)).toMatchObject({ except: THEIR_OWN });
    expect(partOf(defs, "coborrower", takenBack, TODAY, before)).toMatchObject({ access: "signs" });
    const alone = setAt(before, "/setup/hasCoborrower", false) as object;
    expect(partOf(defs, OWNER_ROLE, alone, TODAY, before)).toMatchObject({ except: [], refused: [] });
    // Each decided once, on its own answers.
    expect(decided()).toBe(2);
  });

  it("is the part worked out afresh, for both readers, with every answer of both demo applications made wrong", () => {
    let taken = 0;
    let decidedAgain = 0;
    for (const make of [singleBorrower, twoBorrowers, invitedToAnswer]) {
      const before = stored(make());
      ROLES.forEach((role) => partOf(defs, role, before, TODAY));
      for (const merged of wrongAnswers(before, [null, false, "borrower", "coborrower", {}]) as object[]) {
        const wanted = ROLES.map((role) => afresh(role, merged));
        decided();
        expect(ROLES.map((role) => outcome(() => partOf(defs, role, merged, TODAY, before)))).toEqual(wanted);
        if (decided() === 0) taken++;
        else decidedAgain++;
      }
    }
    // Both kinds are reached: answers the rule set does not read, and answers it does.
    expect(taken).toBeGreaterThan(1000);
    expect(decidedAgain).toBeGreaterThan(10);
  }, 120_000);

  it("is taken from the stored document a shared one was recorded as derived from, without being told", () => {
    const before = stored(invitedToAnswer());
    const part = partOf(defs, OWNER_ROLE, before, TODAY);
    const saved = stored(setAt(before, "/user/lastName", "Lee") as object);
    derivedFrom(saved, before);
    decided();
    expect(partOf(defs, OWNER_ROLE, saved, TODAY)).toEqual(part);
    expect(decided()).toBe(0);
  });

  it("is decided on another day, not taken from the stored document's kept one", () => {
    const before = stored(invitedToAnswer());
    partOf(defs, OWNER_ROLE, before, TODAY);
    const merged = setAt(before, "/user/firstName", "Ana") as object;
    decided();
    partOf(defs, OWNER_ROLE, merged, "2026-11-23", before);
    expect(decided()).toBe(1);
  });
});
