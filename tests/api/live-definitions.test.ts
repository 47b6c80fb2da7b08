// Issue 21 item 4, over real HTTP: a running development server follows edits to its definition
// files. A clean edit serves from the next request (and sends an applicant in flight back to the
// step it changed); a broken edit is refused with the check's messages while the last good set
// keeps serving; a reload by signal (production) does the same without a watcher.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "@engine/lint/lint";
import { capPropertyValue, copyDefinitions } from "../helpers/definitions";
import { proveEmail } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

/** A new applicant's early funnel up to the home value; the home value's save refused or not. */
async function applyWith(server: TestServer, propertyValue: number) {
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Maria", lastName: "Alvarez" } },
  });
  const email = `${crypto.randomUUID()}@example.com`;
  await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
  await proveEmail(server, b, email);
  const refused = await b.trpc.step.submit
    .mutate({ stepId: "propertyValue", answers: { setup: { propertyValue } } })
    .then(
      () => null,
      (e: unknown) =>
        e instanceof TRPCClientError
          ? ((e.data as { fieldErrors?: { pointer: string }[] }).fieldErrors ?? []).map((f) => f.pointer)
          : Promise.reject(e),
    );
  return { b, refused };
}

/** Waits (up to 60 s: a reload checks every file and case, slow on a busy machine) until the server's last reload says what `done` looks for. */
async function reloaded(
  server: TestServer,
  done: (r: NonNullable<ReturnType<TestServer["lastReload"]>>) => boolean,
) {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const last = server.lastReload();
    if (last && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the server did not reload its definitions");
}

// Each reload loads and checks the whole set (seconds on two busy cores).
describe("a development server watching its definition files", { timeout: 180_000 }, () => {
  let server: TestServer;
  const copy = copyDefinitions();
  beforeAll(async () => {
    server = await testServer({
      definitions: copy.dirs,
      watchDefinitions: true,
    });
  });
  afterAll(() => server?.close());

  it("serves an edited step from the next request, and sends an applicant in flight back to it", async () => {
    const early = await applyWith(server, 585000);
    expect(early.refused).toBeNull();
    const before = server.services.definitionsVersion;

    capPropertyValue(copy); // homes worth up to $500,000
    await reloaded(server, (r) => r.swapped && r.version !== before);

    expect((await applyWith(server, 585000)).refused).toEqual(["/setup/propertyValue"]);
    expect(await early.b.session()).toMatchObject({ applicationStatus: "propertyValue" });
  });

  it("refuses a broken edit with the check's message and keeps serving the last good definitions", async () => {
    const serving = server.services.definitionsVersion;
    const file = join(copy.rules, "pricing.json");
    const good = readFileSync(file, "utf8");
    writeFileSync(file, `${good.trimEnd().slice(0, -1)},\n}\n`); // a trailing comma

    const refused = await reloaded(server, (r) => r.problems.length > 0);
    expect(refused.problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^rules\/pricing\.json:\d+:1: is not valid JSON: /),
    ]);
    expect(server.services.definitionsVersion).toBe(serving);
    expect((await applyWith(server, 585000)).refused).toEqual(["/setup/propertyValue"]);
    expect((await applyWith(server, 450000)).refused).toBeNull();

    writeFileSync(file, good);
    await reloaded(server, (r) => r.problems.length === 0);
    expect(server.services.definitionsVersion).toBe(serving);
  });
});

describe("a server that does not watch (production)", { timeout: 120_000 }, () => {
  let server: TestServer;
  const copy = copyDefinitions();
  beforeAll(async () => {
    server = await testServer({ definitions: copy.dirs });
  });
  afterAll(() => server?.close());

  it("keeps its definitions until told to reload (SIGHUP in server/main.ts)", async () => {
    const before = server.services.definitionsVersion;
    capPropertyValue(copy);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.services.definitionsVersion).toBe(before);
    expect((await applyWith(server, 585000)).refused).toBeNull();

    expect(await server.reloadDefinitions()).toMatchObject({ swapped: true, problems: [] });
    expect((await applyWith(server, 585000)).refused).toEqual(["/setup/propertyValue"]);
  });
});
