// The traceability matrix (npm run compliance:matrix): each paragraph of law the product claims to
// meet → the rules, steps and texts that meet it (their `cites` data) → the worked cases and tests
// that prove it, and whether they passed in this run. Pure: the command line gathers the claims and
// the evidence (engine/cli/compliance-matrix.ts); this builds the rows, renders them and says which
// citations lack passing evidence. Never written by hand: a citation is data, a test's is its name.

/** What meets a paragraph: a rule set, a rule, a step or a text that cites it. */
export interface Claim {
  cite: string;
  kind: "rule set" | "rule" | "step" | "text";
  /** The rule set or rule id, the step id or the text's file. */
  id: string;
  file: string;
}

export type EvidenceStatus = "passed" | "failed" | "not run";

/** A worked case or a test that proves a paragraph, and how it fared in this run. */
export interface Evidence {
  kind: "worked case" | "test";
  /** The case's description or the test's full name. */
  name: string;
  file: string;
  status: EvidenceStatus;
  /** The paragraphs it cites itself (a case's `cites`, the citations in a test's name). */
  cites: string[];
  /** A worked case: the rule set it belongs to and the rules that decided it. */
  ruleSet?: string;
  rules?: string[];
}

export type RowStatus = "proved" | "FAILED" | "no passing evidence";

export interface MatrixRow {
  cite: string;
  claims: Claim[];
  evidence: Evidence[];
  passed: number;
  failed: number;
  notRun: number;
  status: RowStatus;
}

// Regulations in title 12 CFR this product cites by part number alone ("Reg Z 1026.40(e)").
const CFR_PARTS = "1002|1003|1005|1007|1008|1016|1022|1024|1026";
const CFR = new RegExp(
  `\\b(?:12\\s*C\\.?F\\.?R\\.?\\s*(?:§\\s*)?)?(${CFR_PARTS})\\.(\\d+)((?:\\([a-z0-9]+\\))*)`,
  "g",
);
const USC = /\b(\d{1,2})\s*U\.?\s?S\.?\s?C\.?\s*(?:§\s*)?(\d+[a-z]?(?:-\d+)?)((?:\([a-zA-Z0-9]+\))*)/g;

/** The citations a text (a test's name, a description) writes, in one form: "12 CFR 1026.40(d)(5)(iii)", "15 U.S.C. 1681g(g)". */
export function citationsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(CFR)) found.add(`12 CFR ${m[1]}.${m[2]}${m[3] ?? ""}`);
  for (const m of text.matchAll(USC)) found.add(`${m[1]} U.S.C. ${m[2]}${m[3] ?? ""}`);
  return [...found];
}

/** One form of a citation written as data: the regulation's form when it is one, else as written. */
export function normalCite(cite: string): string {
  const found = citationsIn(cite);
  return found.length === 1 ? found[0]! : cite.trim().replace(/\s+/g, " ");
}

/**
 * Whether evidence citing `b` speaks to a claim of `a`: the same paragraph, or one inside the other
 * ("12 CFR 1002.9" and "12 CFR 1002.9(b)(2)"), never a neighbour ("1026.40(d)(5)" and "1026.40(d)(50)").
 */
export function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}(`) || b.startsWith(`${a}(`);
}

/** The tests of a vitest JSON report (`vitest run --reporter=json --outputFile=x.json`), by full name and status. */
export function testsFromVitestReport(report: unknown, root = ""): Evidence[] {
  const files = (report as { testResults?: unknown[] } | null)?.testResults;
  if (!Array.isArray(files)) throw new Error("not a vitest JSON report: it has no testResults list");
  return files.flatMap((f) => {
    const file = String((f as { name?: unknown }).name ?? "");
    const tests = (f as { assertionResults?: unknown[] }).assertionResults ?? [];
    return tests.map((t) => {
      const { fullName, title, ancestorTitles, status } = t as {
        fullName?: string;
        title?: string;
        ancestorTitles?: string[];
        status?: string;
      };
      const name = fullName ?? [...(ancestorTitles ?? []), title ?? ""].join(" ");
      return {
        kind: "test" as const,
        name,
        file: root && file.startsWith(root) ? file.slice(root.length).replace(/^\/+/, "") : file,
        status: status === "passed" ? "passed" : status === "failed" ? "failed" : "not run",
        cites: citationsIn(name),
      } satisfies Evidence;
    });
  });
}

/**
 * The tests a test file declares (`describe`/`it`/`test` with a literal name), each with the names
 * of the blocks around it, for a matrix made without a report: listed as not run.
 */
export function testsInSource(source: string, file: string): Evidence[] {
  const out: Evidence[] = [];
  const stack: { name: string; depth: number }[] = [];
  let depth = 0;
  const call = /\b(describe|it|test)(?:\.\w+)?\(\s*(["'`])((?:\\.|(?!\2)[^\\])*)\2/g;
  let last = 0;
  for (const m of source.matchAll(call)) {
    // Track nesting by the braces between calls, so a describe's name applies to the tests inside it.
    for (const ch of source.slice(last, m.index)) {
      if (ch === "{") depth++;
      else if (ch === "}") {
        depth--;
        while (stack.length && stack.at(-1)!.depth > depth) stack.pop();
      }
    }
    last = m.index;
    const name = m[3]!;
    if (m[1] === "describe") stack.push({ name, depth: depth + 1 });
    else {
      const full = [...stack.map((s) => s.name), name].join(" ");
      out.push({ kind: "test", name: full, file, status: "not run", cites: citationsIn(full) });
    }
  }
  return out;
}

