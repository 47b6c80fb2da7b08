// The unit project is the everyday loop: a test that copies and reloads a definition set (about 3 s
// each on this machine) or runs a process belongs in tests/definitions/, beside the unit file of
// the same name (vitest.config.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";

const SLOW = /\b(copyDefinitions|loadCopy|addSsnStep|capPropertyValue)\(|node:child_process/;

describe("the unit project", () => {
  it("copies no definition set and runs no process: those tests are in tests/definitions/", () => {
    const dir = join(REPO_ROOT, "tests/unit");
    const slow = readdirSync(dir)
      .filter((name) => name !== "test-projects.test.ts") // this file, which names them
      .filter((name) => SLOW.test(readFileSync(join(dir, name), "utf8")));
    expect(slow).toEqual([]);
  });

  it("would catch a copied set", () => {
    expect(SLOW.test("const copy = copyDefinitions();")).toBe(true);
    expect(SLOW.test('import { spawnSync } from "node:child_process";')).toBe(true);
    expect(SLOW.test("const { defs } = repo;")).toBe(false);
  });
});
