// The documents rule (rules/documents.json) run on a small application, and the pieces those
// applications are made of: for tests/unit/documents-rules.test.ts and its slow half in
// tests/definitions/.
import type { Definitions } from "@engine/definitions/definitions";
import type { Requirement as RouterRequirement } from "@engine/lending/documents";
import { dayOf, evaluateRuleSet } from "@engine/logic/rules";
import { repo } from "./definitions";

export const TODAY = "2026-11-22";

export type Requirement = Omit<RouterRequirement, "reason">;

export type Doc = Record<string, unknown>;

/**
 * The requirements the documents rule makes of an application (the repository's rules unless given
 * others), on its own today if it has one, else on TODAY.
 */
export const required = (input: Doc, definitions: Definitions = repo.defs): Requirement[] =>
  evaluateRuleSet(definitions, "documents", input, { today: dayOf(input, TODAY) }).outputs
    .requirements as Requirement[];

export const alone = (user: Doc = {}, extra: Doc = {}) => ({ user: { firstName: "Ada", ...user }, ...extra });
export const home = (extra: Doc = {}) => ({
  id: "home1",
  line1: "12 Elm St",
  city: "Austin",
  state: "TX",
  zip: "78701",
  fees: 0,
  ...extra,
});
export const mortgage = { id: "m1", creditor: "Rocket Mortgage", balance: 200000 };