/** The matrix: one row per citation found in the claims or the evidence, in citation order. */
export function buildMatrix(claims: Claim[], evidence: Evidence[]): MatrixRow[] {
  const cites = new Set<string>();
  for (const c of claims) cites.add(c.cite);
  for (const e of evidence) for (const c of e.cites) cites.add(c);
  const rows: MatrixRow[] = [];
  for (const cite of [...cites].sort(byCitation)) {
    const meets = claims.filter((c) => c.cite === cite);
    const proves = evidence.filter(
      (e) =>
        e.cites.some((c) => related(cite, c)) ||
        // A worked case proves what the rules that decided it claim (and what its rule set claims).
        meets.some(
          (m) =>
            e.kind === "worked case" &&
            ((m.kind === "rule" && e.rules?.includes(m.id)) || (m.kind === "rule set" && e.ruleSet === m.id)),
        ),
    );
    const count = (s: EvidenceStatus) => proves.filter((e) => e.status === s).length;
    const [passed, failed, notRun] = [count("passed"), count("failed"), count("not run")];
    rows.push({
      cite,
      claims: meets,
      evidence: proves,
      passed,
      failed,
      notRun,
      status: failed ? "FAILED" : passed ? "proved" : "no passing evidence",
    });
  }
  return rows;
}

/** Regulations first (CFR, then U.S.C.), then other law, each in the order its numbers read. */
function byCitation(a: string, b: string): number {
  const rank = (c: string) => (c.startsWith("12 CFR") ? 0 : / U\.S\.C\. /.test(c) ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b, "en", { numeric: true });
}

/** The rows that make the command fail: a cited rule (or rule set) without passing evidence, or any evidence that failed. */
export function matrixFailures(rows: MatrixRow[]): MatrixRow[] {
  return rows.filter(
    (r) =>
      r.status === "FAILED" ||
      (r.status !== "proved" && r.claims.some((c) => c.kind === "rule" || c.kind === "rule set")),
  );
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const mark = (s: EvidenceStatus) => (s === "passed" ? "✓" : s === "failed" ? "✗ FAILED" : "○ not run");

/** The matrix as Markdown: a summary, then one table row per citation. */
export function renderMatrix(
  rows: MatrixRow[],
  { date, report, maxEvidence = 8 }: { date: string; report: string | null; maxEvidence?: number },
): string {
  const failing = matrixFailures(rows);
  const lines = [
    "# Compliance traceability matrix",
    "",
    `Made by \`npm run compliance:matrix\` on ${date} from the \`cites\` of rules/, steps/ and content/ and the citations in test names. Worked cases were run now; tests ${report ? `are from the vitest report \`${report}\`` : "were not run (give a vitest JSON report with --report to include their results)"}.`,
    "",
    `${rows.length} citations: ${rows.filter((r) => r.status === "proved").length} proved, ${rows.filter((r) => r.status === "FAILED").length} with failed evidence, ${rows.filter((r) => r.status === "no passing evidence").length} without passing evidence. ${failing.length ? `**${failing.length} fail the matrix** (a cited rule without passing evidence, or failed evidence): ${failing.map((r) => r.cite).join("; ")}.` : "None fails the matrix."}`,
    "",
    "| Citation | Met by | Proved by | Result |",
    "|---|---|---|---|",
  ];
  for (const r of rows) {
    const met = r.claims.length
      ? r.claims.map((c) => `${c.kind} \`${c.id}\`${c.id === c.file ? "" : ` (${c.file})`}`).join("<br>")
      : "(cited by evidence only)";
    const shown = [...r.evidence].sort((a, b) => order(a.status) - order(b.status)).slice(0, maxEvidence);
    const proof = shown.length
      ? shown.map((e) => `${mark(e.status)} ${e.kind}: ${e.name} (${e.file})`).join("<br>") +
        (r.evidence.length > shown.length ? `<br>… and ${r.evidence.length - shown.length} more` : "")
      : "none";
    const result = `${r.status} (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ""}${r.notRun ? `, ${r.notRun} not run` : ""})`;
    lines.push(`| ${cell(r.cite)} | ${cell(met)} | ${cell(proof)} | ${cell(result)} |`);
  }
  return `${lines.join("\n")}\n`;
}

const order = (s: EvidenceStatus) => (s === "failed" ? 0 : s === "passed" ? 1 : 2);
