import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import { nextStep } from "@engine/funnel/funnel";
import { problemText } from "@engine/lint/lint";
import { createStepValidator } from "@engine/validation/validate";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const messages = (copy: ReturnType<typeof copyDefinitions>) => loadCopy(copy).problems.map(problemText);

describe("npm run check on the repository", () => {
  it("finds no problem", () => {
    expect(repo.problems.map(problemText)).toEqual([]);
  });
});

describe("a broken step file", () => {
  it("refuses a step that gives a disclosure it does not show, or records it where the application has no place", () => {
    const copy = copyDefinitions();
    let at = -1;
    copy.edit("steps/initial-setup/setup-consent.json", (s) => {
      const give = s.effects.find((e: { kind: string }) => e.kind === "giveDisclosures");
      at = give.documents.push("rescission-notice") - 1;
      give.recordAt = "/disclosuresGiven/record";
    });
    const found = messages(copy);
    expect(found).toContain(
      `steps/initial-setup/setup-consent.json#/effects/1/documents/${at}: document "rescission-notice" is given but the step does not show it (no disclosureDocuments display names it)`,
    );
    expect(found).toContain(
      'steps/initial-setup/setup-consent.json#/effects/1/recordAt: "/disclosuresGiven/record" is not a field of the application, did you mean `records`?',
    );
  });

  it("refuses a text that must be opened but is not given, or an opening recorded where the application has no place (12 CFR 1026.40(e))", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/disclosures.json", (s) => {
      const give = s.effects.find((e: { kind: string }) => e.kind === "giveDisclosures");
      give.mustOpen = ["heloc-boklet"];
      give.openedAt = "/disclosuresGiven/open";
    });
    const found = messages(copy);
    expect(found).toContain(
      'steps/initial-setup/disclosures.json#/effects/0/mustOpen/0: document "heloc-boklet" must be opened but the effect does not give it (add it to documents), did you mean `heloc-booklet`?',
    );
    expect(found).toContain(
      'steps/initial-setup/disclosures.json#/effects/0/openedAt: "/disclosuresGiven/open" is not a field of the application, did you mean `opened`?',
    );
  });

  it("names the file, the pointer and the missing property", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) => delete s.rank);
    expect(messages(copy)).toContain(
      "steps/initial-setup/zip.json#/rank: must have required property 'rank'",
    );
  });

  it("names a next step that does not exist and suggests the close one", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/has-fbm.json", (s) => (s.next[0].goto = "aplication5"));
    expect(messages(copy)).toContain(
      "steps/initial-setup/has-fbm.json#/next/0/goto: unknown step `aplication5`, did you mean `application5`?",
    );
  });

  it("names an analytics end step that is not a step, and suggests the close one", () => {
    const copy = copyDefinitions();
    copy.edit("rules/analytics.json", (r) => (r.params.endSteps = ["applicationSubmited"]));
    expect(messages(copy)).toContain(
      'rules/analytics.json#/params/endSteps/0: unknown step "applicationSubmited", did you mean `applicationSubmitted`?',
    );
  });

  it("refuses an empty applicant-facing name, and the old progressLabel it replaced", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/sign.json", (s) => (s.applicantLabel = ""));
    copy.edit(
      "steps/prequal/credit.json",
      (s) => ((s.progressLabel = s.applicantLabel), delete s.applicantLabel),
    );
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        "steps/application/sign.json#/applicantLabel: must NOT have fewer than 1 characters",
        "steps/prequal/credit.json#/progressLabel: must NOT have additional properties",
      ]),
    );
  });

  it("refuses a widget name the renderer does not have, and suggests the close one", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/initial-setup/property-value.json",
      (s) => (s.uiSchema.setup.propertyValue["ui:widget"] = "curency"),
    );
    expect(messages(copy)).toContain(
      'steps/initial-setup/property-value.json#/uiSchema/setup/propertyValue/ui:widget: unknown widget "curency", did you mean `currency`?',
    );
  });

  it("refuses a UI key the form would ignore (a misspelt ui:inputmode), and suggests the close one", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/verify-email.json", (s) => {
      delete s.uiSchema.otpCode["ui:inputmode"];
      s.uiSchema.otpCode["ui:inputMode"] = "numeric";
    });
    expect(messages(copy)).toContain(
      'steps/initial-setup/verify-email.json#/uiSchema/otpCode/ui:inputMode: unknown UI key "ui:inputMode", did you mean `ui:inputmode`?: the form would ignore it',
    );
  });

  it("names a field in logic that neither the step nor the application has", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/employment-history.json",
      (s) =>
        (s.eachBorrower.visibleWhen["/employments/*/percentageOwned"] = {
          "==": [{ var: "borrower.isSelfEmploied" }, true],
        }),
    );
    // Found in the copy the engine makes for each borrower, named where the file says it.
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        "steps/application/employment-history.json#/eachBorrower/visibleWhen/~1employments~1*~1percentageOwned/==/0/var: unknown field \"user.isSelfEmploied\": not in this step's answers nor in the application, did you mean `isSelfEmployed`? (in the borrower's copy of eachBorrower)",
        "steps/application/employment-history.json#/eachBorrower/visibleWhen/~1employments~1*~1percentageOwned/==/0/var: unknown field \"coborrower.isSelfEmploied\": not in this step's answers nor in the application, did you mean `isSelfEmployed`? (in the coborrower's copy of eachBorrower)",
      ]),
    );
  });

  it("names a visibility rule for a field the step does not ask", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) => (s.visibleWhen = { "/setup/zipp": true }));
    expect(messages(copy)).toContain(
      'steps/initial-setup/zip.json#/visibleWhen/~1setup~1zipp: field "/setup/zipp" is not in this step\'s answers, did you mean `zip`?',
    );
  });

  it("refuses two steps on one route", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/credit-score.json", (s) => (s.route = "/app/initial-setup/zip"));
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /#\/route: route "\/app\/initial-setup\/zip" is already used by steps\/initial-setup\/(zip|credit-score)\.json$/,
        ),
      ]),
    );
  });

  it("refuses a step that no flow or branch reaches", () => {
    const copy = copyDefinitions();
    copy.edit("steps/flows/application.json", (f) => (f.variants[0].steps = []));
    const found = messages(copy);
    expect(found).toContain(
      "steps/flows/application.json#/variants/0/steps: must NOT have fewer than 1 items",
    );
    expect(found).toContain(
      'steps/application/property-info.json#/id: step "application3" is unreachable: no flow lists it and no step\'s next leads to it',
    );
  });

  it("refuses a step ranked before the step it follows in a flow", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) => (s.rank = 4.5));
    expect(messages(copy)).toContain(
      'steps/flows/early-funnel.json#/variants/0/steps/9: step "zip" (rank 4.5) comes after "creditRange" (rank 5) in variant "variantOne"',
    );
  });

  it("refuses a status of rules/funnel.json that a step ranks differently", () => {
    const copy = copyDefinitions();
    copy.edit("rules/funnel.json", (r) => (r.params.statuses.zip = { rank: 6.5 }));
    expect(messages(copy)).toContain(
      'rules/funnel.json#/params/statuses/zip/rank: status "zip" is a step (steps/initial-setup/zip.json) whose rank is 6, not 6.5: the step\'s own rank is the one used; remove the status here',
    );
  });

  it("refuses an answer schema that leaves an object open to other fields", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) => delete s.schema.properties.setup.additionalProperties);
    expect(messages(copy)).toContain(
      'steps/initial-setup/zip.json#/schema/properties/setup: an object in a step\'s answer schema must set "additionalProperties": false',
    );
  });

  it("refuses a file that is not JSON", () => {
    const copy = copyDefinitions();
    copy.write("steps/initial-setup/zip.json", "{");
    copy.edit("steps/initial-setup/zip.json", () => {}); // still a string: written as a JSON string literal
    expect(messages(copy).some((m) => m.startsWith("steps/initial-setup/zip.json#: must be object"))).toBe(
      true,
    );
  });
});

