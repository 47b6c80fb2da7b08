// Whether a step asks a reader anything is read on each step of every walk (about 28 a save and its
// page). Its fields and their gates are now found once per step, and each gate's condition is read
// once a call instead of once per field under it. Held here to the function as it was written
// before, on every step, for each reader's part, on both demo applications and on each of their
// answers made true or false in turn (which opens and closes the gates).
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "@engine/definitions/bundle";
import type { Definitions } from "@engine/definitions/definitions";
import { escapeSegment, isWithin } from "@engine/base/pointer";
import { asksReader } from "@engine/funnel/asks";
import { memberRoles, OWNER_ROLE, partOf, reach, WHOLE, type Part } from "@engine/funnel/members";
import { holds, type Data, type Logic } from "@engine/logic/logic";
import { stepLogicData } from "@engine/logic/step-data";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** asksReader as it was written before (79a03b9): the pointers spelled and each gate read per field. */
function asksReaderBefore(defs: Definitions, stepId: string, part: Part | null | undefined, data: Data) {
  const schema = (defs.steps.get(stepId)?.def.schema ?? {}) as JsonSchema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return true;
  const gated = Object.entries(defs.steps.get(stepId)?.def.visibleWhen ?? {})
    .filter(([pointer]) => !pointer.includes("*"))
    .map(([pointer, logic]) => [pointer, logic as Logic] as const);
  const shown = (logic: Logic) => {
    try {
      return holds(logic, data);
    } catch {
      return false;
    }
  };
  const hidden = (pointer: string) => gated.some(([gate, logic]) => isWithin(pointer, gate) && !shown(logic));
  const asked = (pointer: string, node: unknown): boolean => {
    const reached = part ? reach(part, pointer) : "all";
    if (reached === "none") return false;
    if (hidden(pointer)) return false;
    if (reached === "all" && !gated.some(([gate]) => gate !== pointer && isWithin(gate, pointer)))
      return true;
    const children = isObject(node) && isObject(node.properties) ? node.properties : null;
    if (!children) return true;
    return Object.entries(children).some(([key, child]) => asked(`${pointer}/${escapeSegment(key)}`, child));
  };
  return keys.some((key) => asked(`/${escapeSegment(key)}`, properties[key]));
}

/** Each reader's part of `doc`: none given, the whole, the owner's and each member's (as rules/members.json decides, and with each access). */
function partsOf(doc: unknown): (Part | null)[] {
  // The members rule set refuses a document a wrong answer breaks: its parts are then the fixed ones.
  const decided = (role: string) => {
    try {
      return [partOf(defs, role, doc, TODAY)];
    } catch {
      return [];
    }
  };
  const roles = Object.keys(memberRoles(defs));
  const members = roles.flatMap((role) => {
    const spec = memberRoles(defs)[role]!;
    return [
      ...decided(role),
      { role, only: spec.signs, except: [], access: "signs" as const },
      {
        role: OWNER_ROLE,
        only: null,
        except: [...spec.owns, ...spec.signs],
        refused: spec.signs,
        access: null,
      },
    ];
  });
  return [null, WHOLE, ...decided(OWNER_ROLE), ...members];
}

describe("whether a step asks a reader anything", () => {
  it("is what it was before, on every step, part and answer made true or false", () => {
    let compared = 0;
    const asked = { yes: 0, no: 0 };
    for (const base of [singleBorrower(), twoBorrowers(), {}])
      for (const doc of [base, ...wrongAnswers(base, [true, false])]) {
        const data = stepLogicData(defs, doc, TODAY);
        for (const part of partsOf(doc))
          for (const stepId of defs.steps.keys()) {
            const before = asksReaderBefore(defs, stepId, part, data);
            expect(asksReader(defs, stepId, part, data), `${stepId} ${JSON.stringify(part)}`).toBe(before);
            asked[before ? "yes" : "no"]++;
            compared++;
          }
      }
    // Both answers were compared, many times over.
    expect(asked.yes).toBeGreaterThan(1000);
    expect(asked.no).toBeGreaterThan(1000);
    expect(compared).toBeGreaterThan(10_000);
  }, 300_000);
});
