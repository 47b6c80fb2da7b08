// Which early declines wait for the applicant's confirmation is data (rules/pricing.json
// `confirmFirst`), and npm run check (engine/lending/set-check.ts) refuses the flag where nothing
// would ask for a confirmation, naming the file, line, column and pointer.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loadDefinitions } from "@engine/definitions/load";
import { needsConfirmation } from "@engine/lending/early-declines";
import { checkLendingSet } from "@engine/lending/set-check";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions } from "../helpers/definitions";

const copy = copyDefinitions({ schemas: true, content: true });
afterAll(() => rmSync(copy.dir, { recursive: true, force: true }));

/** The problems check prints for the copy after `mistake`. */
function checked(mistake: () => void): string[] {
  mistake();
  return checkLendingSet(copy.dirs).problems.map(formatProblem);
}

describe("early declines confirmed first (rules/pricing.json confirmFirst)", () => {
  it("asks for confirmation of each decline that rests on the applicant's own answer, as the rule file says", () => {
    const { defs } = loadDefinitions();
    for (const rule of [
      "pricing.late-payment",
      "pricing.listed-for-sale",
      "pricing.credit-boost",
      "pricing.high-debt-to-income",
      "pricing.low-equity",
    ])
      expect(needsConfirmation(defs, rule), rule).toBe(true);
    expect(needsConfirmation(defs, "pricing.not-available-in-state")).toBe(false);
    expect(needsConfirmation(defs, "pricing.offer")).toBe(false);
  });

  it("refuses the flag on a pricing rule that is not a decline, and on a rule of another file, at its line and column", () => {
    const problems = checked(() => {
      copy.edit("rules/pricing.json", (r) => {
        r.rules.find((x: { id: string }) => x.id === "pricing.incomplete").confirmFirst = true;
      });
      copy.edit("rules/documents.json", (r) => {
        r.rules.find((x: { id: string }) => x.id === "documents.flood-insurance").confirmFirst = true;
      });
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/pricing\.json:\d+:\d+ #\/rules\/\d+\/confirmFirst: confirmFirst on pricing\.incomplete: the rule is not a decline/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/documents\.json:\d+:\d+ #\/rules\/\d+\/confirmFirst: confirmFirst on documents\.flood-insurance: only the pricing rules' declines/,
      ),
    );
  });

  it("refuses a flag that is not true or false", () => {
    const problems = checked(() =>
      copy.edit("rules/pricing.json", (r) => {
        r.rules.find((x: { id: string }) => x.id === "pricing.late-payment").confirmFirst = "yes";
      }),
    );
    expect(problems.some((p) => /^rules\/pricing\.json:\d+:\d+ #\/rules\/\d+\/confirmFirst/.test(p))).toBe(
      true,
    );
  });
});
