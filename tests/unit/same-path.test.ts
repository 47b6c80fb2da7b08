// A changed save walks the owner's path (and a member's) on the document it writes. Where the save
// changed nothing the path's logic reads (the steps' next, skipWhen, visibleWhen and the rule sets
// they read), each step leads where it led on the stored document: the walk takes the steps the
// stored document's walks found (engine/funnel/path-reads.ts, journey.ts). Held here to the walk
// afresh on every prefix of both demo paths in every variant, for the owner and the co-borrower,
// with answers of both demo applications made wrong.
import { describe, expect, it } from "vitest";
import { setAt } from "@engine/base/pointer";
import type { Definitions } from "@engine/definitions/definitions";
import { nextStep } from "@engine/funnel/funnel";
import { entrySteps, journeyOf, nextStepOn, plannedSteps, type JourneyInput } from "@engine/funnel/journey";
import { flowOfPart, memberRoles, OWNER_ROLE, partOf } from "@engine/funnel/members";
import { pathReads, pathReadsSame, pathSourceOf } from "@engine/funnel/path-reads";
import { derivedFrom } from "@engine/logic/same-reads";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";
import { demoPaths } from "../helpers/demo-paths";
import { twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";
const WRONGS = [null, true, false, 0, "", "x"];

/** `value` shared as a stored document is (deeply frozen, memos keyed by it). */
const shared = <T extends object>(value: T): T => {
  shareDocument(value);
  return value;
};

type Doc = Record<string, unknown>;

/** The readers of `doc`: the owner and each member role, each with their part and flow on it. */
const readersOf = (doc: Doc) =>
  [OWNER_ROLE, ...Object.keys(memberRoles(defs))].map((role) => {
    const part = partOf(defs, role, doc, TODAY);
    return { role, part, flow: flowOfPart(defs, part) };
  });

/** A reader's walk on `doc` (fixed: as a stored or saved document is, its steps kept). */
const walkOn = (
  doc: Doc,
  reader: ReturnType<typeof readersOf>[number],
  completed: string[],
  variant: string | null,
  fixed: boolean,
): JourneyInput => ({
  application: doc,
  completed,
  variant,
  flow: reader.flow,
  part: reader.part,
  today: TODAY,
  fixed,
});

describe("a reader's path on a document a save derived from a stored one", () => {
  it("is the path walked afresh, on every prefix of both demo paths in every variant, for every reader, with answers made wrong", () => {
    let taken = 0;
    let afresh = 0;
    let walks = 0;
    const storedOf = new Map<unknown, { stored: Doc; changed: Doc[] }>();
    for (const { make, variant, planned } of demoPaths(defs, TODAY)) {
      if (!storedOf.has(make)) {
        const stored = shared(make());
        storedOf.set(make, { stored, changed: wrongAnswers(stored, WRONGS) as Doc[] });
      }
      const { stored, changed } = storedOf.get(make)!;
      // A member's flow has one variant: walked once per application.
      for (const reader of readersOf(stored).filter((r) => r.flow === null || variant === null)) {
        // A member's path is their flow's; the owner's, the demo path.
        const steps = reader.flow ? plannedSteps(defs, walkOn(stored, reader, [], variant, false)) : planned;
        for (let n = 0; n <= steps.length; n++) {
          const completed = steps.slice(0, n);
          // The stored document walked first (as a save's checks do), then a save of the due step.
          journeyOf(defs, walkOn(stored, reader, completed, variant, true));
          for (const k of [0, 1, 2]) {
            // A different changed answer each time, through the whole document over the prefixes.
            const wrong = changed[(walks * 37 + k * 101) % changed.length]!;
            const doc = shared(wrong);
            derivedFrom(doc, stored);
            if (pathSourceOf(defs, doc) === stored) taken++;
            else afresh++;
            for (const done of [completed, steps.slice(0, n + 1)]) {
              const label = `${make.name} ${String(variant)} ${reader.role} ${n} ${k}`;
              const fixed = walkOn(doc, reader, done, variant, true);
              const fresh = walkOn(structuredClone(wrong), reader, done, variant, false);
              expect(journeyOf(defs, fixed), label).toEqual(journeyOf(defs, fresh));
              expect(plannedSteps(defs, fixed), label).toEqual(plannedSteps(defs, fresh));
              // Where the step just saved leads (the rule a save's answer names).
              const saved = done.at(-1);
              if (saved)
                expect(nextStepOn(defs, fixed, saved), label).toEqual(
                  nextStep(defs, saved, fresh.application, { variant, flow: reader.flow, today: TODAY }),
                );
            }
            walks++;
          }
        }
      }
    }
    // Both kinds are reached: answers the path does not read, and answers it does.
    expect(taken).toBeGreaterThan(200);
    expect(afresh).toBeGreaterThan(50);
  }, 240_000);

  it("is the stored document's along saves in a row that change what the path does not read, and not after one that does", () => {
    const stored = shared(twoBorrowers());
    const title = (doc: object, value: string) =>
      shared(setAt(doc, "/user/declarations/otherPropertyTitle", value) as Doc);
    const first = title(stored, "SP");
    derivedFrom(first, stored);
    const second = title(first, "O");
    derivedFrom(second, first);
    expect(pathSourceOf(defs, second)).toBe(stored);
    // Whether the co-borrower applies, which the flows' skipWhen read: a path of its own.
    const alone = shared(setAt(stored, "/setup/hasCoborrower", false) as Doc);
    derivedFrom(alone, stored);
    expect(pathSourceOf(defs, alone)).toBe(alone);
    const owner = readersOf(stored)[0]!;
    const entry = [entrySteps(defs)[0]!];
    const before = plannedSteps(defs, walkOn(stored, owner, entry, null, true));
    const after = plannedSteps(defs, walkOn(alone, owner, entry, null, true));
    expect(after).not.toEqual(before);
    expect(after).toEqual(plannedSteps(defs, walkOn(structuredClone(alone), owner, entry, null, false)));
  });
});

describe("what a path reads", () => {
  /** `defs` with one step, `name`, whose only logic is `skipWhen`. */
  const withStep = (skipWhen: unknown): Definitions => {
    const located = defs.steps.get("name")!;
    const def = { ...located.def, next: undefined, visibleWhen: undefined, skipWhen };
    return { ...defs, steps: new Map([["name", { ...located, def: def as never }]]) };
  };

  it("is the literal paths of the steps' logic, and the rule sets it reads by name", () => {
    const reads = pathReads(defs)!;
    const paths = reads.paths.map((keys) => keys.join("."));
    expect(paths).toContain("setup.hasCoborrower");
    expect(paths).not.toContain("rules.pricing.quote.route");
    expect(paths.some((path) => path.startsWith("today") || path.startsWith("params"))).toBe(false);
    expect(reads.ruleSets).toContain("pricing");
  });

  it("is a path's value the very same in both, or lacking in both alike", () => {
    const changed = withStep({ var: "user.nickname.first" });
    const a = shared({ user: { firstName: "A", nickname: { first: "N" } }, list: [1] });
    const sameValue = shared({ ...a, user: { firstName: "B", nickname: a.user.nickname } });
    const otherValue = shared({ ...a, user: { ...a.user, nickname: { first: "M" } } });
    const bothLack = [shared({ user: { firstName: "A" } }), shared({ user: { firstName: "B" } })] as const;
    expect(pathReadsSame(changed, a, sameValue)).toBe(true);
    expect(pathReadsSame(changed, a, otherValue)).toBe(false);
    expect(pathReadsSame(changed, ...bothLack)).toBe(true);
    expect(pathReadsSame(changed, a, bothLack[0])).toBe(false);
    // An array where there was an object: what it inherits differs.
    expect(pathReadsSame(changed, a, shared({ ...a, user: [] }))).toBe(false);
  });

  it("is not bounded by a step's logic that may read any path, nor by a rule set read whose reads are not", () => {
    for (const skipWhen of [{ var: { var: "path" } }, { var: "" }, { var: "rules.documents.requirements" }]) {
      const changed = withStep(skipWhen);
      expect(pathReads(changed), JSON.stringify(skipWhen)).toBeNull();
      const stored = shared(twoBorrowers());
      const doc = shared(setAt(stored, "/user/declarations/otherPropertyTitle", "SP") as Doc);
      derivedFrom(doc, stored);
      expect(pathSourceOf(changed, doc)).toBe(doc);
    }
  });
});
