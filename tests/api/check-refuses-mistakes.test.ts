// Issue 39, "check is clean means it works": each of the 15 mistakes product ops made that passed
// check (or the live reload) and silently broke the funnel for applicants, and those found since, is now
// refused by npm run check's own function (engine/lending/set-check.ts) with the file, line, column,
// pointer and a plain sentence, and a running server refuses the set and keeps serving the last
// good one. Each mistake is made in a copy of the definitions the server runs, reloaded, then
// undone. One server with the demo applications, whose saved answers some mistakes would strand.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions } from "../helpers/definitions";
import { testServer, type TestServer } from "../helpers/server";

const copy = copyDefinitions({ schemas: true, content: true });
let server: TestServer;
let good: string;

/** Every file of the copy as it is now, to put back after a mistake. */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  for (const folder of Object.values(copy.dirs))
    for (const name of spawnSync("find", [folder, "-type", "f"], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean))
      out.set(name, readFileSync(name, "utf8"));
  return out;
}
let clean: Map<string, string>;

/** Makes the mistake, reloads: the server must refuse and keep serving; returns the problems as check prints them. */
async function refused(mistake: () => void): Promise<string[]> {
  mistake();
  try {
    const reload = await server.reloadDefinitions("test");
    expect(reload.swapped).toBe(false);
    expect(server.services.definitionsVersion).toBe(good);
    if (process.env.SHOW_PROBLEMS) console.log(reload.problems.map(formatProblem).join("\n"));
    return reload.problems.map(formatProblem);
  } finally {
    for (const [name, text] of clean) writeFileSync(name, text);
  }
}

const loc = (file: string) => `^${file.replace(/[.]/g, "\\.")}:\\d+:\\d+ #`;

beforeAll(async () => {
  server = await testServer({ definitions: copy.dirs, demo: true });
  good = server.services.definitionsVersion;
  clean = snapshot();
});
afterAll(() => server?.close());

describe("JSON-logic semantics", { timeout: 120_000 }, () => {
  it('refuses "==" with three arguments (a county requirement silently off)', async () => {
    const problems = await refused(() =>
      copy.edit("rules/documents.json", (r) => {
        const rule = r.rules.find((x: { id: string }) => x.id === "documents.flood-insurance");
        rule.when = { "==": [{ var: "property.county" }, "Miami-Dade", "Broward"] };
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("rules/documents.json")}/rules/\\d+/when/==: "==" takes 2 arguments, not 3: the arguments after the second are ignored`,
        ),
      ),
    );
  });

  it('refuses "in" over a text (a substring test: "cash" is "in" "cashDeposit")', async () => {
    const problems = await refused(() =>
      copy.edit("rules/documents.json", (r) => {
        const rule = r.rules.find((x: { id: string }) => x.id === "documents.alimony-proof");
        rule.when = {
          some: [{ var: "borrower.answers.incomeSources" }, { in: [{ var: "type" }, "alimonyOrSupport"] }],
        };
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("rules/documents.json")}/rules/\\d+/when/some/1/in/1: "in" with the text "alimonyOrSupport" tests for a part of that text`,
        ),
      ),
    );
  });

  it('refuses a text compared with a number field ("1,000,000")', async () => {
    const problems = await refused(() =>
      copy.edit("steps/initial-setup/property-value.json", (s) =>
        s.checks.push({
          id: "propertyValue.at-most",
          description: "We lend on homes worth up to $10,000,000.",
          field: "/setup/propertyValue",
          logic: { "<=": [{ var: "setup.propertyValue" }, "10,000,000"] },
          message: "We lend on homes worth up to $10,000,000",
        }),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/initial-setup/property-value.json")}/checks/1/logic/<=/1: "<=" compares setup.propertyValue, which is a number, with the text "10,000,000": JSON-logic converts one to the other and the answer is meaningless \\(write the number without quotes: 10000000\\)`,
        ),
      ),
    );
  });
});

