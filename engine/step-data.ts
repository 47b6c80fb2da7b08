// What every piece of step logic reads (visibleWhen, requiredWhen, checks, next, skipWhen,
// newItems): the application, today, every rule set's params, and rules.<rule set id>.
import { todayIso } from "./dates";
import type { Definitions } from "./definitions";
import type { Data } from "./logic";
import { evaluateRuleSet } from "./rules";

/**
 * What step logic reads: the application, today, every rule set's params, and
 * `rules.<rule set id>`: that rule set's outputs on the application, evaluated when first read.
 */
export function stepLogicData(defs: Definitions, application: unknown, today: string = todayIso()): Data {
  const doc = (application ?? {}) as Data;
  const rules: Data = {};
  for (const id of defs.ruleSets.keys()) {
    let outputs: Data | undefined;
    Object.defineProperty(rules, id, {
      enumerable: true,
      get: () => {
        try {
          // The application itself is the input: validated once per schema however many rule sets read it.
          outputs ??= evaluateRuleSet(defs, id, doc, { today }).outputs;
        } catch {
          outputs = {}; // answers the rule set cannot take yet decide nothing
        }
        return outputs;
      },
    });
  }
  return { ...doc, today, params: defs.params, rules };
}
