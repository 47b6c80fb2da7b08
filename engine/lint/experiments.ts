// What npm run check refuses in rules/experiments.json beyond its schema (schemas/experiments.json):
// an experiment on a legal step (one that shows or records a legal text of content/disclosures/,
// asks the URLA's declarations, HMDA's demographics or a consent, or whose wording meets the law
// it cites), an unknown step or string, weights that do not add up to 100, a conversion that
// does not come after the step, an end before the start, and a step two experiments word at once.
// An arm's string is one of the step's own strings an applicant reads, named as a translation
// names it (engine/lint/translations.ts stepStrings): never its route, its logic or a schema.
import type { Definitions, Problem } from "../definitions/definitions";
import { escapeSegment } from "../base/pointer";
import { isObject } from "../base/objects";
import { suggest } from "../base/text";
import { offeredLocales } from "../locale/locales";
import { isCurrent, translationsOf } from "../locale/localize";
import { translationFileOf } from "../locale/locales";
import { englishHash } from "../locale/hash";
import {
  EXPERIMENTS_RULE_SET,
  experimentsOf,
  localesOf,
  stepFileOf,
  conversionStepOf,
  type Experiment,
} from "../funnel/experiments";
import { stepStrings } from "./translations";

/** The answers whose questions the law words: the URLA's declarations, HMDA's demographics, consents and signatures. */
const LEGAL_ANSWERS =
  /(^|\/)(declarations|demographics|consent|esign|disclosures-given)\.json(#|$)|#\/properties\/(declarations|demographics)(\/|$)/;

/** Why a step can never be an experiment's subject, or null when it may be one. */
export function legalReason(defs: Definitions, stepId: string): string | null {
  const located = defs.steps.get(stepId);
  if (!located) return null;
  const file = stepFileOf(defs, stepId);
  const raw = file ? defs.files.steps[file] : located.def;
  let reason: string | null = null;
  const walk = (node: unknown): void => {
    if (reason) return;
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "ui:widget" && value === "disclosureDocuments")
        reason = "it shows legal texts (a disclosureDocuments display of content/disclosures/)";
      else if (key === "document" && typeof value === "string")
        reason = `it records the agreement to a legal text (content/disclosures/${value}.md)`;
      else if (key === "$ref" && typeof value === "string" && LEGAL_ANSWERS.test(value))
        reason = `it asks questions whose wording the law sets (${value.replace(/^(\.\.\/)+/, "")})`;
      else walk(value);
      if (reason) return;
    }
  };
  walk(raw);
  const cites = located.def.cites;
  if (!reason && cites?.length) reason = `its wording meets the law it cites (${cites.join(", ")})`;
  return reason;
}

/** Whether a journey in some flow can come to `stepId`: the first step of every flow is a visitor's, before any account. */
const flowsListing = (defs: Definitions, stepId: string) =>
  [...defs.flows.values()].filter(
    ({ def }) => def.answeredBy === undefined && def.variants.some((v) => v.steps.includes(stepId)),
  );

const overlaps = (a: Experiment, b: Experiment) =>
  Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

