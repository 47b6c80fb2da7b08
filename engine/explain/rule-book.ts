// The rule book compliance signs off: every rule set (title, description, params, facts, each rule
// in plain English with the worked cases that exercise it, run now with their pass/fail result)
// and every step's visibility, requirements, checks and branches. Built once as a small document
// model, rendered to Markdown and to a self-contained, printable HTML page.
import { prefillSource } from "../logic/prefill";
import type { Definitions, RuleSet, Step } from "../definitions/definitions";
import { describeLogic, ruleWords, stepWords } from "./describe-logic";
import { buildFunnelMap, pagesNamedBy } from "./funnel-map";
import { todayIso } from "../base/dates";
import { dayOf, evaluateRuleSet, presentResult } from "../logic/rules";
import { matches, projection } from "../definitions/cases";

export { matches };
import { schemaFile, schemasAt, expand, type SchemaAt } from "../definitions/schema-walk";
import { uriOf } from "../base/uris";
import { CATALOGUE } from "../lint/catalogue";

// ---------------------------------------------------------------- worked cases

export interface CaseResult {
  ruleSet: string;
  /** 1-based, as the book numbers them. */
  number: number;
  description: string;
  input: unknown;
  expect: Record<string, unknown>;
  /** The result restricted to what the case expects (what toMatchObject compares). */
  actual: unknown;
  /** Rule ids that decided something in this case. */
  decidedBy: string[];
  passed: boolean;
  error?: string;
}

/** Runs every worked case of a rule set as the test suite does (evaluateRuleSet + presentResult). */
export function runCases(defs: Definitions, ruleSetId: string): CaseResult[] {
  const cases = defs.cases.filter((c) => c.def.ruleSet === ruleSetId).flatMap((c) => c.def.cases);
  return cases.map((c, i) => {
    const base = {
      ruleSet: ruleSetId,
      number: i + 1,
      description: c.description,
      input: c.input,
      expect: c.expect,
    };
    try {
      const raw = evaluateRuleSet(defs, ruleSetId, c.input, { today: dayOf(c.input, todayIso()) });
      const result = presentResult(defs, ruleSetId, raw);
      return {
        ...base,
        actual: projection(result, c.expect),
        decidedBy: [...new Set(raw.decisions.map((d) => d.ruleId))],
        passed: matches(result, c.expect),
      };
    } catch (error) {
      return { ...base, actual: undefined, decidedBy: [], passed: false, error: (error as Error).message };
    }
  });
}

// ---------------------------------------------------------------- the document model

export type Inline =
  string | { code: string } | { strong: string } | { link: string; text: string } | { mark: "pass" | "fail" };
export type Block =
  | { kind: "heading"; level: 1 | 2 | 3 | 4; text: string; id: string }
  | { kind: "paragraph"; parts: Inline[] }
  | { kind: "list"; items: Inline[][] }
  | { kind: "table"; head: string[]; rows: Inline[][][] }
  | { kind: "toc"; entries: { level: number; text: string; id: string }[] };

