// The application's path, owned by the server. From the flows and the stored answers: which steps
// a reader (the owner, or a member answering their part) has reached, which one is due, and
// whether a step is open to them now — the steps reached on their own path and the next one,
// never a later one. The server refuses any other step (step.get, step.submit), the session's
// status is the due step, and the progress bar marks done only what was saved on the path.
// Generic: it walks `next` and the flows; it knows no step by name.
import type { Definitions } from "../definitions/definitions";
import { nextStep, rankOf, stepLogicData, type NextStep, type WalkOptions } from "./funnel";
import type { Data } from "../logic/operators";
import type { Part } from "./members";
import { asksReader } from "./asks";
import { pathSourceOf } from "./path-reads";

export interface JourneyInput {
  /** The application document (identifiers in the clear); {} for a visitor. */
  application: unknown;
  /** The steps this reader has saved, in the order first saved (the first is where they entered). */
  completed: readonly string[];
  /** The owner's early-funnel variant. */
  variant?: string | null;
  /** A member's flow (answeredBy); null or absent for the owner. */
  flow?: string | null;
  /** The reader's part: steps with nothing of it are passed over (the co-borrower's details, once invited). */
  part?: Part | null;
  /** The day the walk's logic reads (yyyy-MM-dd): the caller's, never a default. */
  today: string;
  /** The application's content never changes (a stored document as opened): its rule sets' results are kept with it (engine/logic/rules.ts ruleSetOnFixed). */
  fixed?: boolean;
}

export interface Journey {
  /** The steps reached, in path order: every saved step on the path, then the due one. */
  path: string[];
  /** The first step on the path not saved yet; null when the path leaves the funnel or ends. */
  due: string | null;
  /** Where the path leaves the funnel (an ineligible page a branch names), if it does. */
  exit: { route: string; ruleId: string } | null;
  /** The due step is the last of its flow with no way on (the submitted page): nothing is left to answer. */
  submitted: boolean;
}

/** The flows a reader walks: a member's own flow, or every flow no member answers. */
const readerFlows = (defs: Definitions, flow: string | null | undefined) =>
  flow ? flowsOf(defs).filter((def) => def.id === flow) : ownerFlowsOf(defs);

/**
 * What depends on the definitions alone, worked out once per loaded set (a reload brings a new
 * set, hence a new entry): every request walks a path, and these were worked out at each step.
 */
function once<T>(compute: (defs: Definitions) => T): (defs: Definitions) => T {
  const kept = new WeakMap<Definitions, T>();
  return (defs) => {
    if (!kept.has(defs)) kept.set(defs, compute(defs));
    return kept.get(defs)!;
  };
}

const flowsOf = once((defs) => [...defs.flows.values()].map(({ def }) => def));

/** Every flow no member answers (the owner's), in the flows' order: each walk starts from one. */
const ownerFlowsOf = once((defs) => flowsOf(defs).filter((def) => def.answeredBy === undefined));

const branchTargets = once(
  (defs): ReadonlySet<string> =>
    new Set(
      [...defs.steps.values()].flatMap(({ def }) =>
        (def.next ?? []).map((b) => b.goto).filter((g): g is string => typeof g === "string"),
      ),
    ),
);

/**
 * Where an owner's path can begin: the first step of every flow variant that no branch leads into
 * (the early funnel, prequalification; not the application, which the offer preview leads to).
 */
export const entrySteps = (defs: Definitions): string[] => [...entryStepsOf(defs)];

const entryStepsOf = once((defs): readonly string[] => {
  const targets = branchTargets(defs);
  const firsts = readerFlows(defs, null)
    .flatMap((def) => def.variants)
    .map((v) => v.steps[0])
    .filter((id): id is string => id !== undefined && !targets.has(id));
  return [...new Set(firsts)];
});

/**
 * Pages open whatever the path (the summary, FAQs, the standalone upload page, the owner's view of
 * the progress page): display-only steps (no answers, no effects) that no branch leads to and no
 * flow of the reader lists — nor, for a member, the owner's flows.
 */
