// A page saved again unchanged keeps the stored (shared, frozen) document, and the save asks the pricing
// rules' decline of it again: the decline worked out on a frozen document is kept with it for the
// day. Held to the decline worked out afresh on every worked case of rules/pricing.json. The day is
// the server's (services.now(), as a save's walk takes it), never the machine's clock.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { todayIso } from "@engine/base/dates";
import { declineOf } from "@server/features/decisions/adverse-action";
import { pendingDecline } from "@server/features/decisions/early-decline";
import { ruleSetOnFixed } from "@engine/logic/rules";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const TODAY = "2026-11-22";
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
      const afresh = declineOf(defs, structuredClone(input), TODAY);
      expect(declineOf(defs, stored, TODAY), description).toEqual(afresh);
      expect(declineOf(defs, stored, TODAY), description).toEqual(afresh);
      if (afresh) declined++;
    }
    // Declines and offers were both compared.
    expect(declined).toBeGreaterThan(5);
    expect(cases.length - declined).toBeGreaterThan(5);
  });

  it("is the caller's own copy each time: a decision made from one does not change the next", () => {
    const input = cases.find((c) => declineOf(defs, structuredClone(c.input), TODAY))!.input;
    const stored = frozen(structuredClone(input));
    const first = declineOf(defs, stored, TODAY)!;
    const expected = structuredClone(first);
    first.reasons[0]!.text = "changed by a caller";
    first.reasons.push({ code: "extra", text: "extra" });
    const second = declineOf(defs, stored, TODAY)!;
    expect(second).not.toBe(first);
    expect(second).toEqual(expected);
  });
});

describe("the day a decline is decided on", () => {
  it("is the server's, so a save under an injected clock reads the one pricing result its walk kept", () => {
    // A day the machine's clock is not on: the server's clock is injected (as tests and replays do).
    const day = todayIso(new Date()) === "2031-03-04" ? "2031-03-05" : "2031-03-04";
    const services = { defs, now: () => new Date(`${day}T12:00:00Z`) };
    const input = cases.find((c) => declineOf(defs, structuredClone(c.input), day))!.input;
    const stored = frozen(structuredClone(input));
    // The save's walk reads rules.pricing on the shared document on the server's day.
    const walked = ruleSetOnFixed(defs, "pricing", stored, day);
    // What a save asks next (./owner-save-steps.ts), with the server's services: its decline.
    const pending = pendingDecline(services, stored);
    const decline = declineOf(defs, structuredClone(input), day)!;
    if (pending) expect(pending).toMatchObject(decline);
    // Decided on that same day, the decline found the walk's result: nothing was worked out on another day.
    expect(ruleSetOnFixed(defs, "pricing", stored, day)).toBe(walked);
  });
});
