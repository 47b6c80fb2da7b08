// Wording experiments (issue 41 item 5), through the API as a browser uses it: the shipped example
// on the property-value step. An applicant's arm is drawn once and kept on their account, so a
// reload and a second device after sign-in show the same wording; the analytics events of the
// experiment's flow carry the arm (the server's record, not the browser's word); the portal
// compares the arms. Outside a demo server, or for a reader of a language the experiment does not
// take, nobody is assigned.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { armAt, experimentsOf } from "@engine/funnel/experiments";
import { assignmentPoint } from "@server/features/experiments/arms";
import { experimentAssignments, funnelEvents } from "@server/persistence/db/schema";
import { makeApplicant, signedInStaff } from "../helpers/accounts";
import { copyDefinitions, repo } from "../helpers/definitions";
import { passEarlyDisclosures } from "../helpers/journeys";
import { browser, mailedCode, testServer, type Browser, type TestServer } from "../helpers/server";

const STEP_FILE = "initial-setup/property-value.json";
const ROUTE = "/app/initial-setup/property-value";
const OWN_TITLE = "What is your home worth?";
const ROUGH_TITLE = "About how much is your home worth?";
const example = experimentsOf(repo.defs).find((e) => e.id === "propertyValueWording")!;

let clock = Date.now();
let demo: TestServer;
let real: TestServer;
beforeAll(async () => {
  // The shipped example, its window moved around today so the test does not age: a demo server runs it.
  const copy = copyDefinitions();
  const day = 86_400_000;
  copy.edit("rules/experiments.json", (r) => {
    r.params.experiments[0].start = new Date(Date.now() - day).toISOString();
    r.params.experiments[0].end = new Date(Date.now() + 30 * day).toISOString();
  });
  demo = await testServer({ definitions: copy.dirs, demo: true, now: () => new Date(clock) });
  real = await testServer({ definitions: copy.dirs });
});
afterAll(async () => {
  await demo?.close();
  await real?.close();
});

/** An applicant at the property-value step whose account draws `arm`, and a browser signed in as them. */
async function applicantIn(server: TestServer, arm: string) {
  for (;;) {
    const who = await makeApplicant(server.services, { status: "propertyValue" });
    if (armAt(example, assignmentPoint(example.id, who.userId)).id !== arm) continue;
    return { who, laptop: await signedIn(server, who) };
  }
}

async function signedIn(server: TestServer, who: { email: string; password: string }): Promise<Browser> {
  const b = browser(server.url);
  const res = await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return b;
}

const titleOn = async (b: Browser) => {
  const page = await b.trpc.definitions.page.query({ route: ROUTE });
  return (page.files.steps[STEP_FILE] as { title: string; description: string }).title;
};

const storedArms = (server: TestServer, userId: string) =>
  server.services.db
    .select({ experiment: experimentAssignments.experimentId, arm: experimentAssignments.arm })
    .from(experimentAssignments)
    .where(eq(experimentAssignments.userId, userId));

/** POSTs events from a signed-in browser, as the page does (its cookies, a bot-check token). */
async function track(b: Browser, events: { journeyId: string; kind: string; stepId: string }[]) {
  const res = await b.fetch(`${demo.url}/api/analytics`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Same-Origin": "1",
      "X-Recaptcha-Token": await b.botToken(),
    },
    body: JSON.stringify({ events }),
  });
  expect(res.status).toBe(204);
}

