// Issue 21 item 1: "check is clean" means it works. Each silent failure product ops met now fails
// npm run check (and the server's load: the same loadDefinitions) with the file, line:column, the
// JSON pointer and, where a name is close, a suggestion.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { getDefaultFormState, getWidget, isSelect, optionsList, orderProperties } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { describe, expect, it } from "vitest";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { loadDefinitions } from "@engine/definitions/load";
import { routeForStatus } from "@engine/funnel/funnel";
import { evaluate } from "@engine/logic/logic";
import { codecs } from "@engine/form/codecs";
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

  it("a field's name in quotes where its answer was meant: the address step's branch to the ineligible page held for everyone", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/prequal/address.json",
      (s) => (s.next[0].when = { "!!": ["rules.pricing.quote.route"] }),
    );
    // The engine's logic: the quoted name holds whatever the rules decided.
    const noRoute = { rules: { pricing: { quote: { route: null } } } };
    expect(evaluate({ "!!": ["rules.pricing.quote.route"] }, noRoute)).toBe(true);
    expect(evaluate({ "!!": { var: "rules.pricing.quote.route" } }, noRoute)).toBe(false);
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/prequal\/address\.json:\d+:\d+ #\/next\/0\/when\/!!\/0: the text "rules\.pricing\.quote\.route" is the name of a field: the logic tests the name itself, never the answer \(as a condition, a text always holds\); to read the answer write \{"var": "rules\.pricing\.quote\.route"\}$/,
      ),
    ]);
  });

  it("a field's name in quotes in a rule file's comparison (pricing read every usage as given)", () => {
    const copy = copyDefinitions();
    copy.editText("rules/pricing.json", (t) =>
      t.replace('{"!=": [{"var": "setup.propertyUsage"}, null]}', '{"!=": ["setup.propertyUsage", null]}'),
    );
    expect(problemsOf(copy)).toContainEqual(
      expect.stringMatching(
        /^rules\/pricing\.json:\d+:\d+ #\/facts\/\d+\/value\/if\/0\/!=\/0: the text "setup\.propertyUsage" is the name of a field/,
      ),
    );
  });

  it("but not names given as data: the fields a rule says are missing", () => {
    expect(problemsOf(copyDefinitions()).filter((p) => p.includes("is the name of a field"))).toEqual([]);
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

  const PROPERTY = "steps/application/property-info.json";
  const onlyProblem = (copy: ReturnType<typeof copyDefinitions>, pointer: string, message: string) =>
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        new RegExp(`^steps/application/property-info\\.json:\\d+:\\d+ #${pointer}: ${message}$`),
      ),
    ]);

  it("a currency widget on the ZIP code: it stores 90210 where the field wants text, so every ZIP was refused", () => {
    const copy = copyDefinitions();
    copy.edit(PROPERTY, (s) => (s.uiSchema.property.zip["ui:widget"] = "currency"));
    // What the applicant met: the widget turns the typed ZIP into a number, which the field refuses.
    const typed = codecs.currency.parse("90210", {});
    expect(typed).toBe(90210);
    const validate = compileSchemaFile(loadCopy(copyDefinitions()).defs, "property.json");
    expect(validate({ zip: typed })).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: "/zip", keyword: "type" }),
    );
    onlyProblem(
      copy,
      "/uiSchema/property/zip/ui:widget",
      "the currency widget stores a number, and this field holds text: every answer would be refused",
    );
  });

  it("a yes/no on a field that lists no choices (the city): the form offered nothing to pick", () => {
    const copy = copyDefinitions();
    copy.edit(PROPERTY, (s) => (s.uiSchema.property.city["ui:widget"] = "yesNo"));
    // The form gives a choice widget its options only from a list of choices; free text has none.
    expect(isSelect(validator, { type: "string", maxLength: 60 })).toBe(false);
    onlyProblem(
      copy,
      "/uiSchema/property/city/ui:widget",
      "the yesNo widget offers the field's listed choices, and this field lists none: the form would offer nothing to pick",
    );
  });

  it("an object's layout on a single answer: the form showed a configuration error", () => {
    const copy = copyDefinitions();
    copy.edit(PROPERTY, (s) => (s.uiSchema.property.city["ui:widget"] = "address"));
    expect(() => getWidget({ type: "string" }, "address", {})).toThrow(/No widget 'address'/);
    onlyProblem(
      copy,
      "/uiSchema/property/city/ui:widget",
      "the address widget lays out an object's fields, and this field holds text: the form would show a configuration error instead of the step",
    );
  });

  it("a UI entry for a field the step does not have (zipp): the ZIP code lost its keypad without a word", () => {
    const copy = copyDefinitions();
    copy.edit(PROPERTY, (s) => {
      s.uiSchema.property.zipp = s.uiSchema.property.zip;
      delete s.uiSchema.property.zip;
    });
    onlyProblem(
      copy,
      "/uiSchema/property/zipp",
      '"zipp" is not a field here, so the form ignores what it says of it, did you mean `zip`\\?',
    );
  });

  it("an empty title: the field had no label for the applicant or a screen reader", () => {
    const copy = copyDefinitions();
    copy.edit(PROPERTY, (s) => (s.uiSchema.property.value["ui:title"] = " "));
    onlyProblem(copy, "/uiSchema/property/value/ui:title", "an empty title leaves the field with no label.*");
  });

  it("a misspelt autocomplete value (adress-line1): the browser filled nothing there", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/prequal/address.json",
      (s) => (s.uiSchema.property.line1["ui:autocomplete"] = "adress-line1"),
    );
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/prequal\/address\.json:\d+:\d+ #\/uiSchema\/property\/line1\/ui:autocomplete: "adress-line1" is not an autocomplete field name browsers know, so the browser fills nothing here, did you mean `address-line1`\?$/,
      ),
    ]);
  });

  it("a label for a choice the field does not have (coborower): the applicant read the raw value", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/debt-consolidation.json", (s) => {
      const names = s.uiSchema.liabilities.items.debtor["ui:enumNames"];
      names.coborower = names.coborrower;
      delete names.coborrower;
    });
    // The form's own labelling: a value with no label under its own name shows as itself.
    const shown = optionsList(
      { enum: ["borrower", "coborrower"] },
      { "ui:enumNames": { coborower: "Your co-borrower's" } },
    );
    expect(shown?.map((o) => o.label)).toEqual(["borrower", "coborrower"]);
    const problems = problemsOf(copy);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^steps\/application\/debt-consolidation\.json:\d+:\d+ #\/uiSchema\/liabilities\/items\/debtor\/ui:enumNames\/coborower: "coborower" is not one of the field's choices, so this label is never shown, did you mean `coborrower`\?$/,
      ),
    );
  });

  it("a default that is not one of the field's choices: the form filled it in and the save refused it", () => {
    const copy = copyDefinitions();
    copy.edit(
      PROPERTY,
      (s) => (s.schema.properties.property.properties.propertyUsage.default = "vacationHome"),
    );
    // The form fills a field's default into the answers it sends.
    const usage = { type: "string" as const, enum: ["primaryResidence"], default: "vacationHome" };
    expect(getDefaultFormState(validator, { type: "object", properties: { usage } }, {})).toEqual({
      usage: "vacationHome",
    });
    onlyProblem(
      copy,
      "/schema/properties/property/properties/propertyUsage/default",
      'the default "vacationHome" is not an answer the field takes \\(must be equal to one of the allowed values\\): the form fills it in and the save refuses it',
    );
  });

  it("an error message for a misspelt keyword (patern on the EIN): the applicant read the generic words instead", () => {
    const copy = copyDefinitions({ schemas: true });
    const EIN_MESSAGE = "Employer Identification Number (EIN) must be 9 digits, without the dash";
    copy.edit("schemas/business.json", (s) => (s.properties.ein.errorMessage = { patern: EIN_MESSAGE }));
    const { defs, problems } = loadDefinitions(copy.dirs);
    const validate = compileSchemaFile(defs, "business.json");
    expect(validate({ ein: "12345678a" })).toBe(false);
    const atEin = validate.errors!.filter((e) => e.instancePath === "/ein");
    expect(atEin.map((e) => e.keyword)).toEqual(["pattern"]);
    expect(atEin.map((e) => e.message)).not.toContain(EIN_MESSAGE);
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^schemas\/business\.json:\d+:\d+ #\/properties\/ein\/errorMessage\/patern: "patern" is not a keyword of this schema, so its message is never shown \(the applicant reads the generic words instead\), did you mean `pattern`\?$/,
      ),
    ]);
  });

  it("an error message for a keyword the field has only through its $ref (the ZIP code's maxLength)", () => {
    const copy = copyDefinitions();
    const message = "A ZIP code is 5 digits, or 9 with a dash";
    copy.edit(
      PROPERTY,
      (s) => (s.schema.properties.property.properties.zip.errorMessage = { maxLength: message }),
    );
    const { defs } = loadCopy(copy);
    const validate = defs.ajv.compile({
      $ref: "https://heloc.local/schemas/property.json#/properties/zip",
      errorMessage: { maxLength: message },
    });
    expect(validate("90210-12345")).toBe(false);
    expect(validate.errors!.map((e) => e.message)).not.toContain(message);
    onlyProblem(
      copy,
      "/schema/properties/property/properties/zip/errorMessage/maxLength",
      'the message for "maxLength" is never shown: "maxLength" is written not here but in schemas/common\\.json \\(through \\$ref\\), and a message replaces only the errors of keywords beside it: write "maxLength" here too',
    );
  });

  it("a misspelt display option (mustOpne on the disclosures): the booklet lost its Open button, which the save waits for", () => {
    const copy = copyDefinitions();
    copy.edit("steps/prequal/disclosures.json", (s) => {
      const options = s.uiSchema.disclosuresGiven["ui:options"];
      options.mustOpne = options.mustOpen;
      delete options.mustOpen;
    });
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/prequal\/disclosures\.json:\d+:\d+ #\/uiSchema\/disclosuresGiven\/ui:options\/mustOpne: "mustOpne" is not an option the disclosureDocuments widget reads, so the form ignores it, did you mean `mustOpen`\?$/,
      ),
      expect.stringMatching(/#\/effects\/0\/mustOpen\/0: document "heloc-booklet" must be opened/),
    ]);
  });

  it("a disclosure page without the booklet's Open button, while the save waits for it to be opened", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/prequal/disclosures.json",
      (s) => delete s.uiSchema.disclosuresGiven["ui:options"].mustOpen,
    );
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /^steps\/prequal\/disclosures\.json:\d+:\d+ #\/effects\/0\/mustOpen\/0: document "heloc-booklet" must be opened before the step is saved, but the disclosureDocuments display has no Open button for it \(its ui:options\.mustOpen\): the applicant cannot open it, so the step can never be saved$/,
      ),
    ]);
  });

  it("an Open button for a text no effect asks to be opened: the server refuses the opening", () => {
    const copy = copyDefinitions();
    copy.edit("steps/prequal/disclosures.json", (s) =>
      s.uiSchema.disclosuresGiven["ui:options"].mustOpen.push("heloc-important-terms"),
    );
    expect(problemsOf(copy)).toEqual([
      expect.stringMatching(
        /#\/uiSchema\/disclosuresGiven\/ui:options\/mustOpen\/1: document "heloc-important-terms" has an Open button, but no giveDisclosures effect of this step asks for it to be opened \(its mustOpen\): the server refuses the opening, so the text stays folded/,
      ),
    ]);
  });

  it("but not a widget that fits its field: a radio list on the units' listed choices", () => {
    const copy = copyDefinitions();
    copy.edit(PROPERTY, (s) => (s.uiSchema.property.units["ui:widget"] = "radio"));
    expect(problemsOf(copy)).toEqual([]);
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
