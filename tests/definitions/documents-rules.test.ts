// The documents rule on edited copies of the definitions, and npm run rules run as a process: the
// slow half of tests/unit/documents-rules.test.ts, kept out of the everyday loop (npm run test:unit).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { copyDefinitions, loadCopy } from "../helpers/definitions";
import { alone, home, mortgage, required, TODAY, type Doc, type Requirement } from "../helpers/documents";

describe("identity document sides", () => {
  const withId = (idType: string, uploads: Doc[] = []) =>
    alone({}, { identityVerification: { borrower: { idType } }, uploads });

  it("takes the sides from the document catalogue, not a copy of its table", () => {
    const copy = copyDefinitions();
    copy.edit("rules/document-types.json", (r) => (r.params.idTypes.visa.sides = ["front"]));
    const { defs: changed, problems } = loadCopy(copy);
    expect(problems).toEqual([]);
    expect(required(withId("visa"), changed).find((r) => r.documentType === "id_document")?.sides).toEqual([
      "front",
    ]);
  });
});

describe("per-property documents (main borrower)", () => {
  it("takes the solar lenders from rules/payoff.json", () => {
    const copy = copyDefinitions();
    copy.edit("rules/payoff.json", (r) => r.params.solarLenders.push("Bright Sky Solar"));
    const { defs: changed } = loadCopy(copy);
    const input = {
      ...alone(
        {},
        {
          property: home(),
          mortgages: [mortgage, { id: "s1", creditor: "Bright Sky Solar", balance: 9000 }],
        },
      ),
      today: TODAY,
    };
    expect(required(input).map((r) => r.documentType)).not.toContain("solar_panel_statement");
    expect(required(input, changed).find((r) => r.documentType === "solar_panel_statement")).toMatchObject({
      count: 1,
      propertyId: "home1",
    });
  });
});

describe("npm run -s rules -- documents", () => {
  it("prints {requirements} with each requirement's label, sides and reason for an application file with today in it", () => {
    const file = join(mkdtempSync(join(tmpdir(), "heloc-documents-")), "app.json");
    writeFileSync(file, JSON.stringify({ ...fixture(), today: "2027-03-01" }));
    const out = spawnSync(
      join(REPO_ROOT, "node_modules/.bin/tsx"),
      [join(REPO_ROOT, "engine/cli/rules.ts"), "documents", "--input", file],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    expect(out.status).toBe(0);
    const { requirements } = JSON.parse(out.stdout) as { requirements: (Requirement & { reason: string })[] };
    expect(requirements[0]).toEqual({
      documentType: "id_document",
      borrower: "borrower",
      propertyId: null,
      count: 1,
      uploaded: 0,
      subtypes: ["driver_license", "passport", "state_id", "military_id", "green_card", "visa"],
      sides: ["front", "back"],
      label: "Driver's license, front and back",
      ruleId: "documents.id-document",
      reason: expect.stringMatching(/^Every borrower uploads one identity document/),
    });
    expect(requirements.find((r) => r.documentType === "w2")?.label).toBe("W-2 forms for 2025 and 2026");
    expect(requirements.every((r) => typeof r.reason === "string" && r.reason.length > 0)).toBe(true);
  });

  function fixture(): Doc {
    return JSON.parse(
      readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
    ) as Doc;
  }
});