describe("a broken rule file", () => {
  it("names an unknown operator with its pointer and a suggestion", () => {
    const copy = copyDefinitions();
    copy.edit("rules/payoff.json", (r) => (r.rules[2].value = { sumOf: [{ var: "counted" }, "balance"] }));
    expect(messages(copy)).toContain(
      'rules/payoff.json#/rules/2/value/sumOf: unknown operator "sumOf", did you mean `sum`?',
    );
  });

  it("refuses the method operator, which runs arbitrary code", () => {
    const copy = copyDefinitions();
    copy.edit(
      "rules/redirect.json",
      (r) => (r.rules[0].when = { method: [{ var: "path" }, "startsWith", ["/portal"]] }),
    );
    expect(messages(copy)).toContain(
      'rules/redirect.json#/rules/0/when/method: operator "method" is not allowed: it calls arbitrary JavaScript methods',
    );
  });

  it("names an input field the rule set's input does not have", () => {
    const copy = copyDefinitions();
    copy.edit("rules/payoff.json", (r) => (r.rules[0].forEach = { var: "morgages" }));
    expect(messages(copy)).toContain(
      'rules/payoff.json#/rules/0/forEach/var: unknown name "morgages": not an input field, fact, output or item, did you mean `mortgages`?',
    );
  });

  it("names a param that does not exist", () => {
    const copy = copyDefinitions();
    copy.edit(
      "rules/payoff.json",
      (r) =>
        (r.rules[0].when = {
          text_matches_any: [{ var: "mortgage.creditor" }, { var: "params.payoff.solarLender" }],
        }),
    );
    expect(messages(copy)).toContain(
      'rules/payoff.json#/rules/0/when/text_matches_any/1/var: rule set "payoff" has no param "solarLender", did you mean `solarLenders`?',
    );
  });

  it("refuses a rule without a description", () => {
    const copy = copyDefinitions();
    copy.edit("rules/coverage.json", (r) => delete r.rules[1].description);
    expect(messages(copy)).toContain(
      "rules/coverage.json#/rules/1/description: must have required property 'description'",
    );
  });

  it("refuses rules without worked cases", () => {
    const copy = copyDefinitions();
    copy.edit("rules/payoff.cases.json", (c) => (c.ruleSet = "payof"));
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        'rules/payoff.json#/rules: rule set "payoff" has rules but no worked examples: add rules/payoff.cases.json',
        'rules/payoff.cases.json#/ruleSet: unknown rule set "payof", did you mean `payoff`?',
      ]),
    );
  });
});