export function isFreePage(defs: Definitions, stepId: string, flow?: string | null): boolean {
  const step = defs.steps.get(stepId)?.def;
  if (
    !step ||
    Object.keys(step.schema.properties ?? {}).length > 0 ||
    (step.effects ?? []).length > 0 ||
    branchTargets(defs).has(stepId)
  )
    return false;
  const listing = flow ? [...readerFlows(defs, flow), ...readerFlows(defs, null)] : readerFlows(defs, null);
  return !listing.some((def) => def.variants.some((v) => v.steps.includes(stepId)));
}

/**
 * True for the last step of a flow with no way on (the submitted page): an application whose path
 * is due there is submitted, read-only on the applicant side, and never re-opened by a re-check.
 */
export const isFinalStatus = (defs: Definitions, stepId: string): boolean => {
  const finals = finalStatusesOf(defs);
  let final = finals.get(stepId);
  if (final === undefined) {
    const step = defs.steps.get(stepId)?.def;
    const listing =
      !step || (step.next ?? []).length > 0
        ? []
        : flowsOf(defs)
            .flatMap((def) => def.variants)
            .filter((v) => v.steps.includes(stepId));
    final = listing.length > 0 && listing.every((v) => v.steps.at(-1) === stepId);
    // Only the definitions' steps are kept (any other id is false, worked out each time): bounded.
    if (step) finals.set(stepId, final);
  }
  return final;
};

/** isFinalStatus of each step asked so far: it depends on the definitions alone (each walk asks it of its due step). */
const finalStatusesOf = once((): Map<string, boolean> => new Map());

/**
 * The step a reader's walk starts from: a member's flow's first step, else the entry of the funnel
 * the owner's first saved step belongs to (the entry itself may be due again after a re-check).
 */
function startOf(defs: Definitions, input: JourneyInput): string | null {
  if (input.flow) return defs.flows.get(input.flow)?.def.variants[0]?.steps[0] ?? null;
  const entries = entryStepsOf(defs);
  const flows = readerFlows(defs, null);
  for (const id of input.completed) {
    if (entries.includes(id)) return id;
    const own = flows.find((def) =>
      def.variants.some(
        (v) => v.steps[0] !== undefined && entries.includes(v.steps[0]) && v.steps.includes(id),
      ),
    );
    const variant = own?.variants.find((v) => v.id === input.variant) ?? own?.variants[0];
    if (variant?.steps[0]) return variant.steps[0];
  }
  return null;
}

/** Which walk nextStep takes: made once per walk, not at each step. */
const walkOptions = (input: WalkInput, today: string): WalkOptions => ({
  variant: input.variant ?? undefined,
  flow: input.flow ?? undefined,
  today,
});

/** What a walk reads: everything but how far along it the reader has come. */
type WalkInput = Omit<JourneyInput, "completed">;

/**
 * Where each step leads on one walk: `next` (nextStep: its branch or its flow, whoever reads), and
 * per reader's part (`after`, by the part's JSON) Walk.after: on to a step that asks them something.
 */
interface WalkSteps {
  next: Map<string, NextStep>;
  after: Map<string, Map<string, NextStep>>;
}

/**
 * Where each step leads on a document of fixed content, kept per definitions set, per the stored
 * document whose path it shares (./path-reads.ts pathSourceOf: itself, or the one a save derived
 * it from when its change reads nothing the path logic reads), per walk (variant, flow, day; and
 * part). A changed save's walk, and the next page's, take the steps the stored document's walks
 * found; only a step not walked on it before is worked out.
 */
const keptWalks = new WeakMap<Definitions, WeakMap<object, Map<string, WalkSteps>>>();
/** The readers of one document (owner, members) on a day: a few walks each, and a few parts. */
const WALKS_KEPT_PER_DOCUMENT = 16;

