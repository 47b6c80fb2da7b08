// A decline left unconfirmed is issued by the server after params.pricing.unconfirmedDeclineDays:
// npm run check holds that number inside the 30 days of 12 CFR 1002.9(a)(1).
import { describe, expect, it } from "vitest";
import type { Definitions } from "@engine/definitions/definitions";
import { confirmFirstProblems, unconfirmedDeclineDays } from "@engine/lending/early-declines";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const withDays = (days: unknown): Definitions => ({
  ...defs,
  params: { ...defs.params, pricing: { ...(defs.params.pricing as object), unconfirmedDeclineDays: days } },
});
const dayProblems = (set: Definitions) =>
  confirmFirstProblems(set).filter((p) => p.pointer === "/params/unconfirmedDeclineDays");

describe("the days an early decline may wait unconfirmed", () => {
  it("are data inside the 30 days Regulation B gives, and the repository's pass check", () => {
    expect(unconfirmedDeclineDays(defs)).toBe(20);
    expect(dayProblems(defs)).toEqual([]);
  });

  it("are refused on or after the 30th day, as a fraction, or missing, naming the param", () => {
    for (const days of [30, 45, 0, 12.5, undefined])
      expect(dayProblems(withDays(days))).toEqual([
        expect.objectContaining({
          file: "rules/pricing.json",
          message: expect.stringMatching(/1 to 29 .*1002\.9\(a\)\(1\)/),
        }),
      ]);
  });
});