export interface RuleBook {
  title: string;
  blocks: Block[];
  figures: { ruleSets: number; rules: number; cases: number; passed: number; steps: number };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** A value in compact, JSON-like form: {eligible: false, route: "/app/ineligible/boost"}. */
export function compact(value: unknown): string {
  if (value === undefined) return "(missing)";
  if (Array.isArray(value)) return `[${value.map(compact).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${compact(v)}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}

/** One line per top-level field: `setup = {propertyValue: 500000, …}`. */
const summary = (value: unknown): string[] =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? Object.entries(value).map(([k, v]) => `${k} = ${compact(v)}`)
    : [compact(value)];

const lines = (texts: string[]): Inline[] =>
  texts.flatMap((t, i) => (i ? ["\n", { code: t }] : [{ code: t }]));

function fieldTitle(defs: Definitions, roots: SchemaAt[], pointer: string): string | undefined {
  const segments = pointer.split("/").slice(1);
  for (const root of roots)
    for (const at of schemasAt(defs.files, root, segments))
      for (const s of expand(defs.files, at)) if (typeof s.schema.title === "string") return s.schema.title;
  return undefined;
}

function paramBlocks(set: RuleSet): Block[] {
  const params = Object.entries(set.params ?? {});
  if (!params.length) return [];
  const isScalar = (v: unknown) => v === null || typeof v !== "object";
  const rows: Inline[][][] = [];
  const tables: Block[] = [];
  for (const [name, value] of params) {
    if (
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      Object.values(value).every(isScalar)
    ) {
      rows.push([
        [{ code: `params.${set.id}.${name}` }],
        [`the table below (${Object.keys(value).length} entries)`],
      ]);
      tables.push(
        { kind: "paragraph", parts: [{ strong: `params.${set.id}.${name}` }] },
        {
          kind: "table",
          head: ["Key", "Value"],
          rows: Object.entries(value).map(([k, v]) => [[{ code: k }], [compact(v)]]),
        },
      );
    } else
      rows.push([
        [{ code: `params.${set.id}.${name}` }],
        [
          Array.isArray(value) && value.every(isScalar)
            ? value.map((v) => compact(v)).join(", ")
            : compact(value),
        ],
      ]);
  }
  return [
    { kind: "heading", level: 4, text: "Parameters", id: `${slug(set.id)}-params` },
    { kind: "table", head: ["Name", "Value"], rows },
    ...tables,
  ];
}

type Rule = NonNullable<RuleSet["rules"]>[number];

/** The requirement template: how every document rule of the set decides, said once. */
function requirementBlocks(defs: Definitions, set: RuleSet): Block[] {
  const template = set.requirement!;
  const words = ruleWords(defs, set.id, { itemNames: ["subject", "requirement"] });
  return [
    {
      kind: "heading",
      level: 4,
      text: "What every requirement rule decides",
      id: `${slug(set.id)}-requirement`,
    },
    ...(template.description ? [{ kind: "paragraph", parts: [template.description] } as Block] : []),
    {
      kind: "table",
      head: ["Field", "Worked out as"],
      rows: [
        ...Object.entries(template.emit).map(([field, logic]): Inline[][] => [
          [{ code: field }],
          [describeLogic(logic, words, { as: "value" })],
        ]),
        ...(template.skipWhen === undefined
          ? []
          : [[[{ strong: "left out" }], [`when ${describeLogic(template.skipWhen, words)}`]] as Inline[][]]),
      ],
    },
  ];
}

/**
 * A requirement rule as one sentence: "Requires Most recent pay stubs (paystub, 4) of each borrower
 * when …", with a field the rule works out otherwise said after it.
 */
export function requirementSentence(defs: Definitions, set: RuleSet, rule: Rule): string {
  const template = set.requirement!;
  const list = template.for[rule.for ?? ""];
  const words = ruleWords(defs, set.id, {
    forEach: list?.forEach,
    as: list?.as ?? "item",
    itemNames: ["requirement"],
  });
  let what: string;
  if (typeof rule.require === "string") {
    // The document's label and count are the catalogue's (rules/document-types.json).
    const types = (defs.params[CATALOGUE] as { types?: Record<string, { label?: unknown; count?: unknown }> })
      ?.types;
    const kind = types && Object.hasOwn(types, rule.require) ? types[rule.require] : undefined;
    const label = kind?.label;
    const count = rule.set?.count === undefined ? (kind?.count ?? 1) : null;
    what = `${typeof label === "string" ? `“${label}” ` : ""}(${rule.require}${count === null ? "" : `, ${String(count)}`})`;
  } else what = `the document named by ${describeLogic(rule.require, words, { as: "value" })}`;
  const whom = list ? list.description : `each of ${rule.for ?? "?"}`;
  const when =
    rule.when === undefined
      ? ""
      : rule.when === false
        ? ", never (only when the lender asks for it)"
        : ` when ${describeLogic(rule.when, words)}`;
  const set_ = Object.entries(rule.set ?? {}).map(
    ([field, logic]) => `${field}: ${describeLogic(logic, words, { as: "value" })}`,
  );
  return `Requires ${what} of ${whom}${when}${set_.length ? `; ${set_.join("; ")}` : ""}.`;
}

function ruleSetBlocks(defs: Definitions, set: RuleSet, results: CaseResult[]): Block[] {
  const blocks: Block[] = [
    { kind: "heading", level: 2, text: `${set.title} (${set.id})`, id: `rule-set-${slug(set.id)}` },
    { kind: "paragraph", parts: [set.description] },
    {
      kind: "paragraph",
      parts: [
        { strong: "How rules decide: " },
        set.mode === "first"
          ? "the rules are tried in order; the first that holds decides."
          : "every rule whose condition holds decides its own output; where several rules decide one value, the first of them that holds decides it.",
      ],
    },
    ...paramBlocks(set),
  ];
  if (set.facts?.length)
    blocks.push(
      { kind: "heading", level: 4, text: "Facts", id: `${slug(set.id)}-facts` },
      {
        kind: "table",
        head: ["Fact", "Meaning", "Worked out as"],
        rows: set.facts.map((f) => [
          [{ code: f.name }],
          [f.description],
          [describeLogic(f.value, ruleWords(defs, set.id), { as: "value" })],
        ]),
      },
    );
  if (set.requirement) blocks.push(...requirementBlocks(defs, set));
  for (const rule of set.rules ?? []) {
    const words = ruleWords(defs, set.id, rule);
    const items: Inline[][] = [];
    const cases = results.filter((r) => r.decidedBy.includes(rule.id));
    const caseLinks: Inline[] = [
      { strong: "Worked cases: " },
      ...(cases.length
        ? cases.flatMap((c, i): Inline[] => [
            ...(i ? [", "] : []),
            { link: `#case-${slug(set.id)}-${c.number}`, text: `#${c.number}` },
          ])
        : ["none decides by this rule"]),
    ];
    if (rule.require !== undefined && set.requirement) {
      items.push([requirementSentence(defs, set, rule)], caseLinks);
      blocks.push(
        { kind: "heading", level: 3, text: rule.id, id: `rule-${slug(rule.id)}` },
        { kind: "paragraph", parts: [rule.description] },
        { kind: "list", items },
      );
      continue;
    }
    if (rule.forEach !== undefined)
      items.push([
        { strong: "For each " },
        { code: rule.as ?? "item" },
        ` of ${describeLogic(rule.forEach, words, { as: "value" })}`,
      ]);
    // A single-valued output is decided once (engine/logic/rules.ts): a later rule for it is an "otherwise".
    const rules = set.rules ?? [];
    const earlier =
      set.mode !== "first" &&
      rule.output &&
      rule.forEach === undefined &&
      rules.slice(0, rules.indexOf(rule)).some((r) => r.output === rule.output && r.forEach === undefined);
    let when = rule.when === undefined ? "always" : describeLogic(rule.when, words);
    if (rule.when === undefined && set.mode === "first") when += ", once no earlier rule held";
    else if (earlier)
      when +=
        rule.when === undefined
          ? `, once no earlier rule decided ${rule.output}`
          : ` (once no earlier rule decided ${rule.output})`;
    items.push([{ strong: "When: " }, when]);
    const decides: Inline[] = rule.output
      ? [{ strong: "Decides " }, { code: rule.output }, ": "]
      : [{ strong: "Decides: " }];
    if (rule.emit)
      items.push([
        ...decides,
        Object.entries(rule.emit)
          .map(([k, v]) => `${k}: ${describeLogic(v, words, { as: "value" })}`)
          .join("; "),
      ]);
    else
      items.push([
        ...decides,
        rule.value === undefined ? "yes" : describeLogic(rule.value, words, { as: "value" }),
      ]);
    items.push(caseLinks);
    blocks.push(
      { kind: "heading", level: 3, text: rule.id, id: `rule-${slug(rule.id)}` },
      { kind: "paragraph", parts: [rule.description] },
      { kind: "list", items },
    );
  }
  if (results.length)
    blocks.push(
      {
        kind: "heading",
        level: 4,
        text: `Worked cases of ${set.id} (${results.filter((r) => r.passed).length} of ${results.length} pass)`,
        id: `${slug(set.id)}-cases`,
      },
      {
        kind: "table",
        head: ["#", "Case", "Input", "Expected", "Actual", "Decided by", "Result"],
        rows: results.map((r) => [
          [{ link: `#case-${slug(set.id)}-${r.number}`, text: `${r.number}` }],
          [r.description],
          lines(summary(r.input)),
          lines(summary(r.expect)),
          r.error ? [`error: ${r.error}`] : lines(summary(r.actual)),
          r.decidedBy.flatMap((id, i): Inline[] => [
            ...(i ? [", "] : []),
            { link: `#rule-${slug(id)}`, text: id },
          ]),
          [{ mark: r.passed ? "pass" : "fail" }],
        ]),
      },
    );
  return blocks;
}