/** The newest `size` entries of `map` are kept: `key`'s, made by `make` if it is new. */
function keptIn<T>(map: Map<string, T>, key: string, make: () => T, size: number): T {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= size) map.delete(map.keys().next().value!);
    map.set(key, (value = make()));
  }
  return value;
}

function keptSteps(defs: Definitions, input: WalkInput, today: string): WalkSteps | null {
  const doc = input.application;
  if (!input.fixed || doc === null || typeof doc !== "object") return null;
  let perDoc = keptWalks.get(defs);
  if (!perDoc) keptWalks.set(defs, (perDoc = new WeakMap()));
  const source = pathSourceOf(defs, doc);
  let walks = perDoc.get(source);
  if (!walks) perDoc.set(source, (walks = new Map()));
  const key = JSON.stringify([input.variant ?? null, input.flow ?? null, today]);
  return keptIn(walks, key, () => ({ next: new Map(), after: new Map() }), WALKS_KEPT_PER_DOCUMENT);
}

/** One reader's walk on one application: where each step leads, kept on a fixed document. */
class Walk {
  private data: Data | undefined;
  private readonly options: WalkOptions;
  private readonly kept: WalkSteps | null;
  /** The kept steps after each step for this reader's part (found when first asked). */
  private keptAfter: Map<string, NextStep> | null | undefined;
  constructor(
    private readonly defs: Definitions,
    private readonly input: WalkInput,
  ) {
    this.options = walkOptions(input, input.today);
    this.kept = keptSteps(defs, input, input.today);
  }

  /** What every step's logic reads: made once per walk (each rule set worked out once for all its steps), and only if a step is not kept. */
  private logicData(): Data {
    return (this.data ??= stepLogicData(
      this.defs,
      this.input.application,
      this.options.today,
      this.input.fixed,
    ));
  }

  /** nextStep: the first of the step's branches that holds, else the next step of the flow. */
  next(stepId: string): NextStep {
    let next = this.kept?.next.get(stepId);
    if (!next) {
      next = nextStep(this.defs, stepId, this.input.application, this.options, this.logicData());
      this.kept?.next.set(stepId, Object.freeze(next));
    }
    return next;
  }

  /**
   * The next step after `stepId` on this reader's walk, passing over steps that ask them nothing
   * now (./asks.ts: another borrower's part, or fields of theirs all hidden).
   */
  after(stepId: string): NextStep {
    const { kept } = this;
    if (kept && this.keptAfter === undefined)
      this.keptAfter = keptIn(
        kept.after,
        JSON.stringify(this.input.part ?? null),
        () => new Map(),
        WALKS_KEPT_PER_DOCUMENT,
      );
    let next = this.keptAfter?.get(stepId);
    if (!next) {
      const { defs } = this;
      next = this.next(stepId);
      for (
        let hops = 0;
        next.stepId &&
        !asksReader(defs, next.stepId, this.input.part, this.logicData()) &&
        hops < defs.steps.size;
        hops++
      )
        next = this.next(next.stepId);
      this.keptAfter?.set(stepId, next);
    }
    return next;
  }
}

/**
 * After `stepId` is saved on this reader's walk: nextStep (its branch, else its flow's next step),
 * kept with the walk's other steps on a document of fixed content.
 */
export const nextStepOn = (defs: Definitions, input: WalkInput, stepId: string): NextStep =>
  new Walk(defs, input).next(stepId);

/** Walks the reader's path from its start through the steps they saved, to the first one they have not. */
export function journeyOf(defs: Definitions, input: JourneyInput): Journey {
  const start = startOf(defs, input);
  const done = new Set(input.completed);
  const walk = new Walk(defs, input);
  const path: string[] = [];
  let at: string | null = start;
  let exit: Journey["exit"] = null;
  while (at !== null && !path.includes(at)) {
    path.push(at);
    if (!done.has(at)) return { path, due: at, exit: null, submitted: isFinalStatus(defs, at) };
    const next = walk.after(at);
    if (next.stepId === null && next.route !== null) exit = { route: next.route, ruleId: next.ruleId };
    at = next.stepId;
  }
  return { path, due: null, exit, submitted: false };
}