describe("flows", { timeout: 120_000 }, () => {
  it("refuses a next loop (has-fbm ↔ mortgage-estimate: Next reloads the same page forever)", async () => {
    const problems = await refused(() =>
      copy.edit("steps/initial-setup/has-fbm.json", (s) =>
        s.next.push({
          id: "hasFbm.check-estimate",
          description: "Back to the estimate after a clean record.",
          when: { "==": [{ var: "setup.hasFbm" }, false] },
          goto: "mortgageEstimate",
        }),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/initial-setup/has-fbm.json")}/next/1/goto: this branch makes a loop: mortgageEstimate → hasFbm → mortgageEstimate \\(earlyFunnel variantOne\\): an applicant pressing Next would come back to a page they answered, forever`,
        ),
      ),
    );
  });

  it("refuses a step moved before the field its check reads (every amount refused in 2 of 3 variants)", async () => {
    const problems = await refused(() => {
      copy.edit("steps/initial-setup/mortgage-estimate.json", (s) => {
        s.rank = 0.5;
        s.checks = [
          {
            id: "mortgageEstimate.within-value",
            description: "What is owed cannot be more than the home is worth.",
            field: "/setup/mortgageEstimate",
            logic: { "<=": [{ var: "setup.mortgageEstimate" }, { var: "setup.propertyValue" }] },
            message: "This can't be more than your home's value",
          },
        ];
      });
      copy.edit("steps/flows/early-funnel.json", (f) => {
        for (const v of f.variants) {
          v.steps = v.steps.filter((id: string) => id !== "mortgageEstimate");
          v.steps.splice(v.steps.indexOf("propertyValue"), 0, "mortgageEstimate");
        }
      });
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/initial-setup/mortgage-estimate.json")}/checks/0/logic/<=/1/var: reads "setup.propertyValue", which no step before this one asks on the way through earlyFunnel variantOne, earlyFunnel variantTwo \\(propertyValue asks it, later or elsewhere\\)`,
        ),
      ),
    );
  });

  it("refuses a variant without the credit range (a poor-credit applicant offered a line, everyone at the fair margin), and a journey says so", async () => {
    const problems = await refused(() =>
      copy.edit("steps/flows/early-funnel.json", (f) => {
        f.variants[0].steps = f.variants[0].steps.filter((id: string) => id !== "creditRange");
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `${loc("steps/flows/early-funnel.json")}/variants/0/steps/\\d+: earlyFunnel variantOne shows pricing's result on previewOffer without asking setup.creditRange or setup.creditScore before it`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `${loc("journeys/variant-one-offer.json")}/expect/outputs/pricing.quote.margin: journey "variant-one-offer": at previewOffer, pricing.quote.margin is 3.49, not 1.24`,
          ),
        ),
      ]),
    );
  });

  it("refuses a visibleWhen reading a later step's answer (the HOA field hidden, its answer dropped)", async () => {
    const problems = await refused(() =>
      copy.edit("steps/application/property-info.json", (s) => {
        s.visibleWhen["/property/fees"] = { "!=": [{ var: "user.ownsOtherRealEstate" }, true] };
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/application/property-info.json")}/visibleWhen/~1property~1fees/!=/0/var: reads "user.ownsOtherRealEstate", which no step before this one asks on the way through earlyFunnel variantOne, earlyFunnel variantTwo, prequal standard \\(application4 asks it, later or elsewhere\\)`,
        ),
      ),
    );
  });

  it("refuses a valid but wrong path (setup.propertyUsage, which prequalification never asks)", async () => {
    const problems = await refused(() =>
      copy.edit("steps/prequal/debts.json", (s) => {
        s.visibleWhen = { "/liabilities": { "!=": [{ var: "setup.propertyUsage" }, "investment"] } };
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/prequal/debts.json")}/visibleWhen/~1liabilities/!=/0/var: reads "setup.propertyUsage", which no step before this one asks on the way through prequal standard`,
        ),
      ),
    );
  });
});

