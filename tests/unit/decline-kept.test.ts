// A page saved again unchanged keeps the stored (shared, frozen) document, and the save asks the pricing
// rules' decline of it again: the decline worked out on a frozen document is kept with it for the
// day. Held to the decline worked out afresh on every worked case of rules/pricing.json.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { declineOf } from "@server/features/decisions/adverse-action";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const cases = (
  JSON.parse(readFileSync(join(REPO_ROOT, "rules/pricing.cases.json"), "utf8")) as {
    cases: { description: string; input: Record<string, unknown> }[];
  }
).cases;

/** `value` shared as a stored document is (deeply frozen, memos keyed by it). */
const frozen = <T extends object>(value: T): T => {
  shareDocument(value);
  return value;
};

describe("the pricing decline of a stored document", () => {
  it("is the decline worked out afresh, on every worked case, asked once or again", () => {
    let declined = 0;
    for (const { description, input } of cases) {
      const stored = frozen(structuredClone(input));
      const afresh = declineOf(defs, structuredClone(input));
      expect(declineOf(defs, stored), description).toEqual(afresh);
      expect(declineOf(defs, stored), description).toEqual(afresh);
      if (afresh) declined++;
    }
    // Declines and offers were both compared.
    expect(declined).toBeGreaterThan(5);
    expect(cases.length - declined).toBeGreaterThan(5);
  });

  it("is the caller's own copy each time: a decision made from one does not change the next", () => {
    const input = cases.find((c) => declineOf(defs, structuredClone(c.input)))!.input;
    const stored = frozen(structuredClone(input));
    const first = declineOf(defs, stored)!;
    const expected = structuredClone(first);
    first.reasons[0]!.text = "changed by a caller";
    first.reasons.push({ code: "extra", text: "extra" });
    const second = declineOf(defs, stored)!;
    expect(second).not.toBe(first);
    expect(second).toEqual(expected);
  });
});