/** The steps of the path the reader has saved (all but the due one). */
export const doneSteps = (journey: Journey) => journey.path.filter((id) => id !== journey.due);

/** Why a step is not open (in English: the transport gives them in the reader's language, engine/locale/server-words.ts). */
export const START_FROM_FIRST = "Start your application from its first question.";
export const NOT_OPEN_YET = "This page is not open yet: answer the pages before it first.";

export type Access = { open: true } | { open: false; stepId: string | null; reason: string };

/**
 * Whether `stepId` is open to this reader now, and if not, the step to go to instead: the due
 * step (or, off the funnel, the last step reached), or for a visitor the start of the funnel the
 * step belongs to.
 */
export function accessTo(
  defs: Definitions,
  journey: Journey | null,
  stepId: string,
  flow?: string | null,
): Access {
  if (isFreePage(defs, stepId, flow)) return { open: true };
  if (journey === null) {
    const entries = entryStepsOf(defs);
    if (entries.includes(stepId)) return { open: true };
    const own = readerFlows(defs, null).find((def) => def.variants.some((v) => v.steps.includes(stepId)));
    const start =
      own?.variants.map((v) => v.steps[0]).find((id) => id !== undefined && entries.includes(id)) ??
      entries[0] ??
      null;
    return { open: false, stepId: start, reason: START_FROM_FIRST };
  }
  if (journey.path.includes(stepId)) return { open: true };
  const to = journey.due ?? journey.path.at(-1) ?? null;
  // A step that must come first for a reason of law says why (its dueReason), e.g. the disclosures.
  const dueReason = journey.due ? defs.steps.get(journey.due)?.def.dueReason : undefined;
  return {
    open: false,
    stepId: to,
    reason: dueReason ?? NOT_OPEN_YET,
  };
}

/**
 * The steps a reader had saved before the server kept the list (applications older than it): the
 * walk from where they could have started to their status. When no walk reaches it (the
 * definitions moved it), the walk from their flow up to the status's rank, never beyond it.
 */
export function completedUpTo(
  defs: Definitions,
  status: string,
  input: Omit<JourneyInput, "completed">,
): string[] {
  const limit = rankOf(defs, status);
  if (limit === null) return []; // a status these definitions do not rank: nothing can be assumed
  const walk = new Walk(defs, input);
  const starts = input.flow
    ? [defs.flows.get(input.flow)?.def.variants[0]?.steps[0]].filter((s): s is string => !!s)
    : entryStepsOf(defs);
  const walkFrom = (start: string, withinRank: boolean) => {
    const walked: string[] = [];
    let at: string | null = start;
    while (
      at !== null &&
      at !== status &&
      !walked.includes(at) &&
      (!withinRank || (rankOf(defs, at) ?? Infinity) <= limit)
    ) {
      walked.push(at);
      at = walk.after(at).stepId;
    }
    return { walked, reached: at === status };
  };
  for (const start of starts) {
    const { walked, reached } = walkFrom(start, false);
    if (reached) return walked;
  }
  // The status only ever moved forward by rank: nothing past its rank was passed.
  return starts
    .map((start) => walkFrom(start, true).walked)
    .reduce((a, b) => (b.length > a.length ? b : a), []);
}

/**
 * The reader's whole walk as it stands: the path so far, then the steps their flow would take
 * them through after the due one on the same answers (for a progress list). Stops where the path
 * leaves the funnel.
 */
export function plannedSteps(
  defs: Definitions,
  input: JourneyInput,
  journey: Journey = journeyOf(defs, input),
): string[] {
  const out = [...journey.path];
  const walk = new Walk(defs, input);
  let at = journey.due;
  while (at !== null) {
    const next = walk.after(at).stepId;
    if (next === null || out.includes(next)) break;
    out.push(next);
    at = next;
  }
  return out;
}
