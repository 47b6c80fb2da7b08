// DESIGN.md "The one idea", seen from the browser: a changed step file in a copy of steps/ shows
// up in the web app with no code change and no rebuild (a new title and a new field).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../engine/paths";
import { startE2E, type E2E } from "./browser";

let e2e: E2E;
beforeAll(async () => {
  const steps = join(mkdtempSync(join(tmpdir(), "heloc-steps-")), "steps");
  cpSync(join(REPO_ROOT, "steps"), steps, { recursive: true });
  const file = join(steps, "initial-setup/name.json");
  const step = JSON.parse(readFileSync(file, "utf8"));
  step.title = "Hello! What should we call you?";
  step.schema.properties.user.properties.middleName = { $ref: "../../schemas/user.json#/properties/middleName" };
  writeFileSync(file, JSON.stringify(step, null, 2));
  e2e = await startE2E({ definitions: { steps } });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});

describe("web app follows the definitions (e2e)", () => {
  it("renders a changed step file: its new title and its new field", async () => {
    const { page } = await e2e.page();
    await page.goto("/app/initial-setup/name");
    await page.getByRole("heading", { level: 1, name: "Hello! What should we call you?" }).waitFor();
    await page.getByLabel(/middle name/i).waitFor();
    expect(await page.getByLabel(/middle name/i).isEditable()).toBe(true);
  });
});
