// Issue 39 items 3 and 4, over real HTTP: retiring a step applicants stand on is refused by the
// live gate (the impact report names them) until rules/retired.json says where they go, and then
// an applicant on the old step lands on the declared one; a published version can be served again
// (rolled back), gated as any change is, and the server behaves as it did under it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "@engine/lint/lint";
import { rollbackDefinitions } from "@server/features/definitions/live";
import { publishedSets } from "@server/features/definitions/published";
import { makePortalUser, signInPortal } from "../helpers/accounts";
import { capPropertyValue, copyDefinitions } from "../helpers/definitions";
import { proveEmail } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

type Browser = ReturnType<typeof browser>;

/** A new applicant's early funnel through the given steps' answers, in order; returns their browser. */
async function answer(server: TestServer, steps: [string, unknown][]): Promise<Browser> {
  const b = browser(server.url);
  for (const [stepId, answers] of steps) {
    await b.trpc.step.submit.mutate({ stepId, answers: answers as Record<string, unknown> });
    // The email's code step, with the code mailed to it.
    if (stepId === "email") await proveEmail(server, b, (answers as { user: { email: string } }).user.email);
  }
  return b;
}

const upToSelfEmployed = (propertyValue = 585000): [string, unknown][] => [
  ["name", { user: { firstName: "Maria", lastName: "Alvarez" } }],
  ["email", { user: { email: `${crypto.randomUUID()}@example.com` } }],
  ["propertyValue", { setup: { propertyValue } }],
  ["mortgageEstimate", { setup: { mortgageEstimate: 245000 } }],
  ["hasFbm", { setup: { hasFbm: false } }],
];

/** A refused save's field pointers; null when saved. */
const refusedFields = (save: Promise<unknown>) =>
  save.then(
    () => null,
    (e: unknown) =>
      e instanceof TRPCClientError
        ? ((e.data as { fieldErrors?: { pointer: string }[] }).fieldErrors ?? []).map((f) => f.pointer)
        : Promise.reject(e),
  );

describe("retiring a step applicants stand on", { timeout: 240_000 }, () => {
  let server: TestServer;
  const copy = copyDefinitions({ content: true });
  beforeAll(async () => {
    server = await testServer({ definitions: copy.dirs });
  });
  afterAll(() => server?.close());

  it("is refused while nothing says where they go, and lands them on the declared step once it does", async () => {
    const maria = await answer(server, upToSelfEmployed());
    expect(await maria.session()).toMatchObject({ applicationStatus: "isSelfEmployed" });
    const serving = server.services.definitionsVersion;

    // Product ops retire the self-employment question of the early funnel: the step file goes,
    // both variants drop it, and the worked journeys no longer answer it.
    copy.remove("steps/initial-setup/is-self-employed.json");
    // Its translation goes with it (check refuses a translation of a file that is gone).
    copy.remove("content/locales/es/steps/initial-setup/is-self-employed.json");
    copy.edit("steps/flows/early-funnel.json", (flow) => {
      for (const v of flow.variants) v.steps = v.steps.filter((id: string) => id !== "isSelfEmployed");
    });
    for (const name of [
      "poor-credit-declined",
      "fair-credit-high-debts-declined",
      "variant-one-offer",
      "variant-two-offer",
      "low-equity-ineligible",
      "two-borrowers-submitted",
    ])
      copy.edit(`journeys/${name}.json`, (j) => delete j.answers.isSelfEmployed);

    const refused = await server.reloadDefinitions("test");
    expect(refused.swapped).toBe(false);
    expect(refused.problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^rules\/retired\.json:\d+:\d+ #\/params\/steps: step "isSelfEmployed" is gone, and 1 application\(s\) in flight stand on it: declare where they go in rules\/retired\.json params\.steps/,
      ),
    ]);
    expect(server.services.definitionsVersion).toBe(serving);
    expect(await maria.session()).toMatchObject({ applicationStatus: "isSelfEmployed" });

    copy.edit("rules/retired.json", (r) => (r.params.steps = { isSelfEmployed: "creditRange" }));
    const swapped = await server.reloadDefinitions("test");
    expect(swapped).toMatchObject({ swapped: true, problems: [] });
    expect(await maria.session()).toMatchObject({ applicationStatus: "creditRange" });
    const page = await maria.trpc.step.get.query({ stepId: "creditRange" });
    expect(page).toMatchObject({ stepId: "creditRange" });
    // And on from there, as any applicant.
    await maria.trpc.step.submit.mutate({
      stepId: "creditRange",
      answers: { setup: { creditRange: "good" } },
    });
    expect(await maria.session()).toMatchObject({ applicationStatus: "zip" });
  });
});

describe("a rollback", { timeout: 240_000 }, () => {
  let server: TestServer;
  const copy = copyDefinitions();
  beforeAll(async () => {
    server = await testServer({ definitions: copy.dirs });
  });
  afterAll(() => server?.close());

  it("serves the previous version again, with its behaviour, and records who asked", async () => {
    const first = server.services.definitionsVersion;
    const valueRefused = async (value: number) => {
      const b = await answer(server, upToSelfEmployed().slice(0, 2));
      return refusedFields(
        b.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue: value } } }),
      );
    };
    expect(await valueRefused(585000)).toBeNull();

    capPropertyValue(copy); // homes worth up to $500,000
    expect(await server.reloadDefinitions("SIGHUP")).toMatchObject({ swapped: true });
    const second = server.services.definitionsVersion;
    expect(await valueRefused(585000)).toEqual(["/setup/propertyValue"]);

    const reload = await rollbackDefinitions(server.services, copy.dirs, first, "rollback by a test");
    expect(reload).toMatchObject({ swapped: true, version: first, problems: [] });
    expect(await valueRefused(585000)).toBeNull();
    // The files on disk are the first version's again.
    expect(
      JSON.parse(readFileSync(join(copy.steps, "initial-setup/property-value.json"), "utf8")).checks,
    ).toEqual(
      JSON.parse(readFileSync(join(process.cwd(), "steps/initial-setup/property-value.json"), "utf8")).checks,
    );
    expect((await publishedSets(server.services.db)).slice(0, 3)).toMatchObject([
      { version: first, publishedBy: "rollback by a test" },
      { version: second, publishedBy: "SIGHUP" },
      { version: first, publishedBy: "start" },
    ]);
  });

  it("is a portal action for the lender's administrators, refused to others", async () => {
    const sets = await publishedSets(server.services.db);
    const other = sets.find((s) => s.version !== server.services.definitionsVersion)!;
    const admin = browser(server.url);
    await signInPortal(server, admin, await makePortalUser(server.services, { role: "admin" }));
    const processor = browser(server.url);
    await signInPortal(server, processor, await makePortalUser(server.services, { role: "processor" }));
    const refusal = await processor.trpc.portal.definitionsRollback
      .mutate({ version: other.version })
      .catch((e: unknown) => e);
    expect((refusal as TRPCClientError<never>).data).toMatchObject({ code: "FORBIDDEN" });

    const done = await admin.trpc.portal.definitionsRollback.mutate({ version: other.version });
    expect(done).toMatchObject({ swapped: true, version: other.version, problems: [] });
    expect((await publishedSets(server.services.db))[0]).toMatchObject({
      version: other.version,
      publishedBy: expect.stringMatching(/^rollback to [0-9a-f]{12} by .+@lender\.example$/),
    });
  });
});
