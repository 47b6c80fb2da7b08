// Issue 21 item 4: before a change goes live, npm run definitions:impact says how many applications
// in flight it sends back, and to which step. Two applicants have given their home value ($585,000
// and $450,000); a change caps it at $500,000: one is sent back to the home value, the other not.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { definitionsImpact } from "@server/features/definitions/impact";
import { makePartner, makePortalUser, signInPortal } from "../helpers/accounts";
import { capPropertyValue, copyDefinitions, loadCopy } from "../helpers/definitions";
import { proveEmail } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

async function applyWith(server: TestServer, propertyValue: number) {
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Maria", lastName: "Alvarez" } },
  });
  const email = `${crypto.randomUUID()}@example.com`;
  await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
  await proveEmail(server, b, email);
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
    expect(impact).toMatchObject({
      checked: 2,
      sentBack: 1,
      byStep: [
        {
          stepId: "propertyValue",
          route: "/app/initial-setup/property-value",
          count: 1,
          fields: ["/setup/propertyValue"],
        },
      ],
    });
    // Nothing was saved: the same question again gives the same answer.
    expect(await definitionsImpact(server.services, defs)).toEqual(impact);
  });

  it("sends nobody back when the definitions are the ones the answers were saved under", async () => {
    expect(await definitionsImpact(server.services, server.services.defs)).toMatchObject({
      checked: 0,
      sentBack: 0,
      byStep: [],
    });
  });

  // A process of its own that loads and checks the definitions: slow on a busy machine.
  it(
    "is npm run definitions:impact, reading the server's database against a working copy",
    { timeout: 180_000 },
    () => {
      const env = {
        ...process.env,
        DATA_DIR: server.dataDir,
        ...(server.services.config.databaseUrl ? { DATABASE_URL: server.services.config.databaseUrl } : {}),
      };
      const out = spawnSync(
        join(REPO_ROOT, "node_modules/.bin/tsx"),
        [
          join(REPO_ROOT, "server/features/definitions/impact-cli.ts"),
          "--steps",
          copy.steps,
          "--rules",
          copy.rules,
          "--journeys",
          copy.journeys,
        ],
        { cwd: REPO_ROOT, encoding: "utf8", env },
      );
      expect(out.stderr).toBe("");
      expect(out.status).toBe(0);
      expect(out.stdout).toMatch(
        /: 2 application\(s\) in flight saved under other definitions; 1 would be sent back, 0 stand on a step that is gone, 0 on a step off their path, 0 meet a new step first, 0 hold answers whose field or value is gone, 0 offer\(s\) change\.\n\s+1 sent back to [^\n]+ \(propertyValue, \/app\/initial-setup\/property-value\): \/setup\/propertyValue\n$/,
      );
    },
  );
});

// Checking the files on disk takes seconds of CPU on a busy machine.
/**
 * The report once the server has worked it out (it answers "checking", then "computing", meanwhile),
 * asked every two seconds as the portal's page does: faster, a slow machine's wait would spend the
 * caller's 60 calls per 15 minutes.
 */
async function ready(b: ReturnType<typeof browser>) {
  // The server reads the version on disk at most once a second: an edit just made shows after it.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  for (let waited = 0; waited < 110_000; waited += 2000) {
    const report = await b.trpc.portal.definitionsImpact.query();
    if (report.state !== "checking" && report.state !== "computing") return report;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error("the impact report was not worked out");
}

describe("the admin's definition changes page (portal.definitionsImpact)", { timeout: 180_000 }, () => {
  let server: TestServer;
  const copy = copyDefinitions();
  const staff = async (role: string, partnerId = "house") => {
    const b = browser(server.url);
    await signInPortal(server, b, await makePortalUser(server.services, { role, partnerId }));
    return b;
  };
  beforeAll(async () => {
    server = await testServer({ definitions: copy.dirs });
    await applyWith(server, 585000);
    await applyWith(server, 450000);
  });
  afterAll(() => server?.close());

  it("says no change is waiting while the files on disk are the ones running", async () => {
    const admin = await staff("admin");
    expect(await admin.trpc.portal.definitionsImpact.query()).toMatchObject({
      state: "same",
      running: server.services.definitionsVersion,
      onDisk: server.services.definitionsVersion,
      problems: [],
      impact: null,
    });
  });

  it("reports what an edit on disk would send back, counting only the partner's own applications", async () => {
    capPropertyValue(copy);
    const report = await ready(await staff("admin"));
    expect(report.onDisk).not.toBe(report.running);
    expect(report.impact).toMatchObject({
      checked: 2,
      sentBack: 1,
      byStep: [{ stepId: "propertyValue", count: 1, fields: ["/setup/propertyValue"] }],
      refusals: [],
    });
    expect(report.entries).toMatchObject({
      page: 1,
      pages: 1,
      total: 1,
      rows: [{ kind: "sentBack", landsOn: "propertyValue" }],
    });
    // The running definitions are untouched: the edit goes live only with a reload.
    expect(server.services.definitionsVersion).toBe(report.running);
    const broker = await staff("admin", await makePartner(server.services));
    expect((await ready(broker)).impact).toMatchObject({ checked: 0, sentBack: 0 });
  });

  it("lists the check's problems of a broken edit, with file and line", async () => {
    const file = join(copy.rules, "pricing.json");
    const good = readFileSync(file, "utf8");
    writeFileSync(file, `${good.trimEnd().slice(0, -1)},\n}\n`); // a trailing comma
    try {
      const report = await ready(await staff("admin"));
      expect(report).toMatchObject({ state: "problems", impact: null });
      expect(report.problems).toEqual([expect.stringMatching(/pricing\.json:\d+:\d+: is not valid JSON/)]);
    } finally {
      writeFileSync(file, good);
    }
  });

  it("is refused to a role without definitions.impact", async () => {
    const officer = await staff("loanOfficer");
    const refusal = await officer.trpc.portal.definitionsImpact.query().catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TRPCClientError);
    expect((refusal as TRPCClientError<never>).data).toMatchObject({ code: "FORBIDDEN" });
  });
});
