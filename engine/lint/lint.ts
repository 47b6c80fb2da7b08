// Cross-checks of a definitions set, beyond what the meta-schemas can say: every reference points
// at something that exists, every operator is known, every step is reachable. Each problem names
// the file, the JSON pointer inside it and what is wrong, with a suggestion where one is close.
import { uriOf } from "../base/uris";
import type { Definitions, Problem } from "../definitions/definitions";
import { escapeSegment } from "../base/pointer";
import { propertyNamesAt, schemaFile, schemasAt, type SchemaAt } from "../definitions/schema-walk";
import type { RuleSet, Step } from "../generated/schema-types";
import { memberRoles, OWNER_ROLE } from "../funnel/members";
import { FUNNEL_RULE_SET } from "../funnel/funnel-tables";
import { checkRuleSetLogic, checkStepLogic, enumerationOf, suggest } from "./logic";
import { RETIRED_RULE_SET } from "../definitions/retired";
import { checkCases } from "../definitions/cases";
import { checkNeverShown } from "./visibility";
import { checkCatalogue } from "./catalogue";
import { checkConditionForms } from "./condition-forms";
import { checkFieldMapping, checkXmlMapping } from "./xml-map";
import { checkSchemaSense } from "./schema-sense";
import { checkWalks } from "./walks";
import { checkMilestones } from "./milestones";
import { checkParamsPath, nameAsText, scanLogic, type LogicRef } from "./logic-refs";
import { checkStep } from "./step";
import { checkExperiments } from "./experiments";

export { suggest };

const esc = escapeSegment;

/**
 * Rank, label and route are stated once, in the step file; rules/funnel.json holds only statuses
 * that are not steps. Two steps on one page, or a status listed both as a step and in the file,
 * would make the derived tables ambiguous.
 */
function checkFunnelTables(defs: Definitions, problems: Problem[]) {
  const seenRoutes = new Map<string, string>();
  for (const { file, def: step } of defs.steps.values()) {
    const other = seenRoutes.get(step.route);
    if (other)
      problems.push({
        file,
        pointer: "/route",
        message: `route "${step.route}" is already used by ${other}`,
      });
    else seenRoutes.set(step.route, file);
  }
  const located = defs.ruleSets.get(FUNNEL_RULE_SET);
  if (!located) return;
  const { file } = located;
  const own = defs.params[FUNNEL_RULE_SET] ?? {};
  if (typeof own.defaultRoute !== "string" || !own.defaultRoute.startsWith("/"))
    problems.push({
      file,
      pointer: "/params/defaultRoute",
      message: "the default route (the page for a status without one) must be a page, starting with /",
    });
  const statuses = ((located.def.params as { statuses?: unknown } | undefined)?.statuses ?? {}) as Record<
    string,
    unknown
  >;
  for (const [id, entry] of Object.entries(statuses)) {
    const at = `/params/statuses/${esc(id)}`;
    const e = (entry ?? {}) as Record<string, unknown>;
    // A step may give a screen to a status listed here (the spec's annualIncome): it must agree.
    const step = defs.steps.get(id);
    for (const key of ["rank", "label", "route"] as const)
      if (step && e[key] !== undefined && e[key] !== step.def[key])
        problems.push({
          file,
          pointer: `${at}/${key}`,
          message: `status "${id}" is a step (${step.file}) whose ${key} is ${JSON.stringify(step.def[key])}, not ${JSON.stringify(e[key])}: the step's own ${key} is the one used; remove the status here`,
        });
    if (typeof e.rank !== "number" || e.rank < 0)
      problems.push({ file, pointer: `${at}/rank`, message: "a status needs a rank: a number, 0 or more" });
    if (e.label !== undefined && (typeof e.label !== "string" || e.label === ""))
      problems.push({ file, pointer: `${at}/label`, message: "a label is a non-empty text" });
    if (e.route !== undefined && (typeof e.route !== "string" || !e.route.startsWith("/")))
      problems.push({ file, pointer: `${at}/route`, message: "a route is a page, starting with /" });
    for (const key of Object.keys(e))
      if (!["rank", "label", "route"].includes(key))
        problems.push({
          file,
          pointer: `${at}/${esc(key)}`,
          message: `a status has rank, label and route only, not "${key}"${suggest(key, ["rank", "label", "route"])}`,
        });
  }
}