describe("an applicant's arm", () => {
  it("is drawn when they reach the step, stored on their account, and the same on a reload and on a second device", async () => {
    const { who, laptop } = await applicantIn(demo, "roughEstimate");
    expect(await storedArms(demo, who.userId)).toEqual([]);
    expect(await titleOn(laptop)).toBe(ROUGH_TITLE);
    expect(await storedArms(demo, who.userId)).toEqual([
      { experiment: "propertyValueWording", arm: "roughEstimate" },
    ]);
    // A reload: the same words.
    expect(await titleOn(laptop)).toBe(ROUGH_TITLE);
    // Another device, after signing in there: the same arm, from the account.
    const phone = await signedIn(demo, who);
    expect(await titleOn(phone)).toBe(ROUGH_TITLE);
    // The step's own files for the next fetch ahead (by step id) are worded the same.
    const part = await phone.trpc.definitions.page.query({ stepId: "propertyValue" });
    expect(part.files.steps[STEP_FILE]).toMatchObject({
      title: ROUGH_TITLE,
      description: "A rough estimate is fine: we check the value ourselves later.",
    });
    expect(await storedArms(demo, who.userId)).toHaveLength(1);
  });

  it("is the stored one even when the draw would now say otherwise (weights changed later move nobody)", async () => {
    const { who, laptop } = await applicantIn(demo, "current");
    expect(await titleOn(laptop)).toBe(OWN_TITLE);
    await demo.services.db
      .update(experimentAssignments)
      .set({ arm: "roughEstimate" })
      .where(eq(experimentAssignments.userId, who.userId));
    expect(await titleOn(laptop)).toBe(ROUGH_TITLE);
  });

  it("judges and saves the step's answers as the step's own wording does (only the words differ)", async () => {
    const { laptop } = await applicantIn(demo, "roughEstimate");
    expect(await titleOn(laptop)).toBe(ROUGH_TITLE);
    await expect(
      laptop.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue: 0 } } }),
    ).rejects.toMatchObject({
      data: {
        fieldErrors: [{ pointer: "/setup/propertyValue", message: expect.stringContaining("more than $0") }],
      },
    });
    await expect(
      laptop.trpc.step.submit.mutate({
        stepId: "propertyValue",
        answers: { setup: { propertyValue: 650000 } },
      }),
    ).resolves.toMatchObject({ stepId: "mortgageEstimate" });
  });
});

describe("a guest's arm", () => {
  it("is drawn for the guest account of the first answer, kept when that account signs up, and follows it to another device", async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const b = browser(demo.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Gia", lastName: "Tester" } },
    });
    const guestId = (await b.session()).user?.id as string;
    const arm = armAt(example, assignmentPoint(example.id, guestId)).id;
    const expected = arm === "roughEstimate" ? ROUGH_TITLE : OWN_TITLE;
    // A page of the flow, as the guest (no address yet): the arm is drawn and kept on the guest's account.
    await b.trpc.definitions.page.query({ route: "/app/initial-setup/email" });
    expect(await storedArms(demo, guestId)).toEqual([{ experiment: "propertyValueWording", arm }]);
    // Signing up: the address, proven by the code mailed to it. The same account, the same arm.
    await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
    await demo.services.settled();
    await b.trpc.step.submit.mutate({
      stepId: "emailVerify",
      answers: { otpCode: await mailedCode(demo.dataDir, email) },
    });
    await passEarlyDisclosures(demo, b);
    expect((await b.session()).user).toMatchObject({ id: guestId, email });
    expect(await titleOn(b)).toBe(expected);
    // Another device, signed in by a code to the address.
    clock += 61_000;
    const phone = browser(demo.url);
    const proof = await mailedCode(demo.dataDir, email);
    expect((await phone.auth("Applicant", "signin/email", { email })).status).toBe(200);
    await demo.services.settled();
    const res = await phone.auth("Applicant", "callback/credentials", {
      email,
      code: await mailedCode(demo.dataDir, email, proof),
    });
    expect(res.status).toBe(200);
    expect(await titleOn(phone)).toBe(expected);
    expect(await storedArms(demo, guestId)).toEqual([{ experiment: "propertyValueWording", arm }]);
  });
});

