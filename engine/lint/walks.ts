// Every way an applicant can walk the funnel, checked before anyone walks it. A walk starts at an
// entry of the funnel (the first step of an early-funnel or prequalification variant) and moves on
// as the server moves it (engine/funnel/funnel.ts nextStep): the first `next` branch that may hold,
// else the next step of the walker's variant, any step with a skipWhen possibly passed over. On
// that graph:
// - a loop (a branch back to a step that leads to it again) is refused: Next would bring the
//   applicant back to the same page forever, and the server's path stops at the repeat;
// - a step's logic must not read an answer that no step before it, on some walk, has asked (a
//   step moved before the field its check reads; a visibleWhen reading a later page; a valid path
//   that this funnel never asks): such logic judges an answer that is not there yet;
// - a display that shows a rule set's result (the offer preview shows rules/pricing.json's quote)
//   must come after the questions the rule set `needs`, on every walk.
// Answers nobody in the owner's walks asks (written by the server, an effect or the co-borrower in
// their own flow) are left alone.
import type { Definitions, Problem } from "../definitions/definitions";
import type { Flow, Step } from "../generated/schema-types";
import { iteratingOperators, operatorOf } from "../logic/operators";
import { escapeSegment } from "../base/pointer";
import { entrySteps } from "../funnel/journey";
import { prefillSource } from "../logic/prefill";

/** Displays (object layouts in `ui:widget`) that show a rule set's outputs, by the rule sets they show. */
export const DISPLAYS_SHOWING: Record<string, string[]> = {
  offerPreview: ["pricing"],
  lineAmount: ["pricing"],
};

interface Edge {
  to: string;
  /** Where the edge is written: a branch's goto, or the flow variant's next entry. */
  file: string;
  pointer: string;
  kind: "branch" | "flow";
}

interface Walker {
  /** "earlyFunnel/variantTwo": the entry flow and variant a walk started in (its answers travel with it). */
  origin: string;
  variant: string;
}

type Segments = string[];

const segmentsOf = (path: string): Segments => path.split(".").map((k) => (/^\d+$/.test(k) ? "*" : k));
const pointerOf = (segments: Segments) => `/${segments.map(escapeSegment).join("/")}`;

/** One is inside the other (a read of a whole object, or of a field of an object asked whole). */
const overlaps = (a: Segments, b: Segments) => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i] && a[i] !== "*" && b[i] !== "*") return false;
  return true;
};

/** The fields a step's answer schema asks: down its inline objects to each $ref or leaf. */
function asksOf(step: Step): Segments[] {
  const out: Segments[] = [];
  const walk = (schema: unknown, at: Segments) => {
    const s = (schema ?? {}) as Record<string, unknown>;
    const props = s.properties as Record<string, unknown> | undefined;
    if (typeof s.$ref === "string" || (!props && !s.items)) return void (at.length && out.push(at));
    if (props) for (const [key, child] of Object.entries(props)) walk(child, [...at, key]);
    if (s.items && typeof s.items === "object") walk(s.items, [...at, "*"]);
    else if (!props && at.length) out.push(at);
  };
  walk(step.schema, []);
  return out;
}

interface Read {
  path: string;
  segments: Segments;
  pointer: string;
}

/** Operators whose direct arguments are read for whether they are there (truthiness). */
const PRESENCE_TESTS = new Set(["!", "!!", "and", "or", "missing", "missing_some"]);
const NULL_COMPARISONS = new Set(["==", "!=", "===", "!=="]);

/**
 * The application fields a piece of logic reads (not a list item's, params, rules, today). A field
 * the logic also tests for being there (`{"==": [x, null]}`, `{"!!": x}`, a bare `x` in and/or)
 * is read on purpose when it may be missing (a co-borrower's number compared only once given), so
 * it is left out.
 */