function checkOne(
  defs: Definitions,
  file: string,
  experiment: Experiment,
  at: string,
  problems: Problem[],
): void {
  const refuse = (pointer: string, message: string) =>
    problems.push({ file, pointer: `${at}${pointer}`, message: `experiment "${experiment.id}": ${message}` });
  const step = defs.steps.get(experiment.step);
  if (!step)
    refuse("/step", `unknown step "${experiment.step}"${suggest(experiment.step, defs.steps.keys())}`);
  else {
    const legal = legalReason(defs, experiment.step);
    if (legal)
      refuse(
        "/step",
        `the step "${experiment.step}" (${step.file}) is a legal step, never an experiment's subject: ${legal}`,
      );
    const flows = flowsListing(defs, experiment.step);
    if (!flows.length)
      refuse("/step", `the step "${experiment.step}" is in no applicant's flow: nobody would be shown it`);
    else if (flows.some(({ def }) => def.variants.some((v) => v.steps[0] === experiment.step)))
      refuse(
        "/step",
        `the step "${experiment.step}" is the first of its flow, read before an applicant has an account: no arm could be kept for them`,
      );
  }
  const start = Date.parse(experiment.start);
  const end = Date.parse(experiment.end);
  if (Number.isFinite(start) && Number.isFinite(end) && end <= start)
    refuse("/end", `it ends (${experiment.end}) before it starts (${experiment.start})`);
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0);
  if (total !== 100)
    refuse(
      "/arms",
      `the arms' weights add up to ${total}, not 100 (${experiment.arms.map((a) => `${a.id} ${a.weight}`).join(", ")})`,
    );
  const armIds = new Set<string>();
  const file$ = step ? stepFileOf(defs, experiment.step) : null;
  const readable = file$ ? stepStrings(defs.files.steps[file$]) : [];
  experiment.arms.forEach((arm, i) => {
    if (armIds.has(arm.id)) refuse(`/arms/${i}/id`, `the arm "${arm.id}" is listed twice`);
    armIds.add(arm.id);
    if (!step) return;
    for (const pointer of Object.keys(arm.strings ?? {}))
      if (!readable.includes(pointer))
        refuse(
          `/arms/${i}/strings/${escapeSegment(pointer)}`,
          `${step.file} has no string an applicant reads at "${pointer}"${suggest(pointer, readable)}`,
        );
  });
  if (experiment.arms.every((arm) => !Object.keys(arm.strings ?? {}).length))
    refuse("/arms", "no arm words anything otherwise: every arm would read the same");
  const target = conversionStepOf(defs, experiment.conversion);
  if (target !== null) {
    const reached = defs.steps.get(target)?.def;
    if (!reached)
      refuse(
        "/conversion",
        `${experiment.conversion} is reached on "${target}" (rules/analytics.json), which is not a step`,
      );
    else if (step && reached.rank <= step.def.rank)
      refuse(
        "/conversion",
        `${experiment.conversion} is reached on "${target}" (rank ${reached.rank}), which does not come after "${experiment.step}" (rank ${step.def.rank}): every journey shown the step would have converted already`,
      );
  }
}

/** rules/experiments.json, beyond its schema. */
export function checkExperiments(defs: Definitions, problems: Problem[]): void {
  const located = defs.ruleSets.get(EXPERIMENTS_RULE_SET);
  if (!located) return;
  const experiments = experimentsOf(defs);
  const seen = new Map<string, number>();
  experiments.forEach((experiment, i) => {
    const at = `/params/experiments/${i}`;
    if (seen.has(experiment.id))
      problems.push({
        file: located.file,
        pointer: `${at}/id`,
        message: `experiment "${experiment.id}" is listed twice (also at experiments/${seen.get(experiment.id)})`,
      });
    seen.set(experiment.id, i);
    checkOne(defs, located.file, experiment, at, problems);
    const other = experiments.findIndex(
      (e, j) => j < i && e.step === experiment.step && overlaps(e, experiment),
    );
    if (other !== -1)
      problems.push({
        file: located.file,
        pointer: `${at}/step`,
        message: `experiment "${experiment.id}": "${experiments[other]!.id}" words the step "${experiment.step}" in the same weeks: an applicant would be in both, and neither result would mean anything`,
      });
  });
}

/**
 * The languages an experiment takes readers of (needs the set's texts): each must be offered, and
 * for each but English every arm's string needs a current translation of rules/experiments.json
 * (content/locales/<code>/rules/experiments.json), or those readers would read some of it in English.
 */
export function experimentLocaleProblems(defs: Definitions): Problem[] {
  const located = defs.ruleSets.get(EXPERIMENTS_RULE_SET);
  if (!located) return [];
  const problems: Problem[] = [];
  const offered = offeredLocales(defs.texts).map((l) => l.code);
  experimentsOf(defs).forEach((experiment, i) => {
    localesOf(experiment).forEach((code, k) => {
      const at = `/params/experiments/${i}/locales/${k}`;
      if (!offered.includes(code)) {
        problems.push({
          file: located.file,
          pointer: at,
          message: `experiment "${experiment.id}": "${code}" is not a language the site offers (content/locales/locales.json: ${offered.join(", ")})`,
        });
        return;
      }
      if (code === offered[0]) return;
      const translationFile = translationFileOf(code, located.file);
      const strings = translationsOf(defs.texts, code).get(translationFile)?.strings ?? {};
      experiment.arms.forEach((arm, j) => {
        for (const [pointer, english] of Object.entries(arm.strings ?? {})) {
          const own = `/params/experiments/${i}/arms/${j}/strings/${escapeSegment(pointer)}`;
          const entry = strings[own];
          if (!entry || !isCurrent(entry, english))
            problems.push({
              file: located.file,
              pointer: at,
              message: `experiment "${experiment.id}" takes readers of ${code}, but the arm "${arm.id}" has no current ${code} text for "${pointer}" (${translationFile} strings["${own}"], en ${englishHash(english)}): translate it or leave ${code} out`,
            });
        }
      });
    });
  });
  return problems;
}
