// Which fields a step shows and requires right now, from its `visibleWhen` / `requiredWhen`
// JSON-logic, and which of its notices hold. The one evaluation of both: the step validator (validate.ts) builds on it, and the
// renderer runs it on every change. Scope: the saved application with these answers merged in,
// `today`, `params`, and `item`/`index` for `*` pointers; a hidden answer is dropped before later
// logic reads the document.
import { stepById, type Definitions } from "../definitions/definitions";
import { evaluate, holds, type Data, type Logic } from "./logic";
import {
  expand,
  getAt,
  isWithinAny,
  mergeDocs,
  mergeDocsAgain,
  removeAll,
  splitPointer,
  type Match,
} from "../base/pointer";
import { walkReads } from "./logic-reads";
import { stepLogicData } from "./step-data";

export interface FieldLogicState {
  /** Concrete pointers of the fields hidden now (their answers are dropped on submit). */
  hidden: string[];
  /** Concrete pointers of the visible fields whose `requiredWhen` logic holds now. */
  required: string[];
  /** The answers without the hidden ones (unchanged parts shared, not copied). */
  answers: unknown;
  /** The step's notices that hold now, at visible fields (information or a warning; they never block). */
  notices: { pointer: string; message: string; id: string; intent: "info" | "warning" }[];
}

/** A message with each {name} replaced by the value of `details[name]` on `data` (a list joined with "; "). */
export function quoteDetails(
  message: string,
  details: Record<string, unknown> | undefined,
  data: Data,
): string {
  return message.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name: string) => {
    const logic = details?.[name];
    if (logic === undefined) return whole;
    try {
      const value = evaluate(logic as Logic, data);
      return Array.isArray(value)
        ? value.map(String).join("; ")
        : value === null || value === undefined
          ? ""
          : String(value);
    } catch {
      return "";
    }
  });
}

export interface FieldLogicContext {
  application?: unknown;
  /** The day the logic reads (yyyy-MM-dd): the caller's, never a default. */
  today: string;
  /**
   * Given the application with the final answers merged in and the logic's data over it, as the
   * last logic read them: the step validator reads the same (validate.ts) instead of merging again.
   */
  read?: (doc: Data, data: Data) => void;
}

export type FieldLogic = (answers: unknown, context: FieldLogicContext) => FieldLogicState;

const none = (answers: unknown): FieldLogicState => ({ hidden: [], required: [], answers, notices: [] });
/** The concrete pointers a field pattern names in `doc` (a pattern without `*` names itself). */
export const matchesOf = (doc: unknown, pattern: string): Match[] =>
  pattern.includes("*") ? expand(doc, pattern) : [{ pointer: pattern }];

/**
 * The data paths `logic` reads, each as its keys (`user.declarations.x`: user, declarations, x),
 * added to `paths`; false when it may read others (./logic-reads.ts: an iteration's body's paths
 * counted as the data's, more than it reads, never fewer).
 */
const pathsRead = (logic: unknown, paths: string[][]): boolean =>
  walkReads(logic, (path) => paths.push(path.split(".")), "data");

/** Whether one list of keys starts the other (a path reads what lies at, above or below a pointer). */
function overlaps(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether logic reading `paths` (null: any) reads the same of the logic data after the answers at
 * `dropped` are dropped as before: it reads no path at, above or below one of them, and no rule
 * set's outputs (`rules`, worked out on the whole document).
 */
const readsNoneOf = (paths: readonly string[][] | null, dropped: readonly string[][]): boolean =>
  paths !== null &&
  paths.every((path) => path[0] !== "rules" && dropped.every((keys) => !overlaps(path, keys)));

export function createFieldLogic(defs: Definitions, stepId: string): FieldLogic {
  const step = stepById(defs, stepId);
  // Per field: its pointer's keys (null for a pattern with `*`, whose items the logic reads too)
  // and the data paths its logic reads (null: any).
  const visibleWhen = Object.entries(step.visibleWhen ?? {}).map(([pattern, logic]) => {
    const paths: string[][] = [];
    return {
      pattern,
      keys: pattern.includes("*") ? null : splitPointer(pattern),
      logic: logic as Logic,
      reads: pathsRead(logic, paths) ? paths : null,
    };
  });
  const requiredWhen = Object.entries(step.requiredWhen ?? {});
  const notices = step.notices ?? [];
  if (visibleWhen.length === 0 && requiredWhen.length === 0 && notices.length === 0) return none;

  return (answers, context) => {
    if (answers === null || typeof answers !== "object") return none(answers);
    // Copy-on-write: a hidden answer is removed by copying only the path to it.
    let cleaned = answers as Data;
    const { today } = context;
    const application = context.application ?? {};
    let doc = mergeDocs(application, cleaned) as Data;
    let base = stepLogicData(defs, doc, today);
    const test = (logic: Logic, m: Match) => {
      try {
        return holds(logic, m.index === undefined ? base : { ...base, item: m.item, index: m.index });
      } catch {
        return false;
      }
    };
    // Every step below is linear in the answers: hidden answers are removed in one pass (a list is
    // copied once, not once per item), and "is this inside a hidden field" is a set look-up per
    // level of the pointer, not a scan of every hidden field.
    const hidden: string[] = [];
    // Hidden answers found but not yet dropped: dropped (and merged out of the document the logic
    // reads) before the first field whose logic may read them (a path at, above or below one, or
    // the rule sets' outputs, worked out on the whole document) or whose pointer meets one, else
    // all at once at the end. A save's page hides several (four on the two-borrower declarations
    // page), and each drop copied the answers' and the document's objects on the way, the 60-key
    // `user` among them. What is read, and so decided, is the same either way.
    const pending: string[] = [];
    const pendingKeys: string[][] = [];
    const dropPending = () => {
      if (!pending.length) return;
      cleaned = removeAll(cleaned, pending) as Data;
      // Only the objects on the way to the dropped answers are merged again.
      doc = mergeDocsAgain(doc, application, cleaned, pending) as Data;
      base = stepLogicData(defs, doc, today);
      pending.length = 0;
      pendingKeys.length = 0;
    };
    for (const { pattern, keys, logic, reads } of visibleWhen) {
      if (
        pending.length &&
        (keys === null ||
          !readsNoneOf(reads, pendingKeys) ||
          pendingKeys.some((dropped) => overlaps(keys, dropped)))
      )
        dropPending();
      for (const m of matchesOf(cleaned, pattern))
        if (!test(logic, m)) {
          hidden.push(m.pointer);
          if (getAt(cleaned, m.pointer) !== undefined) {
            pending.push(m.pointer);
            pendingKeys.push(splitPointer(m.pointer));
          }
        }
    }
    dropPending();
    const hiddenSet = new Set(hidden);
    const required: string[] = [];
    for (const [pattern, logic] of requiredWhen)
      for (const m of matchesOf(cleaned, pattern))
        if (!isWithinAny(m.pointer, hiddenSet) && test(logic, m)) required.push(m.pointer);
    const shown: FieldLogicState["notices"] = [];
    for (const notice of notices)
      for (const m of matchesOf(cleaned, notice.field))
        if (!isWithinAny(m.pointer, hiddenSet) && test(notice.when, m)) {
          const message = notice.details
            ? quoteDetails(
                notice.message,
                notice.details,
                m.index === undefined ? base : { ...base, item: m.item, index: m.index },
              )
            : notice.message;
          shown.push({ pointer: m.pointer, message, id: notice.id, intent: notice.intent ?? "info" });
        }
    context.read?.(doc, base);
    return { hidden, required, answers: cleaned, notices: shown };
  };
}