function readsOf(logic: unknown, pointer: string): Read[] {
  const out: Read[] = [];
  const guarded = new Set<string>();
  const varPath = (node: unknown) =>
    operatorOf(node) === "var" ? (node as { var: unknown }).var : undefined;
  const walk = (node: unknown, at: string, inItem: boolean) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`, inItem));
    const op = operatorOf(node);
    if (!op) return;
    const opAt = `${at}/${escapeSegment(op)}`;
    const raw = (node as Record<string, unknown>)[op];
    const args = Array.isArray(raw) ? raw : [raw];
    if (!inItem) {
      const tested =
        PRESENCE_TESTS.has(op) || op === "if" || op === "?:"
          ? args.filter((_, i) => PRESENCE_TESTS.has(op) || (i % 2 === 0 && i < args.length - 1))
          : NULL_COMPARISONS.has(op) && args.some((a) => a === null)
            ? args
            : [];
      for (const a of tested) {
        const path = varPath(a);
        if (typeof path === "string") guarded.add(path);
      }
      if (op === "missing") for (const a of args) if (typeof a === "string") guarded.add(a);
    }
    if (op === "var" || op === "root") {
      const path = args[0];
      if (typeof path === "string" && path !== "" && (op === "root" || !inItem)) {
        const head = path.split(".")[0]!;
        if (!["today", "params", "rules", "item", "index"].includes(head))
          out.push({ path, segments: segmentsOf(path), pointer: opAt });
      }
      return args.forEach((a, i) => typeof a === "object" && walk(a, `${opAt}/${i}`, inItem));
    }
    args.forEach((a, i) =>
      walk(a, Array.isArray(raw) ? `${opAt}/${i}` : opAt, inItem || (iteratingOperators.has(op) && i > 0)),
    );
  };
  walk(logic, pointer, false);
  return out.filter((read) => !guarded.has(read.path));
}

/** Every field a step's logic reads, where it reads it: visibility, requirements, checks, notices, branches, skipping. Prefill is left out: it takes an earlier answer only when there is one. */
function stepReads(step: Step): Read[] {
  const out: Read[] = [];
  const esc = escapeSegment;
  for (const key of ["visibleWhen", "requiredWhen"] as const)
    for (const [field, logic] of Object.entries(step[key] ?? {}))
      out.push(...readsOf(logic, `/${key}/${esc(field)}`));
  step.checks?.forEach((check, i) => {
    out.push(...readsOf(check.logic, `/checks/${i}/logic`));
    for (const [name, logic] of Object.entries(check.details ?? {}))
      out.push(...readsOf(logic, `/checks/${i}/details/${esc(name)}`));
  });
  step.notices?.forEach((notice, i) => out.push(...readsOf(notice.when, `/notices/${i}/when`)));
  step.next?.forEach((branch, i) => {
    if (branch.when !== undefined) out.push(...readsOf(branch.when, `/next/${i}/when`));
    if (typeof branch.goto !== "string") out.push(...readsOf(branch.goto, `/next/${i}/goto`));
  });
  if (step.skipWhen !== undefined) out.push(...readsOf(step.skipWhen, "/skipWhen"));
  // A value computed from other answers (not a copy of one) reads them.
  for (const [field, source] of Object.entries(step.prefill ?? {})) {
    const { value, when } = prefillSource(source);
    if (value !== undefined) out.push(...readsOf(value, `/prefill/${esc(field)}/value`));
    if (when !== undefined) void when; // a condition on taking an earlier answer: absent means not taken
  }
  return out;
}

/** The graph of walks: from each (walker, step), the steps the server may lead to next. */
function walkGraph(defs: Definitions) {
  const ownerFlows = [...defs.flows.values()].filter(({ def }) => def.answeredBy === undefined);
  const routeToStep = new Map([...defs.steps.values()].map(({ def }) => [def.route, def.id]));
  /** Where the walker's variant lists the step, else the first variant that does (as the server finds it). */
  const positionOf = (stepId: string, variant: string) => {
    const holding = ownerFlows
      .flatMap(({ file, def }) => def.variants.map((v, vi) => ({ file, flow: def as Flow, variant: v, vi })))
      .filter((p) => p.variant.steps.includes(stepId));
    return holding.find((p) => p.variant.id === variant) ?? holding[0];
  };
  const edgesOf = (stepId: string, walker: Walker): Edge[] => {
    const located = defs.steps.get(stepId);
    if (!located) return [];
    const out: Edge[] = [];
    for (const [i, branch] of (located.def.next ?? []).entries()) {
      if (typeof branch.goto === "string") {
        const to = branch.goto.startsWith("/") ? routeToStep.get(branch.goto) : branch.goto;
        if (to && defs.steps.has(to))
          out.push({ to, file: located.file, pointer: `/next/${i}/goto`, kind: "branch" });
        // A branch always taken: nothing after it is ever tried.
        if (branch.when === undefined) return out;
      }
    }
    const position = positionOf(stepId, walker.variant);
    if (!position) return out;
    const { steps } = position.variant;
    for (let k = steps.indexOf(stepId) + 1; k < steps.length; k++) {
      const to = steps[k]!;
      if (!defs.steps.has(to)) continue; // an unknown step: the flow checks say so
      out.push({ to, file: position.file, pointer: `/variants/${position.vi}/steps/${k}`, kind: "flow" });
      if (defs.steps.get(to)?.def.skipWhen === undefined) break;
    }
    return out;
  };
  const walkers: (Walker & { entry: string })[] = [];
  const entries = new Set(entrySteps(defs));
  for (const { def } of ownerFlows)
    for (const v of def.variants)
      if (v.steps[0] && entries.has(v.steps[0]) && defs.steps.has(v.steps[0]))
        walkers.push({ origin: `${def.id}/${v.id}`, variant: v.id, entry: v.steps[0] });
  return { walkers, edgesOf };
}

const key = (origin: string, stepId: string) => `${origin}\u0000${stepId}`;

export function checkWalks(defs: Definitions, problems: Problem[]): void {
  const { walkers, edgesOf } = walkGraph(defs);
  const asks = new Map([...defs.steps.keys()].map((id) => [id, asksOf(defs.steps.get(id)!.def)]));

  // Loops: a depth-first walk from each entry; an edge back to a step on the current walk closes one.
  const loops = new Map<string, string>();
  for (const walker of walkers) {
    const state = new Map<string, "open" | "done">();
    const trail: string[] = [];
    const visit = (stepId: string) => {
      state.set(stepId, "open");
      trail.push(stepId);
      for (const edge of edgesOf(stepId, walker)) {
        const seen = state.get(edge.to);
        if (seen === "open") {
          const loop = [...trail.slice(trail.indexOf(edge.to)), edge.to];
          const at = `${edge.file}#${edge.pointer}`;
          if (!loops.has(at))
            loops.set(
              at,
              `this ${edge.kind === "branch" ? "branch" : "step order"} makes a loop: ${loop.join(" → ")} (${walker.origin.replace("/", " ")}): an applicant pressing Next would come back to a page they answered, forever`,
            );
        } else if (seen === undefined) visit(edge.to);
      }
      trail.pop();
      state.set(stepId, "done");
    };
    visit(walker.entry);
  }
  for (const [at, message] of loops) {
    const [file, pointer] = at.split("#") as [string, string];
    problems.push({ file, pointer, message });
  }

  // What has been asked before each step, on some walk from each entry (the walks of one entry
  // carry its answers: a prequalification applicant never answered the early funnel's questions).
  const before = new Map<string, Segments[]>();
  const reached: { walker: Walker; stepId: string }[] = [];
  for (const walker of walkers) {
    const queue = [walker.entry];
    before.set(key(walker.origin, walker.entry), []);
    reached.push({ walker, stepId: walker.entry });
    while (queue.length) {
      const stepId = queue.shift()!;
      const known = before.get(key(walker.origin, stepId))!;
      const after = [...known, ...(asks.get(stepId) ?? [])];
      for (const edge of edgesOf(stepId, walker)) {
        const k = key(walker.origin, edge.to);
        const had = before.get(k);
        if (!had) {
          before.set(k, dedupe(after));
          reached.push({ walker, stepId: edge.to });
          queue.push(edge.to);
          continue;
        }
        const grown = dedupe([...had, ...after]);
        if (grown.length > had.length) {
          before.set(k, grown);
          queue.push(edge.to);
        }
      }
    }
  }
  const askable = dedupe(reached.flatMap(({ stepId }) => asks.get(stepId) ?? []));
  const askedBy = (segments: Segments) =>
    [...asks].filter(([, fields]) => fields.some((f) => overlaps(f, segments))).map(([id]) => id);

  const missing = new Map<string, { file: string; pointer: string; path: string; origins: string[] }>();
  for (const { walker, stepId } of reached) {
    const located = defs.steps.get(stepId)!;
    const own = asks.get(stepId) ?? [];
    const asked = before.get(key(walker.origin, stepId)) ?? [];
    for (const read of stepReads(located.def)) {
      if (own.some((f) => overlaps(f, read.segments))) continue;
      if (!askable.some((f) => overlaps(f, read.segments))) continue; // written by the server or another person
      if (asked.some((f) => overlaps(f, read.segments))) continue;
      const k = `${located.file}#${read.pointer}`;
      const entry = missing.get(k) ?? {
        file: located.file,
        pointer: read.pointer,
        path: read.path,
        origins: [],
      };
      entry.origins.push(walker.origin.replace("/", " "));
      missing.set(k, entry);
    }
  }
  for (const { file, pointer, path, origins } of missing.values()) {
    const by = askedBy(segmentsOf(path)).filter((id) => defs.steps.get(id)?.file !== file);
    problems.push({
      file,
      pointer,
      message: `reads "${path}", which no step before this one asks on the way through ${origins.join(", ")}${by.length ? ` (${by.join(", ")} ask${by.length === 1 ? "s" : ""} it, later or elsewhere)` : ""}: the logic would judge an answer that is not there yet`,
    });
  }

  // A display showing a rule set's result comes after what the rule set needs: said at the first
  // such page of each walk (the later ones follow from it).
  const needSaid = new Set<string>();
  for (const { walker, stepId } of reached) {
    const located = defs.steps.get(stepId)!;
    const shows = displayedRuleSets(located.def);
    if (!shows.length) continue;
    const asked = [...(before.get(key(walker.origin, stepId)) ?? []), ...(asks.get(stepId) ?? [])];
    for (const setId of shows) {
      const ruleSet = defs.ruleSets.get(setId);
      ruleSet?.def.needs?.forEach((need, i) => {
        if (need.fields.some((f) => asked.some((a) => overlaps(a, segmentsOf(f))))) return;
        const said = `${walker.origin}\u0000${setId}\u0000${i}`;
        if (needSaid.has(said)) return;
        needSaid.add(said);
        const flow = walkerFlow(defs, walker, stepId);
        problems.push({
          file: flow?.file ?? located.file,
          pointer: flow?.pointer ?? "/uiSchema",
          message: `${walker.origin.replace("/", " ")} shows ${setId}'s result on ${stepId} without asking ${need.fields.join(" or ")} before it (${ruleSet.file} needs/${i}: ${need.description})`,
        });
      });
    }
  }
}