function checkFlowsAndReachability(defs: Definitions, problems: Problem[]) {
  const stepIds = [...defs.steps.keys()];
  const reached = new Set<string>();
  const pages = new Set<string>(defs.funnel.pages);
  for (const { file, def: flow } of defs.flows.values())
    flow.variants.forEach((variant, v) => {
      let previous: Step | undefined;
      const seen = new Set<string>();
      variant.steps.forEach((id, i) => {
        const pointer = `/variants/${v}/steps/${i}`;
        const step = defs.steps.get(id)?.def;
        if (!step)
          return problems.push({ file, pointer, message: `unknown step \`${id}\`${suggest(id, stepIds)}` });
        if (seen.has(id))
          problems.push({ file, pointer, message: `step "${id}" appears twice in variant "${variant.id}"` });
        if (previous && step.rank < previous.rank)
          problems.push({
            file,
            pointer,
            message: `step "${id}" (rank ${step.rank}) comes after "${previous.id}" (rank ${previous.rank}) in variant "${variant.id}"`,
          });
        seen.add(id);
        reached.add(id);
        previous = step;
      });
    });
  const byRoute = new Map([...defs.steps.values()].map(({ def }) => [def.route, def.id]));
  const leadsTo = new Map<string, string[]>();
  for (const { file, def: step } of defs.steps.values())
    step.next?.forEach((branch, i) => {
      const pointer = `/next/${i}/goto`;
      if (typeof branch.goto !== "string") return; // logic: its target is known only on real answers
      let target: string | undefined;
      if (branch.goto.startsWith("/")) {
        target = byRoute.get(branch.goto);
        if (!pages.has(branch.goto) && !target)
          problems.push({
            file,
            pointer,
            message: `page "${branch.goto}" is neither a step's route nor listed in rules/funnel.json params.pages${suggest(branch.goto, [...pages, ...byRoute.keys()])}`,
          });
      } else if (!defs.steps.has(branch.goto))
        problems.push({
          file,
          pointer,
          message: `unknown step \`${branch.goto}\`${suggest(branch.goto, stepIds)}`,
        });
      else target = branch.goto;
      if (target && target !== step.id) leadsTo.set(step.id, [...(leadsTo.get(step.id) ?? []), target]);
    });
  // Pages the redirect guard lets anyone open (the summary, the FAQ) are reached by links.
  const linked = new Set<string>((defs.params.redirect?.skippedPages as string[] | undefined) ?? []);
  for (const { def } of defs.steps.values()) if (linked.has(def.route)) reached.add(def.id);
  // A branch reaches its target only from a step that is itself reached.
  const queue = [...reached];
  while (queue.length)
    for (const next of leadsTo.get(queue.shift()!) ?? [])
      if (!reached.has(next)) (queue.push(next), reached.add(next));
  for (const { file, def: step } of defs.steps.values()) {
    if (reached.has(step.id)) continue;
    const from = [...leadsTo].filter(([, targets]) => targets.includes(step.id)).map(([id]) => id);
    problems.push({
      file,
      pointer: "/id",
      message: `step "${step.id}" is unreachable: no flow lists it and ${from.length ? `only unreachable steps lead to it (${from.join(", ")})` : "no step's next leads to it"}`,
    });
  }
}

// ---------------------------------------------------------------- rule sets

/**
 * A field pointer in a rule set's params (members.json: what a co-borrower owns and sees) must name a
 * field of the application. A text is taken for a field pointer when its first part is one of the
 * application's fields (so the page "/app/ineligible/boost" is not).
 */
function checkParamPointers(defs: Definitions, problems: Problem[]) {
  const app = schemaFile(defs.files, "application.json");
  if (!app) return;
  const fields = new Set(propertyNamesAt(defs.files, app, []));
  for (const { file, def } of defs.ruleSets.values()) {
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (node !== null && typeof node === "object")
        return Object.entries(node).forEach(([k, v]) => walk(v, `${at}/${esc(k)}`));
      if (typeof node !== "string" || !/^(\/[^/\s]+)+$/.test(node)) return;
      const segments = node
        .split("/")
        .slice(1)
        .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
      if (!fields.has(segments[0]!) || schemasAt(defs.files, app, segments).length) return;
      const known = segments.findLastIndex(
        (_, i) => schemasAt(defs.files, app, segments.slice(0, i)).length > 0,
      );
      problems.push({
        file,
        pointer: at,
        message: `field pointer "${node}" is not in the application${suggest(segments[known] ?? "", propertyNamesAt(defs.files, app, segments.slice(0, known)))}`,
      });
    };
    walk(def.params ?? {}, "/params");
  }
}

