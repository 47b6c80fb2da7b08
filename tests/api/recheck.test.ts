// Issue 8, item 5, over real HTTP: applicants answer part of the funnel, the server restarts on
// the same data with a changed copy of one step (the home value limit tightened to $500,000), and
// on their next visit each applicant is sent back only to the steps whose answers no longer pass,
// then returns to where they were. Every save, re-check, signature and identity decision carries
// the definitions version it was made under.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { applications, auditEvents, identityReviews, signatures } from "@server/persistence/db/schema";
import { decideReview } from "@server/features/identity/checks";
import { startServer, type RunningServer, type StartOptions } from "@server/start";
import { makeApplicant } from "../helpers/accounts";
import { capPropertyValue, copyDefinitions } from "../helpers/definitions";
import { proveEmail } from "../helpers/journeys";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

/** The early funnel up to is-self-employed, with the home value given; the applicant's user id. */
async function answerUpToSelfEmployed(b: Browser, propertyValue: number): Promise<string> {
  const email = `${crypto.randomUUID()}@example.com`;
  for (const [stepId, answers] of [
    ["name", { user: { firstName: "Maria", lastName: "Alvarez" } }],
    ["email", { user: { email } }],
  ] as const)
    await b.trpc.step.submit.mutate({ stepId, answers });
  await proveEmail(first, b, email);
  for (const [stepId, answers] of [
    ["propertyValue", { setup: { propertyValue } }],
    ["mortgageEstimate", { setup: { mortgageEstimate: 245000 } }],
    ["hasFbm", { setup: { hasFbm: false } }],
  ] as const)
    await b.trpc.step.submit.mutate({ stepId, answers });
  const session = await b.session();
  expect(session).toMatchObject({ applicationStatus: "isSelfEmployed" });
  return session.user.id as string;
}

/** The same browser (its cookies) talking to another server. */
function reconnect(b: Browser, url: string): Browser {
  const again = browser(url);
  for (const [name, value] of b.cookies) again.cookies.set(name, value);
  return again;
}

const fieldErrorsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) =>
      e instanceof TRPCClientError ? (e.data as { fieldErrors?: { pointer: string }[] }).fieldErrors : e,
  );

type Who = "ann" | "ben" | "cal";
let first: TestServer;
let restarted: RunningServer;
const owners = {} as Record<Who, string>;
const after = {} as Record<Who, Browser>;

beforeAll(async () => {
  first = await testServer();
  const before = { ann: browser(first.url), ben: browser(first.url), cal: browser(first.url) };
  owners.ann = await answerUpToSelfEmployed(before.ann, 585000);
  owners.ben = await answerUpToSelfEmployed(before.ben, 450000);
  owners.cal = await answerUpToSelfEmployed(before.cal, 585000);
  await first.close();

  // The same data (folder, and database on PostgreSQL), a changed copy of the property-value step.
  const copy = copyDefinitions();
  capPropertyValue(copy);
  const { dataDir, databaseUrl } = first.services.config;
  const options: StartOptions = {
    port: 0,
    host: "127.0.0.1",
    quiet: true,
    webDir: undefined,
    dataDir,
    databaseUrl,
    definitions: copy.dirs,
  };
  restarted = await startServer(options);
  for (const who of ["ann", "ben", "cal"] as const) after[who] = reconnect(before[who], restarted.url);
}, 60_000);
afterAll(() => restarted?.close());

/** The application as stored, read without a visit. */
const applicationOf = async (who: Who) =>
  (await restarted.services.db.select().from(applications).where(eq(applications.ownerId, owners[who])))[0]!;
const eventsOf = (applicationId: string) =>
  restarted.services.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.applicationId, applicationId))
    .orderBy(auditEvents.id);