describe("the funnel is data", () => {
  it("shows a new step and a new question from a copy of steps/, with no code change", () => {
    const copy = copyDefinitions();
    copy.write("steps/initial-setup/annual-income.json", {
      id: "annualIncome",
      route: "/app/initial-setup/annual-income",
      label: "Annual Income",
      rank: 0,
      schema: {
        type: "object",
        additionalProperties: false,
        required: ["setup"],
        properties: {
          setup: {
            type: "object",
            additionalProperties: false,
            required: ["annualIncome"],
            properties: { annualIncome: { $ref: "../../schemas/setup.json#/properties/annualIncome" } },
          },
        },
      },
    });
    copy.edit("steps/flows/early-funnel.json", (f) => f.variants[0].steps.splice(3, 0, "annualIncome"));
    copy.edit("steps/initial-setup/email.json", (s) => {
      s.schema.properties.user.properties.phone = { $ref: "../../schemas/user.json#/properties/phone" };
      s.schema.properties.user.required.push("phone");
    });
    const { defs, problems } = loadCopy(copy);
    expect(problems.map(problemText)).toEqual([]);
    expect(nextStep(defs, "emailVerify", {}, { variant: "variantOne", today: TODAY }).stepId).toBe(
      "annualIncome",
    );
    expect(nextStep(defs, "annualIncome", {}, { variant: "variantOne", today: TODAY }).stepId).toBe(
      "earlyDisclosures",
    );
    expect(
      createStepValidator(defs, "email")({ user: { email: "jane@example.com" } }, { today: TODAY }).errors,
    ).toEqual([{ pointer: "/user/phone", message: "Phone number is required" }]);
  });
});

describe("a question declared in a step", () => {
  const declare = (properties: Record<string, unknown>) => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) =>
      Object.assign(s.schema.properties.setup.properties, properties),
    );
    return copy;
  };

  it("joins the application's schema, so a whole-document check accepts its answer", () => {
    const { defs, problems } = loadCopy(
      declare({ homeNickname: { title: "Home nickname", $ref: "../../schemas/common.json#/$defs/text" } }),
    );
    expect(problems.map(problemText)).toEqual([]);
    const validate = compileSchemaFile(defs, "application.json");
    expect(validate({ setup: { zip: "33602", homeNickname: "The cottage" } })).toBe(true);
    expect(validate({ setup: { zip: "33602", homeNickname: 7 } })).toBe(false);
  });

  it("is refused when it only misspells a field it refers to", () => {
    expect(messages(declare({ zipp: { $ref: "../../schemas/setup.json#/properties/zip" } }))).toContain(
      'steps/initial-setup/zip.json#/schema/properties/setup/properties/zipp: field "/setup/zipp" is not in the application, and it refers to the field "zip" (../../schemas/setup.json#/properties/zip): did you mean `zip`?',
    );
  });

  it("is refused when the application has no object to hold it", () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/zip.json", (s) => {
      s.schema.properties.setup.properties.zip = {
        type: "object",
        additionalProperties: false,
        properties: { plus4: { type: "string" } },
      };
    });
    expect(messages(copy)).toContain(
      'steps/initial-setup/zip.json#/schema/properties/setup/properties/zip/properties/plus4: field "/setup/zip/plus4" is not in the application (schemas/application.json) and cannot be added: /setup/zip is not an object with properties',
    );
  });

  it("is refused when two steps declare it differently", () => {
    const copy = declare({ homeNickname: { type: "string", maxLength: 40 } });
    copy.edit(
      "steps/initial-setup/property-value.json",
      (s) => (s.schema.properties.setup.properties.homeNickname = { type: "string", maxLength: 80 }),
    );
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /#\/schema\/properties\/setup\/properties\/homeNickname: field "\/setup\/homeNickname" is declared differently by steps\/initial-setup\/(zip|property-value)\.json/,
        ),
      ]),
    );
  });
});

describe("a question declared in one step and asked again in another", () => {
  it("is referred to there by the place it was declared", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/initial-setup/zip.json",
      (s) =>
        (s.schema.properties.setup.properties.homeNickname = {
          title: "Home nickname",
          type: "string",
          maxLength: 40,
        }),
    );
    copy.edit(
      "steps/initial-setup/property-value.json",
      (s) =>
        (s.schema.properties.setup.properties.homeNickname = {
          $ref: "../../schemas/setup.json#/properties/homeNickname",
        }),
    );
    const { defs, problems } = loadCopy(copy);
    expect(problems.map(problemText)).toEqual([]);
    expect(
      createStepValidator(defs, "propertyValue")(
        { setup: { propertyValue: 500000, homeNickname: "x".repeat(41) } },
        { today: TODAY },
      ).errors.map((e) => e.pointer),
    ).toEqual(["/setup/homeNickname"]);
  });
});
