// In production (NODE_ENV=production) the server does not start on a sample or incomplete lender
// profile: `npm start` prints one line naming the fields and exits.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../engine/paths";
import { startServer } from "../../server/start";
import { copyDefinitions } from "../helpers/definitions";
import { productionLender } from "../helpers/lender";

const complete = productionLender;

function profileFile(profile: unknown) {
  const file = join(mkdtempSync(join(tmpdir(), "lender-")), "lender.json");
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

describe("a production server and the lender profile", () => {
  it("refuses an incomplete profile, naming the empty field", async () => {
    const refusal = startServer({ production: true, lenderFile: profileFile({ ...complete, legalName: "" }), dataDir: join(tmpdir(), "never-opened") });
    await expect(refusal).rejects.toThrow(/^the lender profile \(.*lender\.json\) is not ready for production: \/legalName is empty$/);
  });

  it("refuses a profile without a term the HELOC disclosures state, naming it", async () => {
    const noIndex = { ...complete, heloc: { ...complete.heloc, index: { ...complete.heloc.index, source: " " } } };
    const refusal = startServer({ production: true, lenderFile: profileFile(noIndex), dataDir: join(tmpdir(), "never-opened") });
    await expect(refusal).rejects.toThrow(/is not ready for production: \/heloc\/index\/source is empty$/);
  });

  it("refuses pricing rules whose minimum draw, which the disclosures state, is empty", async () => {
    const copy = copyDefinitions();
    copy.edit("rules/pricing.json", (rules) => (rules.params.minimumDraw = null));
    const refusal = startServer({ production: true, lenderFile: profileFile(complete), definitions: { steps: copy.steps, rules: copy.rules }, dataDir: join(tmpdir(), "never-opened") });
    await expect(refusal).rejects.toThrow(/^the pricing rules \(rules\/pricing\.json\) are not ready for production: params\.pricing\.minimumDraw is empty$/);
  });

  it("npm start with NODE_ENV=production and the sample profile prints one line and exits 1", async () => {
    const run = spawn(join(REPO_ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: mkdtempSync(join(tmpdir(), "heloc-prod-")) },
    });
    let stderr = "";
    run.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => run.on("exit", resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Not starting: the lender profile \(content\/lender\.json\) is not ready for production: \/status is "sample", not "production"; \/legalName is a sample value;/);
  });
});
