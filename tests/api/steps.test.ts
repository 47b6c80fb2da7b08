// step.get / step.submit over real HTTP: the server validates with the engine's validator, saves
// nothing on bad input, walks the funnel, sets applicationStatus, and keeps identifiers sealed.
import { TRPCClientError } from "@trpc/client";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents } from "@server/persistence/db/schema";
import { addSsnStep, copyDefinitions } from "../helpers/definitions";
import { makeApplicant } from "../helpers/accounts";
import { walk } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  // A copy of the definitions with one extra step that asks for an SSN, dropped in as data.
  const defs = addSsnStep(copyDefinitions());
  server = await testServer({ definitions: { steps: defs.steps, rules: defs.rules } });
});
afterAll(() => server.close());

const fieldErrorsOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return (error as TRPCClientError<never>).data as unknown as {
    httpStatus: number;
    code: string;
    fieldErrors?: { pointer: string; message: string }[];
  };
};
const auditCount = async () => (await server.services.db.select({ n: count() }).from(auditEvents))[0]!.n;

describe("a visitor's first answers", () => {
  it("starts a guest session on the first saved answer and returns the next route", async () => {
    const b = browser(server.url);
    const result = await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    expect(result).toMatchObject({
      route: "/app/initial-setup/email",
      stepId: "email",
      applicationStatus: "email",
      revision: 1,
    });
    expect(await b.session()).toMatchObject({
      applicationStatus: "email",
      applicationRoute: expect.any(String),
    });
    const again = await b.trpc.step.get.query({ stepId: "name" });
    expect(again.application).toMatchObject({ user: { firstName: "Ada", lastName: "Lovelace" } });
  });

  it("keeps the answers across a reload: step.get returns what was saved", async () => {
    const b = browser(server.url);
    await walk(server, b, {
      until: "propertyValue",
      answers: { name: { user: { firstName: "Grace", lastName: "Hopper" } } },
    });
    await b.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 615000 } },
    });
    const { application, applicationStatus } = await b.trpc.step.get.query({ stepId: "propertyValue" });
    expect(application).toMatchObject({ user: { firstName: "Grace" }, setup: { propertyValue: 615000 } });
    expect(applicationStatus).toBe("mortgageEstimate");
  });

  it("answers step.get with the answers and no step definition: the browser has the step in the definitions bundle", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Grace", lastName: "Hopper" } },
    });
    const page = await b.trpc.step.get.query({ stepId: "name" });
    expect(page.stepId).toBe("name");
    expect(page).not.toHaveProperty("step");
    expect(JSON.stringify(page)).not.toContain('"schema"');
  });

  it("follows the step's next rule: a recent foreclosure goes to the late-payment page", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "hasFbm" });
    const result = await b.trpc.step.submit.mutate({
      stepId: "hasFbm",
      answers: { setup: { hasFbm: true } },
    });
    expect(result).toMatchObject({
      route: "/app/ineligible/late-payment",
      stepId: null,
      ruleId: "hasFbm.ineligible",
    });
  });
});

describe("bad input", () => {
  it("answers 400 naming the field, and changes nothing", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "propertyValue" });
    const first = await b.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 450000 } },
    });
    const audits = await auditCount();
    const data = await fieldErrorsOf(
      b.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue: -5 } } }),
    );
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors).toEqual([
      { pointer: "/setup/propertyValue", message: expect.stringMatching(/.+/) },
    ]);
    const after = await b.trpc.step.get.query({ stepId: "propertyValue" });
    expect(after.application).toMatchObject({ setup: { propertyValue: 450000 } });
    expect(after.revision).toBe(first.revision);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses a field the step does not ask for, by pointer", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "propertyValue" });
    const data = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "propertyValue",
        answers: { setup: { propertyValue: 300000 }, isInTrust: true },
      }),
    );
    expect(data.fieldErrors?.[0]?.pointer).toBe("/isInTrust");
  });

  it("does not create a guest account for a visitor whose first answer is invalid", async () => {
    const users = (await server.services.db.select({ n: count() }).from(applications))[0]!.n;
    const b = browser(server.url);
    await fieldErrorsOf(
      b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email: "not an email" } } }),
    );
    expect((await server.services.db.select({ n: count() }).from(applications))[0]!.n).toBe(users);
    expect(await b.session()).toEqual({});
  });

  it("names an unknown step", async () => {
    const data = await fieldErrorsOf(
      browser(server.url).trpc.step.submit.mutate({ stepId: "noSuchStep", answers: {} }),
    );
    expect(data.fieldErrors).toEqual([{ pointer: "/stepId", message: 'Step "noSuchStep" does not exist' }]);
  });

  it("refuses answers made against an older revision (another tab saved first)", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "propertyValue" });
    const first = await b.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 350000 } },
    });
    await b.trpc.step.submit.mutate({
      stepId: "propertyValue",
      answers: { setup: { propertyValue: 360000 } },
      revision: first.revision,
    });
    const data = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "propertyValue",
        answers: { setup: { propertyValue: 370000 } },
        revision: first.revision,
      }),
    );
    expect(data.httpStatus).toBe(409);
  });
});

