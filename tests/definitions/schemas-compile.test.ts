import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDefinitions, uncompilableSchemas } from "@engine/definitions/load";
import { REPO_ROOT } from "@engine/base/paths";

const dir = mkdtempSync(join(tmpdir(), "schemas-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run check compiles every schema", () => {
  it("finds none that fails in the repository", () => {
    expect(uncompilableSchemas(loadDefinitions().defs)).toEqual([]);
  });

  it("names a schema whose `required` lists a property it does not define (ajv strict mode)", () => {
    cpSync(join(REPO_ROOT, "schemas"), dir, { recursive: true });
    const api = JSON.parse(readFileSync(join(dir, "api.json"), "utf8"));
    api.properties.uploadReview.then = { required: ["reason"] };
    writeFileSync(join(dir, "api.json"), JSON.stringify(api));
    const problems = uncompilableSchemas(loadDefinitions({ schemas: dir }).defs, { schemas: dir });
    expect(problems).toEqual([
      {
        file: "schemas/api.json",
        pointer: "",
        message: expect.stringContaining('required property "reason" is not defined'),
      },
    ]);
  });
});