function dedupe(list: Segments[]): Segments[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const k = pointerOf(s);
    return !seen.has(k) && seen.add(k);
  });
}

/** The rule sets whose results the step's displays show. */
function displayedRuleSets(step: Step): string[] {
  const out = new Set<string>();
  const walk = (ui: unknown) => {
    if (!ui || typeof ui !== "object") return;
    for (const [k, v] of Object.entries(ui)) {
      if (k === "ui:widget" && typeof v === "string") for (const id of DISPLAYS_SHOWING[v] ?? []) out.add(id);
      else if (!k.startsWith("ui:")) walk(v);
    }
  };
  walk(step.uiSchema);
  return [...out];
}

/** Where the walker's variant lists a step, for a problem about that variant. */
function walkerFlow(defs: Definitions, walker: Walker, stepId: string) {
  const [flowId] = walker.origin.split("/");
  for (const { file, def } of defs.flows.values()) {
    if (def.id !== flowId) continue;
    const vi = def.variants.findIndex((v) => v.id === walker.variant);
    const si = def.variants[vi]?.steps.indexOf(stepId) ?? -1;
    if (si >= 0) return { file, pointer: `/variants/${vi}/steps/${si}` };
    return { file, pointer: `/variants/${vi}/steps` };
  }
  return null;
}
