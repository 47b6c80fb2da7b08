// Issue 21 item 1: "check is clean" means it works. Each silent failure product ops met now fails
// npm run check (and the server's load: the same loadDefinitions) with the file, line:column, the
// JSON pointer and, where a name is close, a suggestion.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { orderProperties } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { routeForStatus } from "@engine/funnel/funnel";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

const problemsOf = (copy: ReturnType<typeof copyDefinitions>) => loadCopy(copy).problems.map(formatProblem);
const indexOf = (list: { id: string }[], id: string) => list.findIndex((x) => x.id === id);

describe("npm run check refuses what used to pass and then broke", () => {
  it("a question defined only inside a step: it joins the application, so a save's whole-document check takes it", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/initial-setup/zip.json",
      (s) =>
        (s.schema.properties.setup.properties.county = { title: "County", type: "string", maxLength: 60 }),
    );
    const { defs, problems } = loadCopy(copy);
    expect(problems).toEqual([]);
    expect(
      compileSchemaFile(defs, "application.json")({ setup: { zip: "33602", county: "Hillsborough" } }),
    ).toBe(true);
  });

  it("a new step with no entry in a separate status table: its own route is where its status returns", () => {
    const copy = copyDefinitions();
    copy.write("steps/initial-setup/loan-reason.json", {
      id: "loanReason",
      route: "/app/initial-setup/loan-reason",
      label: "Loan Reason",
      rank: 0,
      schema: {
        type: "object",
        additionalProperties: false,
        properties: {
          setup: {
            type: "object",
            additionalProperties: false,
            properties: { loanReason: { type: "string", enum: ["other"] } },
          },
        },
      },
    });
    copy.edit("steps/flows/early-funnel.json", (f) => f.variants[0].steps.splice(2, 0, "loanReason"));
    const { defs, problems } = loadCopy(copy);
    expect(problems).toEqual([]);
    expect(routeForStatus(defs, "loanReason")).toBe("/app/initial-setup/loan-reason");
  });

  it("a misspelt field in a rule file (setup.propertyUsge in rules/pricing.json)", () => {
    const copy = copyDefinitions();
    copy.edit("rules/pricing.json", (r) => {
      const fact = r.facts.find((f: { name: string; value: unknown }) =>
        JSON.stringify(f.value).includes("setup.propertyUsage"),
      );
      fact.value = JSON.parse(
        JSON.stringify(fact.value).replace(/"setup\.propertyUsage"/g, '"setup.propertyUsge"'),
      );
    });
    expect(problemsOf(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^rules\/pricing\.json:\d+:\d+ #\/facts\/\d+\/value\/.*\/var: unknown field "setup\.propertyUsge", did you mean `propertyUsage`\?$/,
        ),
      ]),
    );
  });

  it('an unknown enumeration value inside a rule that goes over a list ("pensoin" in rules/documents.json)', () => {
    const copy = copyDefinitions();
    let at = -1;
    copy.edit("rules/documents.json", (r) => {
      at = indexOf(r.rules, "documents.pension-award-letter");
      r.rules[at].when = {
        some: [{ var: "borrower.answers.incomeSources" }, { "==": [{ var: "type" }, "pensoin"] }],
      };
    });
    // (and the worked cases that the typo makes fail)
    expect(problemsOf(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^rules/documents\\.json:\\d+:\\d+ #/rules/${at}/when/some/1/==/1: unknown value "pensoin" for borrower\\.answers\\.incomeSources\\.\\*\\.type, did you mean \`pension\`\\?$`,
          ),
        ),
        expect.stringMatching(
          /^rules\/documents\.cases\.json:\d+:\d+ #\/cases\/\d+\/expect\/requirements\/length: worked case "Pension income needs 2 1099 forms and the pension award letter" fails: requirements\.length is 3, not 4$/,
        ),
      ]),
    );
  });

  it("an unknown field of a list item inside a rule's loop", () => {
    const copy = copyDefinitions();
    let at = -1;
    copy.edit("rules/payoff.json", (r) => {
      at = indexOf(r.rules, "payoff.solar-loan");
      r.rules[at].when = {
        text_matches_any: [{ var: "mortgage.creditr" }, { var: "params.payoff.solarLenders" }],
      };
    });
    expect(problemsOf(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^rules/payoff\\.json:\\d+:\\d+ #/rules/${at}/when/text_matches_any/0/var: unknown field "mortgage\\.creditr", did you mean \`creditor\`\\?$`,
          ),
        ),
      ]),
    );
  });

  it("a required field that no answer can make visible", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/personal-info.json", (s) => {
      s.visibleWhen["/user/formerAddress"] = {
        and: [
          { "==": [{ var: "setup.hasCoborrower" }, true] },
          { "==": [{ var: "setup.hasCoborrower" }, false] },
        ],
      };
    });
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/application\/personal-info\.json:\d+:\d+ #\/visibleWhen\/~1user~1formerAddress: required field "\/user\/formerAddress" can never be shown: no answer makes its visibleWhen hold \(tried every value of setup\.hasCoborrower\)$/,
      ),
    ]);
  });

  it("a list of choices none of which the field lets through (units at least 20, of the 1 to 5 offered)", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/prequal/building-type.json",
      (s) => (s.schema.properties.property.properties.units.minimum = 20),
    );
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/prequal\/building-type\.json:\d+:\d+ #\/schema\/properties\/property\/properties\/units: none of its 5 choices \(from schemas\/enums\.json\) passes the rules the field adds to them \(1: must be >= 20\): the form offers each and every answer is refused$/,
      ),
    ]);
  });

  it("a list of choices written without a type, none of which the field lets through", () => {
    const copy = copyDefinitions();
    copy.edit("steps/prequal/building-type.json", (s) => {
      s.schema.properties.property.properties.units = { enum: [2, 3, 4], minimum: 5 };
    });
    expect(problemsOf(copy)).toContainEqual(
      expect.stringMatching(
        /^steps\/prequal\/building-type\.json:\d+:\d+ #\/schema\/properties\/property\/properties\/units: none of its 3 choices passes the rules the field adds to them \(2: must be >= 5\)/,
      ),
    );
  });

  it("but not a list the field narrows on purpose (a multi-unit building: 2 units or more of 1 to 5)", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/prequal/building-type.json",
      (s) => (s.schema.properties.property.properties.units.maximum = 2),
    );
    expect(problemsOf(copy)).toEqual([]);
  });

  it("a ui:order that leaves out a field (the name step's setup): the form showed a configuration error instead of the first page", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/name.json", (s) => (s.uiSchema["ui:order"] = ["user"]));
    // The form's own ordering refuses such a list (what the applicant saw, in red, with the raw schema).
    expect(() => orderProperties(["user", "setup"], ["user"])).toThrow(/does not contain property 'setup'/);
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/initial-setup\/name\.json:\d+:\d+ #\/uiSchema\/ui:order: leaves out "setup" and has no "\*" for the rest: the form shows a configuration error instead of this step$/,
      ),
    ]);
  });

  it("a ui:order that names a field the object does not have (the form drops it without a word)", () => {
    const copy = copyDefinitions();
    copy.edit("steps/prequal/building-type.json", (s) => s.uiSchema.property["ui:order"].push("unit"));
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/prequal\/building-type\.json:\d+:\d+ #\/uiSchema\/property\/ui:order\/2: "unit" is not a field here, so the form leaves it out, did you mean `units`\?$/,
      ),
    ]);
  });

  it("a worked case that fails", () => {
    const copy = copyDefinitions();
    copy.edit("rules/payoff.cases.json", (c) => (c.cases[0].expect.total = 1));
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^rules\/payoff\.cases\.json:\d+:\d+ #\/cases\/0\/expect\/total: worked case ".+" fails: total is \d+, not 1$/,
      ),
    ]);
  });

  it("a worked case whose own day is misspelled (it would run on the date now)", () => {
    const copy = copyDefinitions();
    copy.edit("rules/coverage.cases.json", (c) => (c.cases[0].input.today = "2026-13-45"));
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^rules\/coverage\.cases\.json:\d+:\d+ #\/cases\/0\/input\/today: worked case ".+": today "2026-13-45" is not a date in yyyy-MM-dd form$/,
      ),
    ]);
  });

  it("a step only unreachable steps lead to", () => {
    const copy = copyDefinitions();
    copy.write("steps/initial-setup/orphan.json", {
      id: "orphan",
      route: "/app/initial-setup/orphan",
      label: "Orphan",
      rank: 0,
      schema: { type: "object", properties: {} },
      next: [{ id: "orphan.on", goto: "lonely" }],
    });
    copy.write("steps/initial-setup/lonely.json", {
      id: "lonely",
      route: "/app/initial-setup/lonely",
      label: "Lonely",
      rank: 0,
      schema: { type: "object", properties: {} },
    });
    expect(problemsOf(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^steps\/initial-setup\/lonely\.json:\d+:\d+ #\/id: step "lonely" is unreachable: no flow lists it and only unreachable steps lead to it \(orphan\)$/,
        ),
      ]),
    );
  });

  it("a field pointer in a rule file's params that the application does not have", () => {
    const copy = copyDefinitions();
    copy.edit("rules/members.json", (r) => r.params.roles.coborrower.sees.push("/user/firstNmae"));
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^rules\/members\.json:\d+:\d+ #\/params\/roles\/coborrower\/sees\/\d+: field pointer "\/user\/firstNmae" is not in the application, did you mean `firstName`\?$/,
      ),
    ]);
  });
});

describe("a file that is not JSON", () => {
  it("is reported once, with its line and column, and nothing else is", () => {
    const copy = copyDefinitions();
    // A trailing comma on line 4 of the file.
    writeFileSync(
      join(copy.steps, "initial-setup/zip.json"),
      '{\n  "id": "zip",\n  "route": "/app/initial-setup/zip",\n  "label": "ZIP Code",\n}\n',
    );
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(/^steps\/initial-setup\/zip\.json:5:1: is not valid JSON: .+/),
    ]);
  });
});