describe("sessions on protected pages (spec §6)", () => {
  it("refuses a visitor without a session on an application step", async () => {
    const data = await fieldErrorsOf(browser(server.url).trpc.step.get.query({ stepId: "application5" }));
    expect(data.code).toBe("UNAUTHORIZED");
  });

  it("lets a signed-in applicant open it", async () => {
    const who = await makeApplicant(server.services, { status: "application5" });
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const { stepId, applicationStatus } = await b.trpc.step.get.query({ stepId: "application5" });
    expect(stepId).toBe("application5");
    expect(applicationStatus).toBe("application5");
  });

  it("signs out with identity.deleteSession", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Alan", lastName: "Turing" } },
    });
    expect(await b.session()).not.toEqual({});
    expect(await b.trpc.identity.deleteSession.mutate()).toEqual({ signedOut: true });
    expect(await b.session()).toEqual({});
  });
});

describe("identifiers at rest", () => {
  it("stores an SSN encrypted and answers it masked", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "123456789" } } });
    const { application } = await b.trpc.application.get.query();
    expect(application).toMatchObject({ user: { ssn: "*** - ** - 6789" } });
    const rows = await server.services.db.select({ document: applications.document }).from(applications);
    expect(rows.some((r) => r.document.includes("123456789"))).toBe(false);
    expect(rows.some((r) => r.document.includes("enc:v1:"))).toBe(true);
  });

  it("keeps an unchanged identifier's sealed text on a later save, and seals a changed one anew", async () => {
    const b = browser(server.url);
    const storedSsn = async () => {
      const { id } = await b.trpc.application.get.query();
      const row = (await server.services.db.select().from(applications).where(eq(applications.id, id)))[0]!;
      return JSON.parse(row.document).user.ssn as string;
    };
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "123456789" } } });
    const first = await storedSsn();
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "123456789" } } });
    expect(await storedSsn()).toBe(first);
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "223456789" } } });
    const changed = await storedSsn();
    expect(changed).not.toBe(first);
    expect(server.services.cipher.decrypt(changed)).toBe("223456789");
  });

  it("keeps the stored SSN when the masked value comes back unchanged", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "123456789" } } });
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "*** - ** - 6789" } } });
    const { id } = await b.trpc.application.get.query();
    const row = (await server.services.db.select().from(applications).where(eq(applications.id, id)))[0]!;
    const sealed = JSON.parse(row.document).user.ssn as string;
    expect(server.services.cipher.decrypt(sealed)).toBe("123456789");
  });

  it("records who changed which fields under which definitions, without the values", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({ stepId: "ssnCheck", answers: { user: { ssn: "219099999" } } });
    const { id } = await b.trpc.application.get.query();
    const events = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, id))
      .orderBy(auditEvents.id);
    expect(events.at(-1)).toMatchObject({
      action: "step.submit:ssnCheck",
      actorKind: "applicant",
      changed: '["/user/ssn"]',
      definitionsVersion: server.services.definitionsVersion,
    });
    expect(JSON.stringify(events)).not.toContain("219099999");
  });
});

describe("the account's email (rules/account.json)", () => {
  it("gives a guest's account the email they answer once a code proves it in their session, so a code can sign them back in anywhere", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Mary", lastName: "Jackson" } },
    });
    await b.trpc.step.submit.mutate({
      stepId: "email",
      answers: { user: { email: "Mary.Jackson@Example.com" } },
    });
    await server.services.settled();
    await b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: server.lastCode() } });
    const other = browser(server.url);
    await other.auth("Applicant", "signin/email", { email: "mary.jackson@example.com" });
    await server.services.settled();
    const res = await other.auth("Applicant", "callback/credentials", {
      email: "mary.jackson@example.com",
      code: server.lastCode(),
    });
    expect(res.status).toBe(200);
    expect(await other.session()).toMatchObject({ applicationStatus: "earlyDisclosures" });
  });

  it("answers an email that already has an application as any other, and mails its owner a sign-in code instead", async () => {
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Kat", lastName: "Johnson" } },
    });
    const answer = await b.trpc.step.submit.mutate({
      stepId: "email",
      answers: { user: { email: who.email } },
    });
    expect(answer).toMatchObject({ stepId: "emailVerify" });
    await server.services.settled();
    expect(server.lastMail(who.email)).toMatch(/You already have an application with us/);
    // Only a claim on the guest's side: the owner's account keeps the address.
    expect((await b.session()).user).toMatchObject({ email: null, verified: false });
  });
});