describe("nobody is assigned", () => {
  it("on a server that is not a demo server (the example is demoOnly)", async () => {
    const who = await makeApplicant(real.services, { status: "propertyValue" });
    const b = await signedIn(real, who);
    expect(await titleOn(b)).toBe(OWN_TITLE);
    expect(await storedArms(real, who.userId)).toEqual([]);
  });

  it("who reads Spanish: the example takes English readers only, and a Spanish reader reads the step's own translation", async () => {
    const who = await makeApplicant(demo.services, { status: "propertyValue" });
    const b = await signedIn(demo, who);
    b.cookies.set("heloc.lang", "es");
    expect(await titleOn(b)).toBe("¿Cuánto vale su vivienda?");
    expect(await storedArms(demo, who.userId)).toEqual([]);
  });

  it("who is a visitor without an account: the step's own wording", async () => {
    const page = await browser(demo.url).trpc.definitions.page.query({ stepId: "propertyValue" });
    expect((page.files.steps[STEP_FILE] as { title: string }).title).toBe(OWN_TITLE);
  });
});

describe("the analytics of the experiment", () => {
  it("record the arm with each event of the experiment's flow, and the portal compares the arms' conversion", async () => {
    const rough = await applicantIn(demo, "roughEstimate");
    const current = await applicantIn(demo, "current");
    await titleOn(rough.laptop);
    await titleOn(current.laptop);
    const roughJourney = randomUUID();
    const currentJourney = randomUUID();
    await track(rough.laptop, [
      { journeyId: roughJourney, kind: "viewed", stepId: "propertyValue" },
      { journeyId: roughJourney, kind: "completed", stepId: "propertyValue" },
      { journeyId: roughJourney, kind: "viewed", stepId: "mortgageEstimate" },
      { journeyId: roughJourney, kind: "viewed", stepId: "previewOffer" },
    ]);
    await track(current.laptop, [{ journeyId: currentJourney, kind: "viewed", stepId: "propertyValue" }]);
    // A browser that claims nothing, and a visitor: their events carry no arm.
    const visitorJourney = randomUUID();
    await track(browser(demo.url), [{ journeyId: visitorJourney, kind: "viewed", stepId: "propertyValue" }]);

    const stored = await demo.services.db.select().from(funnelEvents);
    const armsOf = (journeyId: string) =>
      stored.filter((e) => e.journeyId === journeyId).map((e) => [e.stepId, e.arms]);
    expect(armsOf(roughJourney)).toEqual([
      ["propertyValue", '{"propertyValueWording":"roughEstimate"}'],
      ["propertyValue", '{"propertyValueWording":"roughEstimate"}'],
      ["mortgageEstimate", '{"propertyValueWording":"roughEstimate"}'],
      ["previewOffer", '{"propertyValueWording":"roughEstimate"}'],
    ]);
    expect(armsOf(currentJourney)).toEqual([["propertyValue", '{"propertyValueWording":"current"}']]);
    expect(armsOf(visitorJourney)).toEqual([["propertyValue", null]]);

    const admin = await signedInStaff(demo, "admin");
    const report = await admin.b.trpc.portal.analytics.query();
    const figures = report.experiments.find((e) => e.id === "propertyValueWording")!;
    expect(figures).toMatchObject({ running: true, conversion: "offer", conversionStepId: "previewOffer" });
    expect(figures.arms.map((a) => [a.armId, a.shown])).toEqual([
      ["current", 1],
      ["roughEstimate", 1],
    ]);
    expect(figures.converted).toEqual([
      {
        armId: "current",
        count: 0,
        rate: 0,
        interval: { low: 0, high: expect.closeTo(0.7935, 3) },
        vsFirst: null,
      },
      {
        armId: "roughEstimate",
        count: 1,
        rate: 1,
        interval: { low: expect.closeTo(0.2065, 3), high: 1 },
        vsFirst: { test: "fisher", p: 1, significant: false },
      },
    ]);
    const step = figures.steps.find((s) => s.stepId === "propertyValue")!;
    expect(step.arms.map((a) => [a.armId, a.count])).toEqual([
      ["current", 0],
      ["roughEstimate", 1],
    ]);
    expect(figures.steps[0]!.stepId).toBe("propertyValue");
  });
});
