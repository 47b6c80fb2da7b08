// Issue 21 item 4: before a change goes live, npm run definitions:impact says how many applications
// in flight it sends back, and to which step. Two applicants have given their home value ($585,000
// and $450,000); a change caps it at $500,000: one is sent back to the home value, the other not.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../engine/paths";
import { definitionsImpact } from "../../server/store/impact";
import { capPropertyValue, copyDefinitions, loadCopy } from "../helpers/definitions";
import { browser, testServer, type TestServer } from "../helpers/server";

async function applyWith(server: TestServer, propertyValue: number) {
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({ stepId: "name", answers: { user: { firstName: "Maria", lastName: "Alvarez" } } });
  await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email: `${crypto.randomUUID()}@example.com` } } });
  await b.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue } } });
}

describe("the impact of a definitions change on applications in flight", () => {
  let server: TestServer;
  const copy = copyDefinitions();
  capPropertyValue(copy);
  beforeAll(async () => {
    server = await testServer();
    await applyWith(server, 585000);
    await applyWith(server, 450000);
  });
  afterAll(() => server?.close());

  it("counts the applications a change sends back, per step, and saves nothing", async () => {
    const { defs, problems } = loadCopy(copy);
    expect(problems).toEqual([]);
    const impact = await definitionsImpact(server.services, defs);
    expect(impact).toMatchObject({ checked: 2, sentBack: 1, byStep: [{ stepId: "propertyValue", route: "/app/initial-setup/property-value", count: 1, fields: ["/setup/propertyValue"] }] });
    // Nothing was saved: the same question again gives the same answer.
    expect(await definitionsImpact(server.services, defs)).toEqual(impact);
  });

  it("sends nobody back when the definitions are the ones the answers were saved under", async () => {
    expect(await definitionsImpact(server.services, server.services.defs)).toMatchObject({ checked: 0, sentBack: 0, byStep: [] });
  });

  // A process of its own that loads and checks the definitions: slow on a busy machine.
  it("is npm run definitions:impact, reading the server's database against a working copy", { timeout: 180_000 }, () => {
    const env = { ...process.env, DATA_DIR: server.dataDir, ...(server.services.config.databaseUrl ? { DATABASE_URL: server.services.config.databaseUrl } : {}) };
    const out = spawnSync(join(REPO_ROOT, "node_modules/.bin/tsx"), [join(REPO_ROOT, "server/definitions-impact.ts"), "--steps", copy.steps, "--rules", copy.rules], { cwd: REPO_ROOT, encoding: "utf8", env });
    expect(out.stderr).toBe("");
    expect(out.stdout).toMatch(/: 2 application\(s\) in flight saved under other definitions; 1 would be sent back\.\n\s+1 to [^\n]+ \(propertyValue, \/app\/initial-setup\/property-value\): \/setup\/propertyValue\n$/);
  });
});
