// What every piece of step logic reads (visibleWhen, requiredWhen, checks, next, skipWhen,
// newItems): the application, today, every rule set's params, and rules.<rule set id>.
import { todayIso } from "../base/dates";
import type { Definitions } from "../definitions/definitions";
import type { Data } from "./operators";
import { evaluateRuleSet, ruleSetOnFixed } from "./rules";

/** What a `rules` object is about: the application and today its rule sets are evaluated on, and the outputs worked out so far. */
interface RulesOf {
  defs: Definitions;
  doc: Data;
  today: string;
  /** The document's content never changes: each rule set's result is kept with it (rules.ts ruleSetOnFixed). */
  fixed: boolean;
  outputs: Map<string, Data>;
}

const rulesOf = new WeakMap<object, RulesOf>();

function outputsOf(rules: object, id: string): Data {
  const of = rulesOf.get(rules)!;
  let outputs = of.outputs.get(id);
  if (!outputs) {
    try {
      // The application itself is the input: validated once per schema however many rule sets read it.
      outputs = of.fixed
        ? ruleSetOnFixed(of.defs, id, of.doc, of.today).outputs
        : evaluateRuleSet(of.defs, id, of.doc, { today: of.today }).outputs;
    } catch {
      outputs = {}; // answers the rule set cannot take yet decide nothing
    }
    of.outputs.set(id, outputs);
  }
  return outputs;
}

// One getter per rule set, made once per definitions set: each reads the `rules` object it is
// called on (what it is about in rulesOf), so a call makes no closure per rule set.
const gettersOf = new WeakMap<Definitions, PropertyDescriptorMap>();

function rulesGetters(defs: Definitions): PropertyDescriptorMap {
  let getters = gettersOf.get(defs);
  if (!getters) {
    getters = {};
    for (const id of defs.ruleSets.keys())
      getters[id] = {
        enumerable: true,
        get(this: object) {
          return outputsOf(this, id);
        },
      };
    gettersOf.set(defs, getters);
  }
  return getters;
}

/** `rules` of a step logic data object, made when first read: most logic never reads it. */
function rulesFor(defs: Definitions, doc: Data, today: string, fixed: boolean): Data {
  const rules: Data = Object.defineProperties({}, rulesGetters(defs));
  rulesOf.set(rules, { defs, doc, today, fixed, outputs: new Map() });
  return rules;
}

/**
 * What step logic reads: the application, today, every rule set's params, and
 * `rules.<rule set id>`: that rule set's outputs on the application, evaluated when first read.
 * `rules` is an own property made on first read (its fifteen getters cost a walk more than the
 * rest of the object; most steps' logic never reads them). `fixed`: the caller vouches that the
 * application's content never changes (a stored document as opened), so its rule sets' results
 * are kept with it for the day, shared with every other reader of the same document.
 */
export function stepLogicData(
  defs: Definitions,
  application: unknown,
  today: string = todayIso(),
  fixed = false,
): Data {
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