function inputNames(defs: Definitions, file: string, ruleSet: RuleSet): string[] | null {
  if (!ruleSet.input) return null;
  const root: SchemaAt = {
    schema: ruleSet.input as Record<string, unknown>,
    base: uriOf("rules", file.replace(/^rules\//, "")),
    doc: ruleSet,
  };
  return propertyNamesAt(defs.files, root, []);
}

function checkRuleSet(
  defs: Definitions,
  file: string,
  ruleSet: RuleSet,
  ruleIds: Map<string, string>,
  problems: Problem[],
) {
  const inputs = inputNames(defs, file, ruleSet);
  const known = new Set(["today", "params"]);
  const outputs = new Set((ruleSet.rules ?? []).flatMap((r) => (r.output ? [r.output] : [])));
  const checkLogic = (logic: unknown, pointer: string, scope: Set<string>) => {
    const texts: LogicRef[] = [];
    for (const ref of scanLogic(logic, pointer, file, problems, texts)) {
      if (ref.inIteration && ref.kind === "var") continue;
      const [head = "", ...rest] = ref.path.split(".");
      if (head === "params") checkParamsPath(defs, rest, file, ref.pointer, problems);
      else if (!scope.has(head) && !outputs.has(head) && !(inputs ? inputs.includes(head) : true))
        problems.push({
          file,
          pointer: ref.pointer,
          message: `unknown name "${head}": not an input field, fact, output or item${suggest(head, [...scope, ...outputs, ...(inputs ?? [])])}`,
        });
    }
    // A text naming a param, an input field, a fact or an output: its value was meant.
    for (const text of texts) {
      const [head = "", ...rest] = text.path.split(".");
      const found: Problem[] = [];
      if (head === "params") checkParamsPath(defs, rest, file, text.pointer, found);
      const names =
        head === "params" ? !found.length : scope.has(head) || outputs.has(head) || !!inputs?.includes(head);
      if (names && !text.inIteration) problems.push(nameAsText(file, text));
    }
  };
  ruleSet.facts?.forEach((fact, i) => {
    if (fact.forEach !== undefined) checkLogic(fact.forEach, `/facts/${i}/forEach`, known);
    const scope = fact.as ? new Set([...known, fact.as, "index"]) : new Set(known);
    if (fact.value !== undefined) checkLogic(fact.value, `/facts/${i}/value`, scope);
    // An emitted object's fields are worked out in order: each reads the ones before it by name.
    for (const [key, logic] of Object.entries(fact.emit ?? {})) {
      checkLogic(logic, `/facts/${i}/emit/${esc(key)}`, scope);
      scope.add(key);
    }
    known.add(fact.name);
  });
  // The requirement template: what every rule with `require` decides (see engine/logic/rules.ts).
  const template = ruleSet.requirement;
  const templateNames = ["subject", "document", "requirement", "index"];
  if (template) {
    outputs.add(template.output);
    for (const [name, list] of Object.entries(template.for))
      checkLogic(list?.forEach, `/requirement/for/${esc(name)}/forEach`, known);
    const scope = new Set([...known, ...templateNames]);
    if (template.skipWhen !== undefined) checkLogic(template.skipWhen, "/requirement/skipWhen", scope);
    for (const [key, logic] of Object.entries(template.emit))
      checkLogic(logic, `/requirement/emit/${esc(key)}`, scope);
  }
  ruleSet.rules?.forEach((rule, i) => {
    const at = `/rules/${i}`;
    const other = ruleIds.get(rule.id);
    if (other)
      problems.push({
        file,
        pointer: `${at}/id`,
        message: `rule id "${rule.id}" is already used in ${other}`,
      });
    ruleIds.set(rule.id, file);
    if (rule.require !== undefined) {
      if (!template)
        return problems.push({
          file,
          pointer: `${at}/require`,
          message: "a rule with require needs the rule set's requirement (what such a rule decides)",
        });
      const list = template.for[rule.for ?? ""];
      if (!list)
        return problems.push({
          file,
          pointer: `${at}/for`,
          message: `"${rule.for ?? ""}" is not one of requirement.for (${Object.keys(template.for).join(", ")})${suggest(rule.for ?? "", Object.keys(template.for))}`,
        });
      const scope = new Set([...known, list.as, ...templateNames]);
      if (typeof rule.require !== "string") checkLogic(rule.require, `${at}/require`, scope);
      if (rule.when !== undefined) checkLogic(rule.when, `${at}/when`, scope);
      for (const [key, logic] of Object.entries(rule.set ?? {})) {
        if (!Object.hasOwn(template.emit, key))
          problems.push({
            file,
            pointer: `${at}/set/${esc(key)}`,
            message: `a requirement has no field "${key}" (requirement.emit: ${Object.keys(template.emit).join(", ")})${suggest(key, Object.keys(template.emit))}`,
          });
        checkLogic(logic, `${at}/set/${esc(key)}`, scope);
      }
      return;
    }
    if (rule.forEach !== undefined) checkLogic(rule.forEach, `${at}/forEach`, known);
    const scope = rule.as ? new Set([...known, rule.as, "index"]) : known;
    if (rule.when !== undefined) checkLogic(rule.when, `${at}/when`, scope);
    if (rule.value !== undefined) checkLogic(rule.value, `${at}/value`, scope);
    for (const [key, logic] of Object.entries(rule.emit ?? {}))
      checkLogic(logic, `${at}/emit/${esc(key)}`, scope);
  });
  if (ruleSet.rules?.length && !defs.cases.some((c) => c.def.ruleSet === ruleSet.id))
    problems.push({
      file,
      pointer: "/rules",
      message: `rule set "${ruleSet.id}" has rules but no worked examples: add ${file.replace(/\.json$/, ".cases.json")}`,
    });
}

// ---------------------------------------------------------------- step effects

/**
 * A step's `effects` (kinds and parameters are checked by the meta-schema): a signer's typed name
 * must be a field of the step's answers, and every document signed must be one the step shows (a
 * disclosureDocuments display naming it), so nobody signs a text they were not shown.
 */
function checkStepEffects(defs: Definitions, file: string, step: Step, problems: Problem[]) {
  const effects = step.effects ?? [];
  const stepRoot: SchemaAt = {
    schema: step.schema as Record<string, unknown>,
    base: uriOf("steps", file.replace(/^steps\//, "")),
    doc: step,
  };
  const shown = new Set<string>();
  // The texts a display folds behind an Open button, and where it names each.
  const openable = new Map<string, string>();
  const collect = (node: unknown, at: string) => {
    if (node === null || typeof node !== "object") return;
    const ui = node as Record<string, unknown>;
    const options = ui["ui:options"] as Record<string, unknown> | undefined;
    if (ui["ui:widget"] === "disclosureDocuments") {
      if (Array.isArray(options?.documents))
        for (const name of options.documents) if (typeof name === "string") shown.add(name);
      if (Array.isArray(options?.mustOpen))
        options.mustOpen.forEach((name, j) => {
          if (typeof name === "string") openable.set(name, `${at}/ui:options/mustOpen/${j}`);
        });
    }
    for (const [key, value] of Object.entries(ui))
      if (!key.startsWith("ui:")) collect(value, `${at}/${escapeSegment(key)}`);
  };
  collect(step.uiSchema, "/uiSchema");
  // What must be opened and what the page lets be opened are one list, said in two places (the
  // server's effect, the browser's display): a text the effect waits for with no Open button
  // strands the step; an Open button for a text no effect asks is refused (esign.openDocument).
  const asked = new Set(effects.flatMap((e) => (e.kind === "giveDisclosures" ? (e.mustOpen ?? []) : [])));
  for (const [name, pointer] of openable)
    if (!asked.has(name))
      problems.push({
        file,
        pointer,
        message: `document "${name}" has an Open button, but no giveDisclosures effect of this step asks for it to be opened (its mustOpen): the server refuses the opening, so the text stays folded${suggest(name, asked)}`,
      });
  const ids = new Set<string>();
  effects.forEach((effect, i) => {
    const at = `/effects/${i}`;
    if (ids.has(effect.id))
      problems.push({
        file,
        pointer: `${at}/id`,
        message: `effect id "${effect.id}" is used twice in this step`,
      });
    ids.add(effect.id);
    for (const [signer, field] of Object.entries(effect.signers ?? {}) as [string, string][]) {
      const roles = [OWNER_ROLE, ...Object.keys(memberRoles(defs))];
      if (!roles.includes(signer))
        problems.push({
          file,
          pointer: `${at}/signers/${esc(signer)}`,
          message: `"${signer}" is not a borrower role (one of ${roles.join(", ")})${suggest(signer, roles)}`,
        });
      const segments = field.split("/").slice(1);
      if (!schemasAt(defs.files, stepRoot, segments).length)
        problems.push({
          file,
          pointer: `${at}/signers/${esc(signer)}`,
          message: `field "${field}" is not in this step's answers${suggest(segments.at(-1) ?? "", propertyNamesAt(defs.files, stepRoot, segments.slice(0, -1)))}`,
        });
    }
    const appRoot = schemaFile(defs.files, "application.json");
    effect.covers?.forEach((pointer, j) => {
      const segments = pointer.split("/").slice(1);
      if (appRoot && !schemasAt(defs.files, appRoot, segments).length)
        problems.push({
          file,
          pointer: `${at}/covers/${j}`,
          message: `"${pointer}" is not a field of the application${suggest(segments.at(-1) ?? "", propertyNamesAt(defs.files, appRoot, segments.slice(0, -1)))}`,
        });
    });
    effect.documents?.forEach((name, j) => {
      if (!shown.has(name))
        problems.push({
          file,
          pointer: `${at}/documents/${j}`,
          message: `document "${name}" is ${effect.kind === "giveDisclosures" ? "given" : "signed"} but the step does not show it (no disclosureDocuments display names it)${suggest(name, shown)}`,
        });
    });
    // Where the texts given (and opened) are recorded must be a place of the application, or the record would be refused on every save.
    for (const key of ["recordAt", "openedAt"] as const) {
      const place = effect[key];
      if (place === undefined) continue;
      const segments = place.split("/").slice(1);
      if (appRoot && !schemasAt(defs.files, appRoot, segments).length)
        problems.push({
          file,
          pointer: `${at}/${key}`,
          message: `"${place}" is not a field of the application${suggest(segments.at(-1) ?? "", propertyNamesAt(defs.files, appRoot, segments.slice(0, -1)))}`,
        });
    }
    // A text that must be opened is one the effect gives: else the step could never be saved.
    effect.mustOpen?.forEach((name, j) => {
      if (!(effect.documents ?? []).includes(name))
        problems.push({
          file,
          pointer: `${at}/mustOpen/${j}`,
          message: `document "${name}" must be opened but the effect does not give it (add it to documents)${suggest(name, new Set(effect.documents ?? []))}`,
        });
      else if (shown.has(name) && !openable.has(name))
        problems.push({
          file,
          pointer: `${at}/mustOpen/${j}`,
          message: `document "${name}" must be opened before the step is saved, but the disclosureDocuments display has no Open button for it (its ui:options.mustOpen): the applicant cannot open it, so the step can never be saved`,
        });
    });
  });
}

/**
 * The journey's phases: rules/funnel.json lists each once with a label; a flow's phases name known
 * phases, in that order, from steps every variant lists, the first at each variant's first step
 * (so no step falls outside a phase).
 */
function checkPhases(defs: Definitions, problems: Problem[]) {
  const declared = defs.funnel.phases.map((p) => p.id);
  const funnelFile = defs.ruleSets.get(FUNNEL_RULE_SET)?.file ?? "rules/funnel.json";
  declared.forEach((id, i) => {
    if (declared.indexOf(id) !== i)
      problems.push({
        file: funnelFile,
        pointer: `/params/phases/${i}/id`,
        message: `phase "${id}" is listed twice`,
      });
  });
  for (const { file, def: flow } of defs.flows.values()) {
    let last = -1;
    flow.phases?.forEach((entry, i) => {
      const order = declared.indexOf(entry.phase);
      if (order < 0)
        problems.push({
          file,
          pointer: `/phases/${i}/phase`,
          message: `unknown phase "${entry.phase}" (rules/funnel.json params.phases)${suggest(entry.phase, declared)}`,
        });
      else if (order <= last)
        problems.push({
          file,
          pointer: `/phases/${i}/phase`,
          message: `phase "${entry.phase}" comes before an earlier entry's phase in rules/funnel.json params.phases`,
        });
      last = Math.max(last, order);
      for (const variant of flow.variants)
        if (!variant.steps.includes(entry.from))
          problems.push({
            file,
            pointer: `/phases/${i}/from`,
            message: `phase "${entry.phase}" starts at "${entry.from}", which variant "${variant.id}" does not list`,
          });
    });
    if (flow.phases)
      for (const variant of flow.variants)
        if (variant.steps[0] !== flow.phases[0]?.from)
          problems.push({
            file,
            pointer: "/phases/0/from",
            message: `the first phase must start at the first step of variant "${variant.id}" ("${variant.steps[0]}")`,
          });
  }
}

/** The analytics' conversion and end steps (rules/analytics.json) are steps: a typo would silently count nothing. */
function checkAnalyticsSteps(defs: Definitions, problems: Problem[]) {
  const located = defs.ruleSets.get("analytics");
  if (!located) return;
  const params = (located.def.params ?? {}) as {
    conversionStep?: unknown;
    submissionStep?: unknown;
    endSteps?: unknown;
  };
  const named: [string, unknown][] = [
    ["/params/conversionStep", params.conversionStep],
    ["/params/submissionStep", params.submissionStep],
    ...(Array.isArray(params.endSteps)
      ? params.endSteps.map((s, i): [string, unknown] => [`/params/endSteps/${i}`, s])
      : []),
  ];
  for (const [pointer, id] of named)
    if (id !== undefined && !defs.steps.has(String(id)))
      problems.push({
        file: located.file,
        pointer,
        message: `unknown step "${String(id)}"${suggest(String(id), defs.steps.keys())}`,
      });
}

/**
 * The status a cancelled line takes (rules/disbursement.json params.rescission.cancelledStatus)
 * must have a page: every applicant on the application is sent there to read the cancellation.
 */
function checkCancelledStatus(defs: Definitions, problems: Problem[]) {
  const located = defs.ruleSets.get("disbursement");
  const status = ((defs.params.disbursement ?? {}) as { rescission?: { cancelledStatus?: unknown } })
    .rescission?.cancelledStatus;
  if (!located || status === undefined) return;
  const pointer = "/params/rescission/cancelledStatus";
  if (typeof status !== "string" || !(status in defs.funnel.ranks))
    problems.push({
      file: located.file,
      pointer,
      message: `"${String(status)}" is not a status (a step, or one of rules/funnel.json params.statuses)${suggest(String(status), Object.keys(defs.funnel.ranks))}`,
    });
  else if (!defs.funnel.routes[status])
    problems.push({
      file: located.file,
      pointer,
      message: `status "${status}" has no page (a route in rules/funnel.json params.statuses): a cancelled applicant would have nowhere to go`,
    });
}

/**
 * The statuses that release money (rules/disbursement.json params.rescission.releasedStatuses) are
 * the ones the draw hold guards: a name that is no status would never be reached, so a typo would
 * silently let money out while an owner may still cancel.
 */
function checkReleasedStatuses(defs: Definitions, problems: Problem[]) {
  const located = defs.ruleSets.get("disbursement");
  const released = ((defs.params.disbursement ?? {}) as { rescission?: { releasedStatuses?: unknown } })
    .rescission?.releasedStatuses;
  if (!located || released === undefined) return;
  if (!Array.isArray(released) || !released.length)
    return void problems.push({
      file: located.file,
      pointer: "/params/rescission/releasedStatuses",
      message:
        "must list the statuses that release money (at least one): without them nothing holds the draw back",
    });
  released.forEach((status, i) => {
    if (typeof status !== "string" || !(status in defs.funnel.ranks))
      problems.push({
        file: located.file,
        pointer: `/params/rescission/releasedStatuses/${i}`,
        message: `"${String(status)}" is not a status (a step, or one of rules/funnel.json params.statuses): the draw hold would never see it${suggest(String(status), Object.keys(defs.funnel.ranks))}`,
      });
  });
}

/** The owner's role names stored answers and sessions: a definitions change may not rename it. */
function checkOwnerRole(defs: Definitions, problems: Problem[]): void {
  const members = defs.ruleSets.get("members");
  const role = (members?.def.params as { owner?: { role?: unknown } } | undefined)?.owner?.role;
  if (members && role !== OWNER_ROLE)
    problems.push({
      file: members.file,
      pointer: "/params/owner/role",
      message: `the owner's role is "${OWNER_ROLE}" in the running product and in stored applications; it cannot change to ${JSON.stringify(role)}`,
    });
}

export function lint(defs: Definitions): Problem[] {
  const problems: Problem[] = [];
  for (const { file, def } of defs.steps.values()) checkStep(defs, file, def, problems);
  for (const { file, def } of defs.steps.values()) checkStepEffects(defs, file, def, problems);
  checkSchemaSense(defs, problems);
  checkFunnelTables(defs, problems);
  checkParamPointers(defs, problems);
  checkFlowsAndReachability(defs, problems);
  checkWalks(defs, problems);
  checkPhases(defs, problems);
  checkAnalyticsSteps(defs, problems);
  checkCancelledStatus(defs, problems);
  checkReleasedStatuses(defs, problems);
  checkOwnerRole(defs, problems);
  checkCatalogue(defs, problems);
  checkConditionForms(defs, problems);
  checkRetired(defs, problems);
  checkExplains(defs, problems);
  checkMilestones(defs, problems);
  checkExperiments(defs, problems);
  const ruleIds = new Map<string, string>();
  for (const { file, def } of defs.ruleSets.values()) checkRuleSet(defs, file, def, ruleIds, problems);
  for (const { file, def } of defs.cases)
    if (!defs.ruleSets.has(def.ruleSet))
      problems.push({
        file,
        pointer: "/ruleSet",
        message: `unknown rule set "${def.ruleSet}"${suggest(def.ruleSet, defs.ruleSets.keys())}`,
      });
  // Every worked case, run: a failing one is a problem like any other.
  problems.push(...checkCases(defs));
  for (const { file, def } of defs.steps.values()) checkNeverShown(defs, file, def, problems);
  // What logic reads, followed into lists, facts and items: fields and enumeration values.
  for (const { file, def } of defs.steps.values()) checkStepLogic(defs, file, def, problems);
  for (const { file, def } of defs.ruleSets.values()) checkRuleSetLogic(defs, file, def, problems);
  // The export mappings: their pointers into the export input and their enumeration tables.
  problems.push(...checkXmlMapping(defs, "mismo", "export-file.json"));
  problems.push(...checkFieldMapping(defs, "hmda-lar", "export-file.json"));
  // One mistake read by several pieces of logic (a params table every lookup reads) is said once.
  const said = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}#${p.pointer}: ${p.message}`;
    return !said.has(key) && said.add(key);
  });
}

/** A problem as check prints it: `steps/x.json:12:7 #/visibleWhen/…: message` (editors open file:line:column). */
export function formatProblem(p: Problem): string {
  // A place in a text file (a Markdown page) has no JSON pointer: file:line:column alone.
  return p.line === undefined
    ? problemText(p)
    : `${p.file}:${p.line}:${p.column ?? 1}${p.pointer ? ` #${p.pointer}` : ""}: ${p.message}`;
}

/** A problem without its line and column: what it says, wherever the file has it. */
export function problemText(p: Problem): string {
  return `${p.file}#${p.pointer}: ${p.message}`;
}

/**
 * A rule set's `explains` (engine/explain/output-explanation.ts): the output is one of its own, and
 * every field a row shows or its condition reads is one its rules emit for that output, or the
 * row would never show (a renamed figure vanishes from "How we got this number").
 */
function checkExplains(defs: Definitions, problems: Problem[]) {
  for (const { file, def } of defs.ruleSets.values()) {
    const explains = def.explains;
    if (!explains) continue;
    const rules = (def.rules ?? []).filter((r) => r.output === explains.output);
    if (!rules.length) {
      problems.push({
        file,
        pointer: "/explains/output",
        message: `no rule of this set decides "${explains.output}"${suggest(
          explains.output,
          (def.rules ?? []).flatMap((r) => (r.output ? [r.output] : [])),
        )}`,
      });
      continue;
    }
    const fields = [...new Set(rules.flatMap((r) => Object.keys(r.emit ?? {})))];
    explains.rows.forEach((row, i) => {
      if (!fields.includes(row.field))
        problems.push({
          file,
          pointer: `/explains/rows/${i}/field`,
          message: `"${row.field}" is not a field the rules emit for ${explains.output} (${fields.join(", ")}): the row would never show${suggest(row.field, fields)}`,
        });
      if (row.when !== undefined)
        for (const ref of scanLogic(row.when, `/explains/rows/${i}/when`, file, problems)) {
          const head = ref.path.split(".")[0]!;
          if (!fields.includes(head))
            problems.push({
              file,
              pointer: ref.pointer,
              message: `"${ref.path}" is not a field the rules emit for ${explains.output}${suggest(head, fields)}`,
            });
        }
    });
  }
}

/**
 * rules/retired.json (engine/definitions/retired.ts): each declaration retires something this set
 * no longer has, and sends it somewhere it has: a step alias to a step, a value to a value of the
 * field, a field's answers to a field (or null).
 */
function checkRetired(defs: Definitions, problems: Problem[]) {
  const located = defs.ruleSets.get(RETIRED_RULE_SET);
  if (!located) return;
  const { file } = located;
  const params = (located.def.params ?? {}) as Record<string, unknown>;
  const app = schemaFile(defs.files, "application.json");
  const stepIds = [...defs.steps.keys()];
  const object = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  for (const key of Object.keys(params))
    if (!["steps", "values", "fields"].includes(key))
      problems.push({
        file,
        pointer: `/params/${esc(key)}`,
        message: `retired.json declares steps, values and fields only, not "${key}"${suggest(key, ["steps", "values", "fields"])}`,
      });
  for (const [from, to] of Object.entries(object(params.steps) ? params.steps : {})) {
    const at = `/params/steps/${esc(from)}`;
    if (defs.steps.has(from))
      problems.push({
        file,
        pointer: at,
        message: `"${from}" is still a step: only a step this set no longer has can be retired`,
      });
    if (typeof to !== "string" || !defs.steps.has(to))
      problems.push({
        file,
        pointer: at,
        message: `its applicants would go to "${String(to)}", which is not a step${suggest(String(to), stepIds)}`,
      });
  }
  const fieldAt = (pointer: string) => (app ? schemasAt(defs.files, app, pointer.split("/").slice(1)) : []);
  for (const [pointer, map] of Object.entries(object(params.values) ? params.values : {})) {
    const at = `/params/values/${esc(pointer)}`;
    const schemas = fieldAt(pointer);
    const allowed = schemas.length
      ? schemas.flatMap((s) => {
          const found =
            enumerationOf(defs.files, s) ??
            enumerationOf(defs.files, { ...s, schema: (s.schema.items as Record<string, unknown>) ?? {} });
          return found ?? [];
        })
      : [];
    if (!schemas.length || !allowed.length) {
      problems.push({
        file,
        pointer: at,
        message: `"${pointer}" is not a field of the application with a list of values`,
      });
      continue;
    }
    for (const [old, now] of Object.entries(object(map) ? map : {})) {
      if (allowed.includes(old))
        problems.push({
          file,
          pointer: `${at}/${esc(old)}`,
          message: `"${old}" is still a value of ${pointer}: only a value this set no longer has can be retired`,
        });
      if (!allowed.includes(now as never))
        problems.push({
          file,
          pointer: `${at}/${esc(old)}`,
          message: `saved "${old}" would be read as ${JSON.stringify(now)}, which is not a value of ${pointer} (${allowed.map((v) => JSON.stringify(v)).join(", ")})${
            typeof now === "string"
              ? suggest(
                  now,
                  allowed.filter((v): v is string => typeof v === "string"),
                )
              : ""
          }`,
        });
    }
  }
  for (const [from, to] of Object.entries(object(params.fields) ? params.fields : {})) {
    const at = `/params/fields/${esc(from)}`;
    if (fieldAt(from).length)
      problems.push({
        file,
        pointer: at,
        message: `"${from}" is still a field of the application: only a field this set no longer has can be retired`,
      });
    if (to !== null && (typeof to !== "string" || !fieldAt(to).length))
      problems.push({
        file,
        pointer: at,
        message: `its saved answers would move to ${JSON.stringify(to)}, which is not a field of the application (null lets them go)`,
      });
  }
}
