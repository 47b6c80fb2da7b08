// Regulation Z 1026.5(a)(2)(i): "annual percentage rate", when stated with a rate, is more
// conspicuous than the other disclosures. Every text of content/ that states the term beside a rate
// (a {{token}} figure in the same sentence or table row) writes it **ANNUAL PERCENTAGE RATE**.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";

const texts = (dir: string): { file: string; text: string }[] =>
  readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? texts(join(dir, e.name))
      : /\.(md|json)$/.test(e.name)
        ? [{ file: join(dir, e.name), text: readFileSync(join(REPO_ROOT, dir, e.name), "utf8") }]
        : [],
  );

/** Each sentence or table row that names the term beside a filled figure, but not in bold capitals. */
function plainTermsBesideRates(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n/)
    .filter((part) => /annual percentage rate/i.test(part) && /\{\{\s*\w+\s*\}\}|\|/.test(part))
    .filter((part) => {
      const plain = part.replace(/\*\*ANNUAL PERCENTAGE RATE\b[^*]*\*\*/g, "");
      return /annual percentage rate/i.test(plain) && /\{\{\s*\w*(apr|Apr|Rate)\s*\}\}|^\|/.test(plain);
    });
}

describe("the term annual percentage rate beside a rate", () => {
  it("is in bold capitals in every disclosure and notice", () => {
    const found = texts("content").flatMap(({ file, text }) =>
      plainTermsBesideRates(text).map((part) => `${file}: ${part.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("is caught when a text states it plainly", () => {
    expect(plainTermsBesideRates("Your offer's annual percentage rate is {{apr}}.")).toHaveLength(1);
    expect(plainTermsBesideRates("Your offer's **ANNUAL PERCENTAGE RATE** is {{apr}}.")).toEqual([]);
    expect(plainTermsBesideRates("| Year | Annual percentage rate |")).toHaveLength(1);
  });
});
