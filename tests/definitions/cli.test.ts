// The command lines product ops and compliance run: npm run check, npm run -s rules.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { layoutDefinition } from "@engine/base/json-layout";
import { REPO_ROOT } from "@engine/definitions/load";
import { copyDefinitions } from "../helpers/definitions";

const tsx = join(REPO_ROOT, "node_modules/.bin/tsx");
const run = (script: string, args: string[]) =>
  spawnSync(tsx, [join(REPO_ROOT, script), ...args], { cwd: REPO_ROOT, encoding: "utf8" });
const inputFile = (json: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), "heloc-input-")), "input.json");
  writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
  return file;
};
const rules = (...args: string[]) => run("engine/cli/rules.ts", args);

// Each case starts a process (tsx); on a busy 2-core machine that alone can take tens of seconds.
describe("npm run -s rules", { timeout: 90_000 }, () => {
  it("redirect: prints the target and the reason", () => {
    const out = rules(
      "redirect",
      "--input",
      inputFile({
        applicationStatus: "application3",
        path: "/app/application/5",
        previousPath: null,
        hasLoan: true,
      }),
    );
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      target: "/app/application/2",
      ruleId: "redirect.fresh-load",
      reason: expect.any(String),
    });
  });

  it("coverage: prints complete, the missing periods with their rule, and the next start date", () => {
    const out = rules(
      "coverage",
      "--input",
      inputFile({ today: "2026-11-22", employments: [{ startDate: "2025-02-01", endDate: "2026-05-31" }] }),
    );
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      complete: false,
      missingPeriods: [
        { start: "2024-11-01", end: "2025-02-01", ruleId: "coverage.missing-periods" },
        { start: "2026-05-31", end: "2026-11-01", ruleId: "coverage.missing-periods" },
      ],
      nextStartDate: "2026-05-31",
    });
  });

  it("--today makes a result reproducible", () => {
    const input = inputFile({ employments: [] });
    expect(
      JSON.parse(rules("coverage", "--input", input, "--today", "2026-03-15").stdout).nextStartDate,
    ).toBe("2024-03-01");
  });

  it("payoff: reads an application document and prints the counted mortgages, the sum, the solar loans and the helper", () => {
    const out = rules(
      "payoff",
      "--input",
      join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"),
    );
    expect(out.status).toBe(0);
    const result = JSON.parse(out.stdout);
    expect(result.counted.map((m: { id: string }) => m.id)).toEqual(["m1"]);
    expect(result.solarLoans).toMatchObject([
      { id: "m2", requiresSolarStatement: true, ruleId: "payoff.solar-loan" },
    ]);
    expect(result.total).toBe(result.counted[0].balance);
    expect([1, 2]).toContain(result.confirmedHelper);
  });

  it("names the field of a bad input and exits 2", () => {
    const out = rules("payoff", "--input", inputFile({ mortgages: [{ balance: "a lot" }] }));
    expect(out.status).toBe(2);
    expect(JSON.parse(out.stdout).errors).toEqual([
      { pointer: "/mortgages/0/balance", message: expect.stringMatching(/must be a whole number/) },
    ]);
  });

  it("says so when the input file is not JSON, and when the rule set is unknown", () => {
    expect(JSON.parse(rules("payoff", "--input", inputFile("{nope")).stdout).error).toMatch(/cannot read/);
    const unknown = rules("payof", "--input", inputFile({}));
    expect(unknown.status).toBe(2);
    expect(JSON.parse(unknown.stdout).error).toBe('unknown rule set "payof"');
  });
});

describe("npm run check", () => {
  it("passes on the repository", () => {
    const out = run("engine/cli/check.ts", []);
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/definitions clean \(\d+ steps/);
  });

  it("fails with the file, pointer and problem on a broken step file", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/initial-setup/zip.json",
      (s) => (s.visibleWhen = { "/setup/zip": { isBlank: [{ var: "setup.zip" }] } }),
    );
    const out = run("engine/cli/check.ts", ["--steps", copy.steps, "--rules", copy.rules]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /steps\/initial-setup\/zip\.json:\d+:\d+ #\/visibleWhen\/~1setup~1zip\/isBlank: unknown operator "isBlank"/,
    );
    expect(out.stderr).toMatch(/check: 1 problem in/);
  });

  it("lints the loan's milestone machine: a move to an unknown state and a notice with no template, at file, line and column", () => {
    const copy = copyDefinitions();
    copy.edit("rules/milestones.json", (r) => {
      r.params.transitions.fund.to = "fundedd";
      r.params.transitions.counteroffer.triggers[0].notice = "counter-notice";
    });
    const out = run("engine/cli/check.ts", ["--steps", copy.steps, "--rules", copy.rules]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /rules\/milestones\.json:\d+:\d+ #\/params\/transitions\/fund\/to: unknown state "fundedd": not one of params\.states, did you mean `funded`\?/,
    );
    expect(out.stderr).toMatch(/state "funded" is unreachable/);
    expect(out.stderr).toMatch(
      /rules\/milestones\.json:\d+:\d+ #\/params\/transitions\/counteroffer\/triggers\/0\/notice: template "counter-notice" does not exist/,
    );
  });

  it("refuses a misspelt time zone in the milestone machine, which would stop every account opening in that state", () => {
    const copy = copyDefinitions();
    copy.edit("rules/milestones.json", (r) => {
      r.params.timeZones.CA = "America/Los_Angles";
    });
    const out = run("engine/cli/check.ts", ["--steps", copy.steps, "--rules", copy.rules]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /rules\/milestones\.json:\d+:\d+ #\/params\/timeZones\/CA: "America\/Los_Angles" is not an IANA time zone, did you mean `America\/Los_Angeles`\?/,
    );
  });

  it("refuses a decline reason with no HMDA denial reason, and an HMDA code that does not exist, naming file, line and column", () => {
    const copy = copyDefinitions();
    copy.edit("rules/decline-reasons.json", (r) => {
      delete r.params.hmdaDenialReasons.numberOfInquiries;
      r.params.hmdaDenialReasons.bankruptcy = "11";
    });
    const out = run("engine/cli/check.ts", ["--steps", copy.steps, "--rules", copy.rules]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /rules\/decline-reasons\.json:\d+:\d+ #\/params\/reasons\/numberOfInquiries: the reason "numberOfInquiries" has no HMDA denial reason/,
    );
    expect(out.stderr).toMatch(
      /rules\/decline-reasons\.json:\d+:\d+ #\/params\/hmdaDenialReasons\/bankruptcy: /,
    );
  });

  it("refuses a definition file that is not in the canonical layout, and npm run format fixes it", () => {
    const copy = copyDefinitions();
    const file = join(copy.steps, "initial-setup/zip.json");
    writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, "utf8")), null, 2));
    const out = run("engine/cli/check.ts", ["--steps", copy.steps, "--rules", copy.rules]);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain(
      "steps/initial-setup/zip.json#: is not in the canonical layout: run npm run format",
    );
    expect(layoutDefinition(JSON.parse(readFileSync(file, "utf8")))).toBe(
      readFileSync(join(REPO_ROOT, "steps/initial-setup/zip.json"), "utf8"),
    );
  });
});