describe("when the definitions change under an application in flight", () => {
  it("are a different version after the change", () => {
    expect(restarted.services.definitionsVersion).not.toBe(first.services.definitionsVersion);
  });

  it("sends a returning applicant to the one step whose answers no longer pass", async () => {
    expect(await after.ann.session()).toMatchObject({
      applicationStatus: "propertyValue",
      applicationRoute: "/app/initial-setup/property-value",
    });
    expect(await after.ann.trpc.step.get.query({ stepId: "propertyValue" })).toMatchObject({
      recheck: true,
      applicationStatus: "propertyValue",
    });
    for (const stepId of ["name", "email"])
      expect((await after.ann.trpc.step.get.query({ stepId })).recheck, stepId).toBe(false);
    // The pages after it wait until it is answered again: the path goes through it.
    const later = await after.ann.trpc.step.get
      .query({ stepId: "mortgageEstimate" })
      .catch((e: unknown) => (e as TRPCClientError<never>).data);
    expect(later).toMatchObject({ httpStatus: 412, route: "/app/initial-setup/property-value" });
  });

  it("refuses the old answer again, naming the field", async () => {
    expect(
      await fieldErrorsOf(
        after.ann.trpc.step.submit.mutate({
          stepId: "propertyValue",
          answers: { setup: { propertyValue: 585000 } },
        }),
      ),
    ).toEqual([{ pointer: "/setup/propertyValue", message: "We lend on homes worth up to $500,000" }]);
  });

  it("returns the applicant to where they were once that step is answered, asking nothing valid again", async () => {
    const result = await after.ann.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 480000 } },
    });
    expect(result).toMatchObject({
      route: "/app/initial-setup/is-self-employed",
      stepId: "isSelfEmployed",
      applicationStatus: "isSelfEmployed",
    });
    expect((await after.ann.trpc.step.get.query({ stepId: "propertyValue" })).recheck).toBe(false);
    expect(await applicationOf("ann")).toMatchObject({
      status: "isSelfEmployed",
      recheck: null,
      definitionsVersion: restarted.services.definitionsVersion,
    });
  });

  it("records the re-check in the audit trail: the field, no value, under the new version, naming the old", async () => {
    const app = await applicationOf("ann");
    const events = (await eventsOf(app.id)).map((e) => ({
      action: e.action,
      changed: e.changed,
      version: e.definitionsVersion,
    }));
    const [oldVersion, newVersion] = [
      first.services.definitionsVersion,
      restarted.services.definitionsVersion,
    ];
    const submitted = (id: string) => ({
      action: `step.submit:${id}`,
      changed: expect.any(String),
      version: oldVersion,
    });
    const disclosures = (what: string) => ({
      action: `disclosures.${what}`,
      changed: expect.any(String),
      version: oldVersion,
    });
    expect(events).toEqual([
      ...["name", "email", "emailVerify"].map(submitted),
      // The disclosures before the first question about the home: the booklet opened, both texts given.
      disclosures("opened:heloc-booklet"),
      submitted("earlyDisclosures"),
      disclosures("given:heloc-important-terms,heloc-booklet"),
      ...["propertyValue", "mortgageEstimate", "hasFbm"].map(submitted),
      {
        action: `definitions.recheck:${oldVersion}`,
        changed: '["/setup/propertyValue"]',
        version: newVersion,
      },
      { action: "step.submit:propertyValue", changed: '["/setup/propertyValue"]', version: newVersion },
    ]);
  });

  it("only stamps the new version when every saved answer still passes, once", async () => {
    const stale = await applicationOf("ben");
    expect(stale.definitionsVersion).toBe(first.services.definitionsVersion);
    expect(await after.ben.session()).toMatchObject({ applicationStatus: "isSelfEmployed" });
    await after.ben.trpc.step.get.query({ stepId: "isSelfEmployed" });
    const app = await applicationOf("ben");
    expect(app).toMatchObject({
      status: "isSelfEmployed",
      revision: stale.revision,
      recheck: null,
      definitionsVersion: restarted.services.definitionsVersion,
    });
    expect((await eventsOf(app.id)).map((e) => e.action)).not.toContainEqual(
      expect.stringMatching(/^definitions\.recheck/),
    );
  });

  it("sends an answer from a page opened before the change to the step to answer again, then on past that page", async () => {
    // No visit first: the page was open before the restart.
    const sent = await after.cal.trpc.step.submit.mutate({
      stepId: "isSelfEmployed",
      answers: { setup: { isSelfEmployed: false } },
    });
    expect(sent).toMatchObject({
      route: "/app/initial-setup/property-value",
      stepId: "propertyValue",
      applicationStatus: "propertyValue",
    });
    const back = await after.cal.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 450000 } },
    });
    expect(back).toMatchObject({
      route: "/app/initial-setup/credit-range",
      stepId: "creditRange",
      applicationStatus: "creditRange",
    });
  });
});

describe("the definitions version on decisions", () => {
  it("is recorded with every signature", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const doc = structuredClone(fixture);
    Object.assign(doc.user, { email });
    doc.setup.hasCoborrower = false;
    delete doc.coborrower;
    const who = await makeApplicant(restarted.services, { email, status: "disclosures", doc });
    const b = browser(restarted.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    await b.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: {
        esign: {
          consent: { accepted: true },
          disclosures: { acknowledged: true },
          acknowledgments: { agreed: true },
          signature: { borrowerName: "Maria Alvarez" },
        },
      },
    });
    const rows = await restarted.services.db
      .select()
      .from(signatures)
      .where(eq(signatures.applicationId, who.applicationId));
    expect(rows.map((r) => [r.signer, r.definitionsVersion])).toEqual([
      ["borrower", restarted.services.definitionsVersion],
    ]);
  });

  it("is recorded with every identity decision", async () => {
    const doc = {
      user: { firstName: "Maria", lastName: "Alvarez" },
      identityVerification: { borrower: { idType: "passport" } },
    };
    const who = await makeApplicant(restarted.services, { status: "incomeDocs", doc });
    const b = browser(restarted.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const form = new FormData();
    for (const [k, v] of Object.entries({ documentType: "id_document", borrower: "borrower", side: "front" }))
      form.append(k, v);
    form.append(
      "file",
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...crypto.getRandomValues(new Uint8Array(512))])], {
        type: "image/jpeg",
      }),
      "front.jpg",
    );
    const res = await b.fetch(`${restarted.url}/api/upload`, {
      method: "POST",
      headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
      body: form,
    });
    expect(res.status).toBe(201);
    const reviewOf = async () =>
      (
        await restarted.services.db
          .select()
          .from(identityReviews)
          .where(
            and(
              eq(identityReviews.applicationId, who.applicationId),
              eq(identityReviews.borrower, "borrower"),
            ),
          )
      )[0]!;
    expect(
      await decideReview(restarted.services, (await reviewOf()).id, {
        status: "approved",
        reason: null,
        reviewedBy: "reviewer-1",
      }),
    ).toMatchObject({ ok: true });
    expect(await reviewOf()).toMatchObject({
      status: "approved",
      definitionsVersion: restarted.services.definitionsVersion,
    });
  });
});
