// Issue 41 item 5: a wording experiment is data (rules/experiments.json), and npm run check
// refuses the ones that must never run, naming file:line:column: a legal step, an unknown step or
// string, weights not adding up to 100, a conversion that cannot come after the step, an end
// before the start. Adding an experiment never re-weights the flow variants already running.
import { describe, expect, it } from "vitest";
import { chooseVariant } from "@engine/funnel/funnel";
import { armAt, experimentsOf, isRunning, wordedFiles, type Experiment } from "@engine/funnel/experiments";
import { buildDefinitions } from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import { formatProblem } from "@engine/lint/lint";
import { checkSet } from "@engine/lint/check-set";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

type Copy = ReturnType<typeof copyDefinitions>;
const problemsOf = (copy: Copy) => loadCopy(copy).problems.map(formatProblem);
/** A copy whose first experiment is changed by `change`. */
function withExperiment(change: (e: Experiment) => void): Copy {
  const copy = copyDefinitions();
  copy.edit("rules/experiments.json", (r) => change(r.params.experiments[0]));
  return copy;
}

describe("the shipped example", () => {
  it("is an experiment on the property-value step's wording with two arms of 50%, judged on the offer", () => {
    expect(repo.problems).toEqual([]);
    const [example] = experimentsOf(repo.defs);
    expect(example).toMatchObject({ id: "propertyValueWording", step: "propertyValue", conversion: "offer" });
    expect(example!.arms.map((a) => [a.id, a.weight])).toEqual([
      ["current", 50],
      ["roughEstimate", 50],
    ]);
  });

  it("runs on a demo server inside its window only: before its start, after its end and on a real server it assigns nobody", () => {
    const [example] = experimentsOf(repo.defs);
    const inside = new Date("2026-12-01T12:00:00Z");
    expect(isRunning(example!, { now: inside, demo: true })).toBe(true);
    expect(isRunning(example!, { now: inside, demo: false })).toBe(false);
    expect(isRunning(example!, { now: new Date("2026-10-31T12:00:00Z"), demo: true })).toBe(false);
    expect(isRunning(example!, { now: new Date(example!.end), demo: true })).toBe(false);
  });

  it("words arm roughEstimate's title and description over the step's own, in the step file and nowhere else", () => {
    const files = wordedFiles(repo.defs, repo.defs.files, [
      { experiment: "propertyValueWording", arm: "roughEstimate" },
    ]);
    const step = files.steps["initial-setup/property-value.json"] as Record<string, unknown>;
    expect(step.title).toBe("About how much is your home worth?");
    expect(step.description).toBe("A rough estimate is fine: we check the value ourselves later.");
    expect(step.schema).toBe((repo.defs.files.steps["initial-setup/property-value.json"] as any).schema);
    expect(files.schemas).toBe(repo.defs.files.schemas);
    // The control reads the step as it is: the very files.
    expect(
      wordedFiles(repo.defs, repo.defs.files, [{ experiment: "propertyValueWording", arm: "current" }]),
    ).toBe(repo.defs.files);
    // A worded set builds and judges as the source does: only its words differ.
    const { defs, problems } = buildDefinitions(files, { trusted: true, compiler: createAjv });
    expect(problems).toEqual([]);
    expect(defs.steps.get("propertyValue")!.def.title).toBe("About how much is your home worth?");
  });

  it("splits by the arms' weights: a point below 0.5 is the first arm, from 0.5 the second", () => {
    const [example] = experimentsOf(repo.defs);
    expect(armAt(example!, 0).id).toBe("current");
    expect(armAt(example!, 0.4999).id).toBe("current");
    expect(armAt(example!, 0.5).id).toBe("roughEstimate");
    expect(armAt(example!, 0.9999).id).toBe("roughEstimate");
  });
});

describe("adding an experiment never changes the flow variants already running", () => {
  it("the early funnel's variants are drawn with the same weights, by the same draw, with or without experiments", () => {
    const copy = copyDefinitions();
    copy.edit("rules/experiments.json", (r) => {
      r.params.experiments.push({
        ...r.params.experiments[0],
        id: "creditRangeWording",
        step: "creditRange",
        arms: [
          { id: "a", weight: 20 },
          { id: "b", weight: 30, strings: { "/title": "How is your credit?" } },
          { id: "c", weight: 50, strings: { "/title": "Roughly, what is your credit like?" } },
        ],
      });
    });
    const { defs, problems } = loadCopy(copy);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(experimentsOf(defs)).toHaveLength(2);
    const flows = (d: typeof defs) => d.flows.get("earlyFunnel")!.def.variants.map((v) => [v.id, v.weight]);
    expect(flows(defs)).toEqual(flows(repo.defs));
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000);
    const chosen = (d: typeof defs) => draws.map((r) => chooseVariant(d, "earlyFunnel", r));
    expect(chosen(defs)).toEqual(chosen(repo.defs));
    expect(chosen(defs).filter((v) => v === "variantOne")).toHaveLength(500);
  });
});