describe("schemas", { timeout: 120_000 }, () => {
  it("refuses a minimum above the maximum (the input disappeared; every amount refused)", async () => {
    const problems = await refused(() =>
      copy.edit("steps/initial-setup/mortgage-estimate.json", (s) => {
        s.schema.properties.setup.properties.mortgageEstimate.minimum = 2000000000;
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/initial-setup/mortgage-estimate.json")}/schema/properties/setup/properties/mortgageEstimate/minimum: minimum 2000000000 is above maximum 1000000000 \\(from schemas/common.json\\): no number can be given, so every answer is refused`,
        ),
      ),
    );
  });

  it('refuses a value listed twice ("Tax refund" twice: choosing it refused)', async () => {
    const problems = await refused(() =>
      copy.edit("schemas/enums.json", (e) =>
        e.$defs.incomeType.oneOf.push({ const: "taxRefund", title: "Tax refund (federal)" }),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("schemas/enums.json")}/\\$defs/incomeType/oneOf/\\d+/const: the value "taxRefund" is listed twice \\(also at oneOf/\\d+\\): choosing it matches two choices and is refused`,
        ),
      ),
    );
  });

  it("refuses a value without a label (the dropdown shows benefitOther)", async () => {
    const problems = await refused(() =>
      copy.edit("schemas/enums.json", (e) => e.$defs.incomeType.oneOf.push({ const: "benefitOther" })),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("schemas/enums.json")}/\\$defs/incomeType/oneOf/\\d+: the value "benefitOther" has no label \\(title\\): the form would show "benefitOther" itself to the applicant`,
        ),
      ),
    );
  });

  it("refuses a field deleted while stored applications hold it, until rules/retired.json says where it goes", async () => {
    const deleteCounty = () => {
      copy.edit("schemas/property.json", (p) => delete p.properties.county);
      copy.edit("steps/application/property-info.json", (s) => {
        delete s.schema.properties.property.properties.county;
        s.uiSchema.property["ui:order"] = s.uiSchema.property["ui:order"].filter(
          (k: string) => k !== "county",
        );
        delete s.prefill["/property/county"];
        s.sameAs["/property"].fields = s.sameAs["/property"].fields.filter((k: string) => k !== "county");
      });
      // The worked journey that answers the property's county no longer does.
      copy.edit(
        "journeys/two-borrowers-submitted.json",
        (j) => delete j.answers.application3.property.county,
      );
      // Nor does the MISMO export read it (check refuses a mapping to a field that is gone).
      const unmap = (node: { fromInput?: string; children?: unknown[] }): boolean => {
        if (node.fromInput === "/application/property/county") return false;
        if (node.children) node.children = (node.children as (typeof node)[]).filter(unmap);
        return true;
      };
      copy.edit("rules/mismo.json", (m) => m.params.tree.forEach(unmap));
      // Nor its Spanish title (check refuses a translation of a text that is gone).
      copy.edit(
        "content/locales/es/schemas/property.json",
        (t) => delete t.strings["/properties/county/title"],
      );
    };
    const problems = await refused(deleteCounty);
    expect(problems).toEqual([
      expect.stringMatching(
        /^rules\/retired\.json:\d+:\d+ #\/params\/fields: field "\/property\/county" is gone, and \d+ application\(s\) in flight hold an answer there \(every save of theirs would be refused\): declare in rules\/retired\.json params\.fields where it goes/,
      ),
    ]);
    // Declared, it goes live: the answers are let go when the applications are read.
    deleteCounty();
    copy.edit("rules/retired.json", (r) => (r.params.fields = { "/property/county": null }));
    try {
      expect(await server.reloadDefinitions("test")).toMatchObject({ swapped: true, problems: [] });
    } finally {
      for (const [name, text] of clean) writeFileSync(name, text);
      expect(await server.reloadDefinitions("test")).toMatchObject({ swapped: true, version: good });
    }
  });

  it('refuses a value renamed in schemas/ ("secondHome": its pricing key and its card image left behind)', async () => {
    const problems = await refused(() =>
      copy.editText("schemas/enums.json", (t) =>
        t.replace('"const": "secondHome"', '"const": "vacationHome"'),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `${loc("rules/pricing.json")}/params/maxCltvByUsage/secondHome: the table params.pricing.maxCltvByUsage has the key "secondHome", which is not a value of usage \\(primaryResidence, vacationHome, investment\\): it is never found`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `${loc("steps/initial-setup/property-usage.json")}/uiSchema/setup/propertyUsage/ui:options/images/secondHome: an image for "secondHome", which is not a value of /setup/propertyUsage`,
          ),
        ),
      ]),
    );
  });
});

describe("content, layout and the live gate", { timeout: 120_000 }, () => {
  it("refuses a token no template data fills ({{desiredAmount}} in the offer mail)", async () => {
    const problems = await refused(() =>
      copy.editText("content/mail/offer.md", (t) =>
        t.replace("Hello {{name}},", "Hello {{name}}, you asked for {{desiredAmount}}."),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/mail\/offer\.md:5:\d+: \{\{desiredAmount\}\} is not a value this text is filled with, so the reader would see "\[not available yet\]"$/,
      ),
    ]);
  });

  it("refuses a set that fails check on layout alone", async () => {
    const problems = await refused(() =>
      copy.editText("steps/initial-setup/zip.json", (t) => JSON.stringify(JSON.parse(t), null, 4)),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^steps\/initial-setup\/zip\.json:1:1: is not in the canonical layout: run npm run format$|^steps\/initial-setup\/zip\.json#: is not in the canonical layout/,
      ),
    ]);
  });

  it("says a JSON syntax error once, with its file, line and column", async () => {
    const problems = await refused(() =>
      copy.editText("rules/pricing.json", (t) => `${t.trimEnd().slice(0, -1)},\n}\n`),
    );
    expect(problems).toEqual([expect.stringMatching(/^rules\/pricing\.json:\d+:\d+: is not valid JSON: /)]);
  });
});

