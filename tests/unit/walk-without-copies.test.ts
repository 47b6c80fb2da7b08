// A walk of the owner's path (about 28 steps, each asked whether it asks the reader anything) made
// ~64 kB of garbage, most of it copies thrown away at once: a `${ancestor}/` string per isWithin,
// closures per field and per part pointer, a filtered copy of the step's flow positions and a slice
// of its flow per step, and the same rule id and reason text spelled again at every step. The
// functions below now compare in place, loop, and keep each position's words with the position.
// Held here to the functions as they were written before (79a03b9), on every step, flow and
// variant, each reader's part, and both demo applications with each answer made true or false.
import { describe, expect, it } from "vitest";
import type { Definitions, Flow } from "@engine/definitions/definitions";
import { stepById } from "@engine/definitions/definitions";
import { escapeSegment, isWithin } from "@engine/base/pointer";
import { isFinalStatus } from "@engine/funnel/journey";
import { nextStep, type NextStep, type WalkOptions } from "@engine/funnel/funnel";
import { memberRoles, OWNER_ROLE, partOf, reach, WHOLE, type Part } from "@engine/funnel/members";
import { evaluate, holds, type Data } from "@engine/logic/logic";
import { stepLogicData } from "@engine/logic/step-data";
import { repo } from "../helpers/definitions";
import { singleBorrower, twoBorrowers } from "../helpers/journeys";
import { wrongAnswers } from "../helpers/wrong-answers";

const { defs } = repo;
const TODAY = "2026-11-22";

const isWithinBefore = (pointer: string, ancestor: string) =>
  pointer === ancestor || pointer.startsWith(`${ancestor}/`);

function reachBefore(part: Part, pointer: string): "all" | "some" | "none" {
  if (part.only) {
    if (part.only.some((p) => isWithinBefore(pointer, p))) return "all";
    return part.only.some((p) => isWithinBefore(p, pointer)) ? "some" : "none";
  }
  if (part.except.some((p) => isWithinBefore(pointer, p))) return "none";
  return part.except.some((p) => isWithinBefore(p, pointer)) ? "some" : "all";
}

type Position = { flow: Flow; variant: Flow["variants"][number] };

/** nextStep as it was written before, with its flow lookup. */
function nextStepBefore(defs: Definitions, stepId: string, options: WalkOptions, data: Data): NextStep {
  const byStep = new Map<string, Position[]>();
  for (const { def: flow } of defs.flows.values())
    for (const variant of flow.variants)
      for (const id of new Set(variant.steps)) byStep.set(id, [...(byStep.get(id) ?? []), { flow, variant }]);
  const skipped = (id: string) => {
    const when = defs.steps.get(id)?.def.skipWhen;
    return when !== undefined && holds(when, data);
  };
  const step = stepById(defs, stepId);
  for (const branch of step.next ?? []) {
    if (branch.when !== undefined && !holds(branch.when, data)) continue;
    const goto = typeof branch.goto === "string" ? branch.goto : evaluate(branch.goto, data);
    if (typeof goto !== "string" || goto === "") continue;
    const target = defs.steps.get(goto)?.def;
    return {
      stepId: target ? target.id : null,
      route: target ? target.route : goto,
      ruleId: branch.id,
      reason: branch.description ?? `goes to ${goto}`,
    };
  }
  const holding = (byStep.get(stepId) ?? []).filter(({ flow }) =>
    options.flow ? flow.id === options.flow : flow.answeredBy === undefined,
  );
  const position = holding.find((c) => c.variant.id === options.variant) ?? holding[0];
  if (!position)
    return { stepId: null, route: null, ruleId: "flow.none", reason: `no flow lists step "${stepId}"` };
  const { steps } = position.variant;
  const nextId = steps.slice(steps.indexOf(stepId) + 1).find((id) => id === stepId || !skipped(id));
  const [flowId, variantId] = [position.flow.id, position.variant.id];
  const ruleId = `flow.${flowId}.${variantId}`;
  if (!nextId)
    return {
      stepId: null,
      route: null,
      ruleId,
      reason: `"${stepId}" is the last step of ${flowId} (${variantId})`,
    };
  return {
    stepId: nextId,
    route: stepById(defs, nextId).route,
    ruleId,
    reason: `the step after "${stepId}" in ${flowId} (${variantId})`,
  };
}

function isFinalStatusBefore(defs: Definitions, stepId: string) {
  const step = defs.steps.get(stepId)?.def;
  if (!step || (step.next ?? []).length > 0) return false;
  const listing = [...defs.flows.values()]
    .flatMap(({ def }) => def.variants)
    .filter((v) => v.steps.includes(stepId));
  return listing.length > 0 && listing.every((v) => v.steps.at(-1) === stepId);
}