describe("npm run check refuses an experiment that must never run", () => {
  it.each([
    ["the early disclosures (a disclosureDocuments display)", "earlyDisclosures", /legal texts/],
    ["the consent step (E-SIGN and credit check)", "setupConsent", /legal/],
    ["the declarations (URLA section 5)", "application8", /declarations\.json/],
    ["the demographics (HMDA)", "application7", /legal step/],
    ["the signing of the disclosures", "disclosures", /legal step/],
  ])("on %s", (_, stepId, reason) => {
    const copy = withExperiment((e) => {
      e.step = stepId;
      e.arms[1]!.strings = { "/title": "Something friendlier" };
    });
    const problems = problemsOf(copy);
    const line = problems.find((p) => p.includes("is a legal step"));
    expect(line).toMatch(
      new RegExp(
        `^rules/experiments\\.json:\\d+:\\d+ #/params/experiments/0/step: experiment "propertyValueWording": the step "${stepId}" \\(steps/`,
      ),
    );
    expect(line).toMatch(reason);
  });

  it("an unknown step, with the close name", () => {
    const problems = problemsOf(withExperiment((e) => (e.step = "propertyValu")));
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/experiments\.json:\d+:\d+ #\/params\/experiments\/0\/step: experiment "propertyValueWording": unknown step "propertyValu", did you mean `propertyValue`\?/,
      ),
    );
  });

  it("a string the step does not have, or one the applicant never reads (its route)", () => {
    const problems = problemsOf(
      withExperiment((e) => (e.arms[1]!.strings = { "/titel": "Worth?", "/route": "/somewhere" })),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/experiments\.json:\d+:\d+ #\/params\/experiments\/0\/arms\/1\/strings\/~1titel: .*steps\/initial-setup\/property-value\.json has no string an applicant reads at "\/titel", did you mean `\/title`\?/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/strings\/~1route: .* at "\/route"/));
  });

  it("weights that do not add up to 100", () => {
    const problems = problemsOf(withExperiment((e) => (e.arms[1]!.weight = 40)));
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/experiments\.json:\d+:\d+ #\/params\/experiments\/0\/arms: .*weights add up to 90, not 100 \(current 50, roughEstimate 40\)/,
      ),
    );
  });

  it("a conversion event that is not one (schema), and one reached before the step (an experiment on the offer judged on the offer)", () => {
    expect(problemsOf(withExperiment((e) => ((e as any).conversion = "signUp")))).toContainEqual(
      expect.stringMatching(
        /^rules\/experiments\.json:\d+:\d+ #\/params\/experiments\/0\/conversion: .*nextStep, offer, submission/,
      ),
    );
    const copy = withExperiment((e) => {
      e.step = "mortgageBalance";
      e.arms[1]!.strings = { "/title": "What do you still owe?" };
    });
    copy.edit("rules/analytics.json", (r) => (r.params.conversionStep = "emailVerify"));
    expect(problemsOf(copy)).toContainEqual(
      expect.stringMatching(
        /#\/params\/experiments\/0\/conversion: .*offer is reached on "emailVerify" \(rank \d+\), which does not come after "mortgageBalance"/,
      ),
    );
  });

  it("an end before the start", () => {
    const problems = problemsOf(withExperiment((e) => (e.end = "2026-10-01T00:00:00-08:00")));
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/experiments\.json:\d+:\d+ #\/params\/experiments\/0\/end: .*ends \(2026-10-01T00:00:00-08:00\) before it starts \(2026-11-01T00:00:00-08:00\)/,
      ),
    );
  });

  it("the first step of a flow (no account yet to keep an arm on), and two experiments on one step at once", () => {
    const copy = copyDefinitions();
    copy.edit("rules/experiments.json", (r) => {
      r.params.experiments.push({ ...r.params.experiments[0], id: "again" });
      r.params.experiments.push({ ...r.params.experiments[0], id: "firstStep", step: "name" });
    });
    const problems = problemsOf(copy);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /experiments\/1\/step: .*"propertyValueWording" words the step "propertyValue" in the same weeks/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/experiments\/2\/step: .*is the first of its flow/),
    );
  });

  it("a language whose readers would read an arm half in English: Spanish without a current translation of the arm", () => {
    const copy = copyDefinitions({ content: true });
    copy.edit("rules/experiments.json", (r) => (r.params.experiments[0].locales = ["en", "es", "fr"]));
    const { problems } = checkSet(copy.dirs);
    const lines = problems.map(formatProblem);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^rules\/experiments\.json:\d+:\d+ #\/params\/experiments\/0\/locales\/1: experiment "propertyValueWording" takes readers of es, but the arm "roughEstimate" has no current es text for "\/title" \(content\/locales\/es\/rules\/experiments\.json/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/locales\/2: .*"fr" is not a language the site offers/),
    );
  });
});