describe("four more of our own", { timeout: 120_000 }, () => {
  it("refuses a number written in quotes in arithmetic (the owed amount would join texts)", async () => {
    const problems = await refused(() =>
      copy.edit("rules/pricing.json", (r) => {
        const fact = r.facts.find((f: { name: string }) => f.name === "equityRoom");
        fact.value = { "-": [{ "*": [{ var: "homeValue" }, { var: "maxCltv" }] }, "0"] };
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("rules/pricing.json")}/facts/\\d+/value/-/1: "-" computes with numbers; the text "0" is not one`,
        ),
      ),
    );
  });

  it("refuses two fields of different types compared (a ZIP code with a home value: never equal)", async () => {
    const problems = await refused(() =>
      copy.edit("rules/documents.json", (r) => {
        const rule = r.rules.find((x: { id: string }) => x.id === "documents.flood-insurance");
        rule.when = { "==": [{ var: "property.zip" }, { var: "property.value" }] };
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("rules/documents.json")}/rules/\\d+/when/==/1: "==" compares property.zip \\(text\\) with property.value \\(a number\\): values of different types are never equal`,
        ),
      ),
    );
  });

  it('refuses a table key no value has (a margin for "veryGod": very good credit priced at the fair margin)', async () => {
    const problems = await refused(() =>
      copy.edit("rules/pricing.json", (r) => {
        const margins = r.params.marginByCreditRange;
        r.params.marginByCreditRange = {
          excellent: margins.excellent,
          veryGod: margins.veryGood,
          good: margins.good,
          fair: margins.fair,
        };
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `${loc("rules/pricing.json")}/params/marginByCreditRange/veryGod: the table params.pricing.marginByCreditRange has the key "veryGod", which is not a value of setup.creditRange .*did you mean \`veryGood\`\\?`,
          ),
        ),
      ]),
    );
  });

  it("refuses a disclosure a step shows that content/ does not have (nothing to read before signing)", async () => {
    const problems = await refused(() =>
      copy.editText("steps/application/sign.json", (t) => t.replaceAll('"heloc-booklet"', '"heloc-guide"')),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/application/sign.json")}/uiSchema/.*/documents/\\d+: the disclosure "heloc-guide" is not in content/disclosures/ \\(heloc-guide\\.md\\): the page would show no text to sign`,
        ),
      ),
    );
  });

  it("refuses a widget that cannot hold its field (a currency widget on the ZIP code: every ZIP refused)", async () => {
    const problems = await refused(() =>
      copy.edit(
        "steps/application/property-info.json",
        (s) => (s.uiSchema.property.zip["ui:widget"] = "currency"),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("steps/application/property-info.json")}/uiSchema/property/zip/ui:widget: the currency widget stores a number, and this field holds text: every answer would be refused`,
        ),
      ),
    );
  });

  it("refuses a retirement that sends applicants to a step that does not exist", async () => {
    const problems = await refused(() =>
      copy.edit("rules/retired.json", (r) => (r.params.steps = { propertyWorth: "propertyValu" })),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `${loc("rules/retired.json")}/params/steps/propertyWorth: its applicants would go to "propertyValu", which is not a step, did you mean \`propertyValue\`\\?`,
        ),
      ),
    );
  });
});

describe("npm run check", { timeout: 180_000 }, () => {
  it("prints the same problems, file:line:column first, and exits 1", () => {
    const file = join(copy.rules, "documents.json");
    const text = readFileSync(file, "utf8");
    copy.edit("rules/documents.json", (r) => {
      const rule = r.rules.find((x: { id: string }) => x.id === "documents.flood-insurance");
      rule.when = { "==": [{ var: "property.county" }, "Miami-Dade", "Broward"] };
    });
    try {
      const out = spawnSync(
        join(REPO_ROOT, "node_modules/.bin/tsx"),
        [
          join(REPO_ROOT, "server/features/definitions/check-cli.ts"),
          "--no-database",
          ...Object.entries(copy.dirs).flatMap(([k, v]) => [`--${k}`, v]),
        ],
        { cwd: REPO_ROOT, encoding: "utf8" },
      );
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(
        /^rules\/documents\.json:\d+:\d+ #\/rules\/\d+\/when\/==: "==" takes 2 arguments, not 3/m,
      );
      expect(out.stderr).toMatch(/\ncheck: \d+ problems? in \d+ steps/);
    } finally {
      writeFileSync(file, text);
    }
  });
});
