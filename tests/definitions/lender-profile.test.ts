// LENDER_PROFILE read by a process of its own: the slow part of tests/unit/lender-profile.test.ts,
// kept out of the everyday loop (npm run test:unit).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readLenderProfile } from "@engine/lending/lender-file";
import { REPO_ROOT } from "@engine/base/paths";
import { productionLender } from "../helpers/lender";

const sample = readLenderProfile();
const live = productionLender;

describe("LENDER_PROFILE", () => {
  it("is the profile every reader of engine/lending/lender-file.ts gets (server texts, the build, npm run check), not only the one production checks", () => {
    const file = join(mkdtempSync(join(tmpdir(), "lender-")), "lender.json");
    writeFileSync(file, JSON.stringify(live));
    const read = (env: Record<string, string>) =>
      execFileSync(
        join(REPO_ROOT, "node_modules/.bin/tsx"),
        [
          "-e",
          'import("./engine/lending/lender-file.ts").then((m) => console.log(m.readLenderProfile().legalName))',
        ],
        { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: "utf8" },
      ).trim();
    expect(read({ LENDER_PROFILE: file })).toBe(live.legalName);
    expect(read({ LENDER_PROFILE: "" })).toBe(sample.legalName);
  }, 30_000);
});