/** The documents compared on: both demo applications, nothing, and each answer made true or false. */
const documents = () =>
  [singleBorrower(), twoBorrowers(), {}].flatMap((base) => [base, ...wrongAnswers(base, [true, false])]);

/** The pointers of a schema's properties, however deep. */
function* fieldPointers(schema: unknown, at = ""): Generator<string> {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties;
  if (properties === null || typeof properties !== "object") return;
  for (const [key, child] of Object.entries(properties)) {
    const pointer = `${at}/${escapeSegment(key)}`;
    yield pointer;
    yield* fieldPointers(child, pointer);
  }
}

/** Every pointer the definitions name: each step's fields and gates, and each member's part. */
function pointers(): string[] {
  const out = new Set(["", "/", "/user", "/use", "/users", "/user/", "/~0", "/a~1b"]);
  for (const { def } of defs.steps.values()) {
    for (const p of fieldPointers(def.schema)) out.add(p);
    for (const p of Object.keys(def.visibleWhen ?? {})) out.add(p);
  }
  for (const spec of Object.values(memberRoles(defs)))
    for (const p of [...spec.owns, ...spec.signs]) out.add(p);
  return [...out];
}

describe("a walk's steps, without copies made per step", () => {
  it("finds a pointer within another as before, for every pair of the definitions' pointers", () => {
    const all = pointers();
    let within = 0;
    for (const a of all)
      for (const b of all) {
        expect(isWithin(a, b), `${a} in ${b}`).toBe(isWithinBefore(a, b));
        if (isWithinBefore(a, b) && a !== b) within++;
      }
    expect(all.length).toBeGreaterThan(100);
    expect(within).toBeGreaterThan(100); // ancestors were found, not only strangers
  });

  it("gives each reader's part of every pointer as before", () => {
    const parts: Part[] = [
      WHOLE,
      partOf(defs, OWNER_ROLE, twoBorrowers(), TODAY),
      partOf(defs, OWNER_ROLE, singleBorrower(), TODAY),
    ];
    for (const [role, spec] of Object.entries(memberRoles(defs)))
      parts.push(
        partOf(defs, role, twoBorrowers(), TODAY),
        { role, only: spec.signs, except: [], access: "signs" },
        {
          role: OWNER_ROLE,
          only: null,
          except: [...spec.owns, ...spec.signs],
          refused: spec.signs,
          access: null,
        },
      );
    const seen = new Set<string>();
    for (const part of parts)
      for (const pointer of pointers()) {
        const before = reachBefore(part, pointer);
        expect(reach(part, pointer), `${pointer} ${JSON.stringify(part)}`).toBe(before);
        seen.add(before);
      }
    expect([...seen].sort()).toEqual(["all", "none", "some"]);
  });

  it("takes the same next step, with the same rule and reason, from every step on every flow and variant", () => {
    const walks: WalkOptions[] = [{ today: TODAY }];
    for (const { def: flow } of defs.flows.values())
      for (const variant of flow.variants)
        walks.push(
          flow.answeredBy === undefined
            ? { variant: variant.id, today: TODAY }
            : { flow: flow.id, variant: variant.id, today: TODAY },
        );
    const ruleIds = new Set<string>();
    let compared = 0;
    for (const doc of documents()) {
      const data = stepLogicData(defs, doc, TODAY);
      for (const options of walks)
        for (const stepId of defs.steps.keys()) {
          const before = nextStepBefore(defs, stepId, options, data);
          expect(nextStep(defs, stepId, doc, options, data), `${stepId} ${JSON.stringify(options)}`).toEqual(
            before,
          );
          ruleIds.add(before.ruleId);
          compared++;
        }
    }
    expect(compared).toBeGreaterThan(10_000);
    // Branches, flows' next steps, their last steps and steps no flow lists were all compared.
    expect([...ruleIds].some((id) => id.startsWith("flow.") && id !== "flow.none")).toBe(true);
    expect(ruleIds.has("flow.none")).toBe(true);
    expect([...ruleIds].some((id) => !id.startsWith("flow."))).toBe(true);
  }, 300_000);

  it("marks the same steps final as before, asked once or again, and no unknown step", () => {
    const finals = [];
    for (const round of [1, 2])
      for (const stepId of [...defs.steps.keys(), "no-such-step"]) {
        expect(isFinalStatus(defs, stepId), `${stepId} (${round})`).toBe(isFinalStatusBefore(defs, stepId));
        if (round === 1 && isFinalStatusBefore(defs, stepId)) finals.push(stepId);
      }
    expect(finals.length).toBeGreaterThan(0);
    expect(isFinalStatus(defs, "no-such-step")).toBe(false);
  });
});