function stepBlocks(defs: Definitions, step: Step): Block[] {
  const located = defs.steps.get(step.id)!;
  const app = schemaFile(defs.files, "application.json");
  const roots: SchemaAt[] = [
    {
      schema: step.schema as Record<string, unknown>,
      base: uriOf("steps", located.file.replace(/^steps\//, "")),
      doc: step,
    },
    ...(app ? [app] : []),
  ];
  const fieldCell = (pointer: string): Inline[] => {
    const title = fieldTitle(defs, roots, pointer);
    return title ? [`${title} `, { code: pointer }] : [{ code: pointer }];
  };
  const stepName = (id: string) => {
    const target = defs.steps.get(id)?.def;
    return target ? [{ link: `#step-${slug(id)}`, text: `${target.label} (${id})` }] : [{ code: id }];
  };
  const blocks: Block[] = [
    { kind: "heading", level: 3, text: `${step.label} (${step.id})`, id: `step-${slug(step.id)}` },
    {
      kind: "paragraph",
      parts: [
        `Rank ${step.rank} · page `,
        { code: step.route },
        ...(step.title ? [` · “${step.title}”`] : []),
      ],
    },
  ];
  const table = (title: string, head: string[], rows: Inline[][][]) => {
    if (rows.length)
      blocks.push({ kind: "paragraph", parts: [{ strong: title }] }, { kind: "table", head, rows });
  };
  if (step.skipWhen !== undefined)
    blocks.push({
      kind: "paragraph",
      parts: [
        { strong: "Skipped " },
        `(passed over in its flow) when ${describeLogic(step.skipWhen, stepWords(defs, step.id))}.`,
      ],
    });
  table(
    "Shown only when",
    ["Field", "Shown when"],
    Object.entries(step.visibleWhen ?? {}).map(([f, l]) => [
      fieldCell(f),
      [describeLogic(l, stepWords(defs, step.id, f))],
    ]),
  );
  table(
    "Required",
    ["Field", "Must be answered (when shown)"],
    Object.entries(step.requiredWhen ?? {}).map(([f, l]) => [
      fieldCell(f),
      [l === true ? "always" : describeLogic(l, stepWords(defs, step.id, f))],
    ]),
  );
  table(
    "Checks",
    ["Check", "Field", "Must hold", "Otherwise the applicant reads"],
    (step.checks ?? []).map((c) => [
      [{ code: c.id }, ...(c.description ? [` ${c.description}`] : [])],
      fieldCell(c.field),
      [describeLogic(c.logic, stepWords(defs, step.id, c.field))],
      [
        c.message,
        ...Object.entries(c.details ?? {}).flatMap(([name, l]): Inline[] => [
          "\n",
          { code: `{${name}}` },
          ` is ${describeLogic(l, stepWords(defs, step.id, c.field), { as: "value" })}`,
        ]),
      ],
    ]),
  );
  table(
    "Notices (never block)",
    ["Notice", "Field", "Shown when", "The applicant reads"],
    (step.notices ?? []).map((n) => [
      [
        { code: n.id },
        ...(n.intent === "warning" ? [" (a warning)"] : []),
        ...(n.description ? [` ${n.description}`] : []),
      ],
      fieldCell(n.field),
      [describeLogic(n.when, stepWords(defs, step.id, n.field))],
      [
        n.message,
        ...Object.entries(n.details ?? {}).flatMap(([name, l]): Inline[] => [
          "\n",
          { code: `{${name}}` },
          ` is ${describeLogic(l, stepWords(defs, step.id, n.field), { as: "value" })}`,
        ]),
      ],
    ]),
  );
  table(
    "Branches (tried in order; with none taken, the next step of the flow)",
    ["Branch", "When", "Goes to", "Why"],
    (step.next ?? []).map((b) => {
      let goto: Inline[];
      if (typeof b.goto !== "string") {
        const pages = pagesNamedBy(defs, b.goto);
        goto = [
          `the page named by ${describeLogic(b.goto, stepWords(defs, step.id), { as: "value" })}`,
          ...(pages.length ? [`: ${pages.map((p) => `${p.page} (${p.ruleId})`).join(", ")}`] : []),
        ];
      } else goto = b.goto.startsWith("/") ? [{ code: b.goto }] : stepName(b.goto);
      return [
        [{ code: b.id }],
        [b.when === undefined ? "always" : describeLogic(b.when, stepWords(defs, step.id))],
        goto,
        [b.description ?? ""],
      ];
    }),
  );
  table(
    "New list items start with",
    ["List", "Field", "Value"],
    Object.entries(step.newItems ?? {}).flatMap(([list, fields]) =>
      Object.entries(fields ?? {}).map(([f, l]) => [
        fieldCell(list),
        [{ code: f }],
        [describeLogic(l, stepWords(defs, step.id), { as: "value" })],
      ]),
    ),
  );
  table(
    "Starts from an earlier answer (prefilled, editable)",
    ["Field", "Starts from", "When"],
    Object.entries(step.prefill ?? {}).map(([f, source]) => {
      const { from, value, when } = prefillSource(source);
      const start =
        from !== undefined
          ? fieldCell(from)
          : [describeLogic(value, stepWords(defs, step.id, f), { as: "value" })];
      return [
        fieldCell(f),
        start,
        [when === undefined ? "always" : describeLogic(when, stepWords(defs, step.id, f))],
      ];
    }),
  );
  table(
    "May be the same as an earlier answer (a choice copies it)",
    ["Field", "Question", "Choices"],
    Object.entries(step.sameAs ?? {}).map(([f, entry]) => [
      fieldCell(f),
      [entry?.title ?? ""],
      (entry?.choices ?? []).flatMap((c, i) => [
        ...(i ? ["; "] : []),
        ...fieldCell(c.from),
        ` ("${c.label}")`,
      ]),
    ]),
  );
  if (blocks.length === 2)
    blocks.push({
      kind: "paragraph",
      parts: ["No conditions: every field is asked as its answer schema says."],
    });
  return blocks;
}

export function buildRuleBook(defs: Definitions): RuleBook {
  const sets = [...defs.ruleSets.values()].map((r) => r.def);
  const results = new Map(sets.map((s) => [s.id, runCases(defs, s.id)]));
  const all = [...results.values()].flat();
  const figures = {
    ruleSets: sets.length,
    rules: sets.reduce((n, s) => n + (s.rules?.length ?? 0), 0),
    cases: all.length,
    passed: all.filter((r) => r.passed).length,
    steps: defs.steps.size,
  };
  const body: Block[] = [{ kind: "heading", level: 1, text: "Rules", id: "rules" }];
  for (const set of sets) body.push(...ruleSetBlocks(defs, set, results.get(set.id)!));
  body.push(
    { kind: "heading", level: 1, text: "Steps", id: "steps" },
    {
      kind: "paragraph",
      parts: [
        "What each screen shows, requires, checks and where it leads, in funnel order. Logic reads the application; “the item” is one item of a list (one job, one debt).",
      ],
    },
  );
  const byId = new Map([...defs.steps.values()].map(({ def }) => [def.id, def]));
  for (const group of buildFunnelMap(defs).groups) {
    const steps = group.nodes.map((id) => byId.get(id)).filter((s): s is Step => !!s);
    if (!steps.length) continue;
    body.push({ kind: "heading", level: 2, text: group.title, id: `group-${slug(group.id)}` });
    for (const step of steps) body.push(...stepBlocks(defs, step));
  }
  const toc: Block = {
    kind: "toc",
    entries: body
      .filter((b): b is Extract<Block, { kind: "heading" }> => b.kind === "heading" && b.level <= 2)
      .map((h) => ({ level: h.level, text: h.text, id: h.id })),
  };
  const intro: Block[] = [
    { kind: "heading", level: 1, text: "Rule book", id: "top" },
    {
      kind: "paragraph",
      parts: [
        "Every rule of ",
        { code: "rules/" },
        " and every step's conditions of ",
        { code: "steps/" },
        ", in plain English, generated by ",
        { code: "npm run rules:book" },
        ". The JSON files are the authority; this book is generated from them and is never edited by hand. Each worked case was run when the book was made.",
      ],
    },
    {
      kind: "paragraph",
      parts: [
        `${figures.ruleSets} rule sets, ${figures.rules} rules, ${figures.cases} worked cases: ${figures.passed} pass`,
        ...(figures.passed === figures.cases
          ? []
          : [", ", { strong: `${figures.cases - figures.passed} FAIL` }]),
        `. ${figures.steps} steps.`,
      ],
    },
    toc,
  ];
  return { title: "Rule book", blocks: [...intro, ...body], figures };
}

// ---------------------------------------------------------------- Markdown

const mdText = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/[\\`*_[\]<|]/g, (c) => `\\${c}`);
const mdCode = (text: string) => (text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``);

function mdInline(parts: Inline[], inTable = false): string {
  return parts
    .map((p) => {
      if (typeof p === "string") return p === "\n" ? (inTable ? "<br>" : "  \n") : mdText(p);
      if ("code" in p) return mdCode(inTable ? p.code.replace(/\|/g, "\\|") : p.code);
      if ("strong" in p)
        return `**${mdText(p.strong.trimEnd())}**${p.strong.slice(p.strong.trimEnd().length)}`; // ** may not close after a space
      if ("link" in p) return `[${mdText(p.text)}](${p.link})`;
      return p.mark === "pass" ? "✓ pass" : "✗ **FAIL**";
    })
    .join("");
}

export function renderMarkdown(book: RuleBook): string {
  const out: string[] = [];
  for (const b of book.blocks) {
    if (b.kind === "heading") out.push(`<a id="${b.id}"></a>\n\n${"#".repeat(b.level)} ${mdText(b.text)}`);
    else if (b.kind === "paragraph") out.push(mdInline(b.parts));
    else if (b.kind === "list") out.push(b.items.map((i) => `- ${mdInline(i)}`).join("\n"));
    else if (b.kind === "toc")
      out.push(
        `**Contents**\n\n${b.entries.map((e) => `${"  ".repeat(e.level - 1)}- [${mdText(e.text)}](#${e.id})`).join("\n")}`,
      );
    else {
      const rowIds = b.rows.map((r) => {
        const first = r[0]?.[0];
        return first && typeof first === "object" && "link" in first && first.link.startsWith("#case-")
          ? `<a id="${first.link.slice(1)}"></a>`
          : "";
      });
      out.push(
        [
          `| ${b.head.map(mdText).join(" | ")} |`,
          `|${b.head.map(() => "---").join("|")}|`,
          ...b.rows.map((r, i) => `| ${rowIds[i]}${r.map((c) => mdInline(c, true)).join(" | ")} |`),
        ].join("\n"),
      );
    }
  }
  return `${out.join("\n\n")}\n`;
}

// ---------------------------------------------------------------- HTML

const html = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

function htmlInline(parts: Inline[]): string {
  return parts
    .map((p) => {
      if (typeof p === "string") return p === "\n" ? "<br>" : html(p);
      if ("code" in p) return `<code>${html(p.code)}</code>`;
      if ("strong" in p) return `<strong>${html(p.strong)}</strong>`;
      if ("link" in p) return `<a href="${html(p.link)}">${html(p.text)}</a>`;
      return p.mark === "pass" ? '<span class="pass">✓ pass</span>' : '<span class="fail">✗ FAIL</span>';
    })
    .join("");
}

const STYLE = `
body{font:15px/1.5 Georgia,"Times New Roman",serif;color:#1d1d1f;max-width:1100px;margin:2rem auto;padding:0 1.5rem}
h1,h2,h3,h4{font-family:Helvetica,Arial,sans-serif;line-height:1.25}
h1{font-size:1.9rem;border-bottom:3px solid #1d1d1f;padding-bottom:.3rem;margin-top:3rem}
h2{font-size:1.4rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2.5rem}
h3{font-size:1.1rem;margin:1.8rem 0 .4rem;background:#f3f4f8;padding:.3rem .5rem;border-left:4px solid #1f4fa3}
h4{font-size:1rem;margin:1.4rem 0 .4rem}
code{font:13px/1.4 Menlo,Consolas,monospace;background:#f4f4f6;padding:0 .2em;border-radius:3px;overflow-wrap:break-word}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:13px}
th,td{border:1px solid #d0d0d7;padding:.3rem .45rem;vertical-align:top;text-align:left}
th{background:#eceef3;font-family:Helvetica,Arial,sans-serif}
ul{margin:.3rem 0 1rem}
nav.toc ul{list-style:none;padding-left:1rem;columns:2}
.pass{color:#0b6b2b;font-weight:bold;white-space:nowrap}
.fail{color:#b42318;font-weight:bold;white-space:nowrap}
a{color:#1f4fa3}
@media print{body{max-width:none;margin:0;font-size:11pt}h1{page-break-before:always}h1:first-of-type{page-break-before:avoid}
h2,h3,h4{page-break-after:avoid}tr,li{page-break-inside:avoid}a{color:inherit;text-decoration:none}nav.toc ul{columns:1}}
`;

export function renderHtml(book: RuleBook): string {
  const out: string[] = [];
  for (const b of book.blocks) {
    if (b.kind === "heading") out.push(`<h${b.level} id="${html(b.id)}">${html(b.text)}</h${b.level}>`);
    else if (b.kind === "paragraph") out.push(`<p>${htmlInline(b.parts)}</p>`);
    else if (b.kind === "list")
      out.push(`<ul>${b.items.map((i) => `<li>${htmlInline(i)}</li>`).join("")}</ul>`);
    else if (b.kind === "toc")
      out.push(
        `<nav class="toc"><h4>Contents</h4><ul>${b.entries.map((e) => `<li style="margin-left:${(e.level - 1) * 1.2}rem"><a href="#${html(e.id)}">${html(e.text)}</a></li>`).join("")}</ul></nav>`,
      );
    else
      out.push(
        `<table><thead><tr>${b.head.map((h) => `<th>${html(h)}</th>`).join("")}</tr></thead><tbody>${b.rows
          .map((r) => {
            const first = r[0]?.[0];
            const id =
              first && typeof first === "object" && "link" in first && first.link.startsWith("#case-")
                ? ` id="${html(first.link.slice(1))}"`
                : "";
            return `<tr${id}>${r.map((c) => `<td>${htmlInline(c)}</td>`).join("")}</tr>`;
          })
          .join("")}</tbody></table>`,
      );
  }
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${html(book.title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n${out.join("\n")}\n</body>\n</html>\n`;
}
