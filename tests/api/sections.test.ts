// Issue 38 item 4: each section of a step in sections is saved to the server as it is finished
// (step.saveSection): judged by the step's own validator on that section's fields only, sealed at rest
// like any answer, without saving the step as answered; step.get then says where the reader left
// off, so a reload or another device resumes at the next section with the answers there.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "@server/persistence/db/schema";
import { makeApplicant } from "../helpers/accounts";
import { singleBorrower } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

/** A signed-in borrower due at personal info (the early funnel and account setup answered). */
async function atPersonalInfo() {
  const { user, setup, consents } = singleBorrower();
  const early = {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    setup,
    consents,
  };
  const who = await makeApplicant(server.services, {
    email: user.email,
    status: "application",
    doc: early,
    walked: true,
  });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  return { ...who, b };
}

const rowOf = async (applicationId: string) =>
  (await server.services.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!;

describe("saving a step part by part (issue 38)", () => {
  it("saves a finished section sealed, keeps the step due, and resumes after it", async () => {
    const who = await atPersonalInfo();
    const page = await who.b.trpc.step.get.query({ stepId: "application" });
    expect(page.lastSection).toBeNull();
    const saved = await who.b.trpc.step.saveSection.mutate({
      stepId: "application",
      section: "personal-info.identity",
      revision: page.revision!,
      answers: {
        user: { firstName: "Maria", lastName: "Alvarez", dateOfBirth: "1981-05-14", ssn: "512346789" },
      },
    });
    expect(saved).toMatchObject({
      route: "/app/application/1",
      stepId: "application",
      applicationStatus: "application",
    });
    const row = await rowOf(who.applicationId);
    expect(row.status).toBe("application");
    expect(JSON.parse(row.completed!)).not.toContain("application");
    // Sealed at rest, as a whole step's save seals it; shown to the reader masked.
    expect(row.document).not.toContain("512346789");
    expect(row.document).not.toContain("1981-05-14");
    const again = await who.b.trpc.step.get.query({ stepId: "application" });
    expect(again.lastSection).toBe("personal-info.identity");
    expect((again.application as { user: { ssn: string; dateOfBirth: string } }).user).toMatchObject({
      ssn: "*** - ** - 6789",
      dateOfBirth: "1981-05-14",
    });
    expect(again.revision).toBe(saved.revision);
    // The whole step saved: nothing left to resume.
    await who.b.trpc.step.submit.mutate({
      stepId: "application",
      revision: again.revision!,
      answers: {
        user: {
          firstName: "Maria",
          lastName: "Alvarez",
          dateOfBirth: "1981-05-14",
          ssn: "*** - ** - 6789",
          citizenship: "usCitizen",
          maritalStatus: "married",
          militaryStatus: "none",
          address: { line1: "2417 W Swann Ave", city: "Tampa", state: "FL", zip: "33609" },
          yearsAtAddress: 7,
        },
        setup: { hasCoborrower: false },
      },
    });
    expect((await who.b.trpc.step.get.query({ stepId: "application" })).lastSection).toBeNull();
  });

  it("resumes after the section saved last, even when that save stored the same answers again", async () => {
    // step.get keeps what it read with the stored document, by the reader's revision: a save that
    // leaves the stored text as it was still moves where the page resumes.
    const who = await atPersonalInfo();
    const identity = await who.b.trpc.step.saveSection.mutate({
      stepId: "application",
      section: "personal-info.identity",
      answers: { user: { dateOfBirth: "1981-05-14", ssn: "512346789" } },
    });
    const page = await who.b.trpc.step.get.query({ stepId: "application" });
    expect(page.lastSection).toBe("personal-info.identity");
    const stored = (await rowOf(who.applicationId)).document;
    const { user } = page.application as { user: { firstName: string; lastName: string } };
    await who.b.trpc.step.saveSection.mutate({
      stepId: "application",
      section: "personal-info.name",
      revision: identity.revision,
      answers: { user: { firstName: user.firstName, lastName: user.lastName } },
    });
    expect((await rowOf(who.applicationId)).document).toBe(stored);
    expect((await who.b.trpc.step.get.query({ stepId: "application" })).lastSection).toBe(
      "personal-info.name",
    );
  });

  it("judges only the section's fields, names a wrong one, and saves nothing then", async () => {
    const who = await atPersonalInfo();
    const before = await rowOf(who.applicationId);
    // The later parts (citizenship, home) are not answered yet: not judged. A bad SSN is.
    const refused = await fieldErrorsOf(
      who.b.trpc.step.saveSection.mutate({
        stepId: "application",
        section: "personal-info.identity",
        answers: { user: { dateOfBirth: "1981-05-14", ssn: "12" } },
      }),
    );
    expect(refused.map((e) => e.pointer)).toEqual(["/user/ssn"]);
    expect((await rowOf(who.applicationId)).revision).toBe(before.revision);
    // Answers sent beyond the part are not taken.
    await who.b.trpc.step.saveSection.mutate({
      stepId: "application",
      section: "personal-info.identity",
      answers: { user: { dateOfBirth: "1981-05-14", ssn: "512346789", citizenship: "usCitizen" } },
    });
    const view = (await who.b.trpc.step.get.query({ stepId: "application" })).application as {
      user: Record<string, unknown>;
    };
    expect(view.user.citizenship).toBeUndefined();
    expect(
      await fieldErrorsOf(
        who.b.trpc.step.saveSection.mutate({ stepId: "application", section: "no-such-part", answers: {} }),
      ),
    ).toEqual([{ pointer: "/section", message: 'Step "application" has no section "no-such-part"' }]);
  });

  it("refuses a section of a step that is not open to the reader yet", async () => {
    const who = await atPersonalInfo();
    expect(
      await codeOf(
        who.b.trpc.step.saveSection.mutate({
          stepId: "application8",
          section: "declarations.finances",
          answers: {},
        }),
      ),
    ).toBe("PRECONDITION_FAILED");
  });
});
