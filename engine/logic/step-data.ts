// What every piece of step logic reads (visibleWhen, requiredWhen, checks, next, skipWhen,
// newItems): the application, today, every rule set's params, and rules.<rule set id>.
import type { Definitions } from "../definitions/definitions";
import type { Data } from "./operators";
import { evaluateRuleSet } from "./rules";
import { ruleSetOnDerived } from "./same-reads";

/** What a `rules` object is about: the application and today its rule sets are evaluated on, and the outputs worked out so far. */
interface RulesOf {
  defs: Definitions;
  doc: Data;
  today: string;
  /** The document's content never changes: each rule set's result is kept with it (rules.ts ruleSetOnFixed), or with the one it was derived from (same-reads.ts). */
  fixed: boolean;
  outputs: Map<string, Data>;
}

/** A `rules` object's own (and only) property: under a symbol, so no rule set's id can meet it. */
const ABOUT = Symbol("what these rules are about");

/**
 * A `rules` object. Its rule sets are getters of its class's prototype, made once per definitions
 * set: an object with fifteen getters of its own was a dictionary of ~1.3 kB made for every piece
 * of logic data whose rules were read; an instance is one field.
 */
class RulesBase {
  readonly [ABOUT]: RulesOf;
  constructor(about: RulesOf) {
    this[ABOUT] = about;
  }
}

function outputsOf(of: RulesOf, id: string): Data {
  let outputs = of.outputs.get(id);
  if (!outputs) {
    try {
      // The application itself is the input: validated once per schema however many rule sets read it.
      // A fixed one a save derived from a stored document takes the stored one's result where the
      // rule set reads the same of both (./same-reads.ts).
      outputs = of.fixed
        ? ruleSetOnDerived(of.defs, id, of.doc, of.today).outputs
        : evaluateRuleSet(of.defs, id, of.doc, { today: of.today }).outputs;
    } catch {
      outputs = {}; // answers the rule set cannot take yet decide nothing
    }
    of.outputs.set(id, outputs);
  }
  return outputs;
}

/** The class of `rules` objects for a definitions set: a getter per rule set on its prototype. */
const rulesClasses = new WeakMap<Definitions, typeof RulesBase>();

function rulesClass(defs: Definitions): typeof RulesBase {
  let Rules = rulesClasses.get(defs);
  if (!Rules) {
    Rules = class extends RulesBase {};
    for (const id of defs.ruleSets.keys())
      Object.defineProperty(Rules.prototype, id, {
        enumerable: true,
        get(this: RulesBase) {
          return outputsOf(this[ABOUT], id);
        },
      });
    rulesClasses.set(defs, Rules);
  }
  return Rules;
}

/** `rules` of a step logic data object, made when first read: most logic never reads it. */
function rulesFor(defs: Definitions, doc: Data, today: string, fixed: boolean): Data {
  return new (rulesClass(defs))({ defs, doc, today, fixed, outputs: new Map() }) as unknown as Data;
}

/**
 * What step logic reads: the application, today, every rule set's params, and
 * `rules.<rule set id>`: that rule set's outputs on the application, evaluated when first read.
 * `rules` is made on first read (most steps' logic never reads it). `fixed`: the caller vouches that the
 * application's content never changes (a stored document as opened), so its rule sets' results
 * are kept with it for the day, shared with every other reader of the same document.
 */
export function stepLogicData(defs: Definitions, application: unknown, today: string, fixed = false): Data {
  const doc = (application ?? {}) as Data;
  let rules: Data | undefined;
  return {
    ...doc,
    today,
    params: defs.params,
    get rules() {
      return (rules ??= rulesFor(
        defs,
        doc,
        today,
        fixed && application !== null && application !== undefined,
      ));
    },
  };
}
