// Issue 11 item 3: the borrower invites the co-borrower by email; the co-borrower joins with their
// own account, reads and answers only their part (rules/members.json) and the shared property
// facts; both see progress; the answers of one never overwrite the other's.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { applicationStore } from "@server/persistence/store/applications";
import { transaction } from "@server/persistence/db/client";
import { makeApplicant, storedApplication } from "../helpers/accounts";
import { pdfCodeOf } from "../helpers/journeys";
import { job } from "../helpers/jobs";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

const FIXTURE = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const {
  employments: _e,
  incomeSources: _i,
  declarations: _d,
  demographics: _m,
  ownsOtherRealEstate: _o,
  isSelfEmployed: _s,
  ...COBORROWER_DETAILS
} = FIXTURE.coborrower;

const storedDoc = (applicationId: string) => storedApplication(server.services, applicationId);

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) =>
      e instanceof TRPCClientError
        ? {
            message: e.message,
            ...(e.data as { httpStatus: number; fieldErrors?: { pointer: string; message: string }[] }),
          }
        : Promise.reject(e),
  );

/** A signed-in borrower at the application's first step, applying with a co-borrower (the fixture's answers). */
async function borrowerWithCoborrower() {
  const { coborrower: _c, ...rest } = FIXTURE;
  const email = `maria.${randomUUID()}@example.com`;
  const who = await makeApplicant(server.services, {
    email,
    status: "coborrowerInvite",
    doc: { ...rest, user: { ...FIXTURE.user, email } },
  });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  return { ...who, b };
}

const inviteTokenIn = (mail: string) => /\/app\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;

/** The borrower invites `email`; a fresh browser opens the mailed link, accepts it and gives the co-borrower's own consents. */
async function invitedAndJoined(
  email = `sam.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
) {
  const borrower = await borrowerWithCoborrower();
  const sent = await borrower.b.trpc.step.submit.mutate({
    stepId: "coborrowerInvite",
    answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
  });
  const token = inviteTokenIn(newestMail(server.dataDir, email));
  const c = browser(server.url);
  const joined = await c.trpc.members.accept.mutate({ token });
  await c.trpc.step.submit.mutate({
    stepId: "coborrowerConsent",
    answers: {
      coborrowerConsents: {
        jointIntent: { accepted: true },
        electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, c) },
        creditCheck: { accepted: true },
        privacyNotice: { accepted: true },
      },
    },
  });
  return { borrower, sent, token, c, joined, email };
}

/** What the co-borrower always gives themselves, whoever answers the rest of their part (rules/members.json `signs`). */
const THEIR_OWN = [
  "/coborrowerConsents",
  "/coborrower/demographics",
  "/coborrower/declarations",
  "/coborrowerAttestation",
  "/coborrowerEsign",
];

/** The co-borrower's part: what only they write while they answer it (the photo ID they will use too), with what they always give themselves. */
const THEIR_PART = ["/coborrower", "/identityVerification/coborrower", ...THEIR_OWN];

describe("co-borrower invite", () => {
  it("mails the co-borrower a link and takes the borrower past the co-borrower's details, which are theirs to give", async () => {
    const email = `invitee.${Date.now()}@example.com`;
    const borrower = await borrowerWithCoborrower();
    const sent = await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
    });
    expect(sent).toMatchObject({ stepId: "application3", route: "/app/application/2" });
    const mail = newestMail(server.dataDir, email);
    expect(mail).toMatch(/You are named as co-borrower on a home equity line of credit application/);
    expect(mail).not.toMatch(/Maria|Alvarez/); // nothing an applicant typed reaches an address nobody proved
    const token = inviteTokenIn(mail);
    expect(await browser(server.url).trpc.members.invitation.query({ token })).toMatchObject({
      inviter: "Maria Alvarez",
      role: "coborrower",
      emailHint: "i•••@example.com",
    });
  });

  it("says the invite in Spanish to a reader who chose Español (the role's name too), and a link that no longer works", async () => {
    const email = `ines.${Date.now()}@example.com`;
    const borrower = await borrowerWithCoborrower();
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
    });
    const token = inviteTokenIn(newestMail(server.dataDir, email));
    const spanish = browser(server.url);
    spanish.cookies.set("heloc.lang", "es");
    expect(await spanish.trpc.members.invitation.query({ token })).toMatchObject({
      inviter: "Maria Alvarez",
      roleLabel: "Coprestatario",
    });
    expect(await browser(server.url).trpc.members.invitation.query({ token })).toMatchObject({
      roleLabel: "Co-borrower",
    });
    const gone = "A".repeat(43);
    const refused = (await spanish.trpc.members.invitation
      .query({ token: gone })
      .catch((e: unknown) => e)) as Error;
    expect(refused.message).toBe(
      "Este enlace de invitación venció, fue reemplazado por uno más reciente o ya se usó. Pídale al prestatario que le envíe una nueva invitación, o inicie sesión si ya se unió.",
    );
    const english = (await browser(server.url)
      .trpc.members.invitation.query({ token: gone })
      .catch((e: unknown) => e)) as Error;
    expect(english.message).toMatch(/^This invite link has expired, was replaced by a newer one/);
  });

  it("refuses an invite to the borrower's own address, naming the field", async () => {
    const borrower = await borrowerWithCoborrower();
    const failure = await failureOf(
      borrower.b.trpc.step.submit.mutate({
        stepId: "coborrowerInvite",
        answers: { coborrowerInvite: { answeredBy: "coborrower", email: borrower.email.toUpperCase() } },
      }),
    );
    expect(failure?.fieldErrors).toEqual(
      [
        {
          pointer: "/coborrowerInvite/email",
          message: "Enter your co-borrower's own email address, not yours",
          ruleId: "coborrower-invite.not-own-email",
        },
      ].map(({ ruleId: _, ...e }) => expect.objectContaining(e)),
    );
  });

  it("lets the co-borrower join with their own account and session, and sends them to their own consents first", async () => {
    const email = `sam.${Date.now()}@example.com`;
    const borrower = await borrowerWithCoborrower();
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
    });
    const c = browser(server.url);
    const joined = await c.trpc.members.accept.mutate({
      token: inviteTokenIn(newestMail(server.dataDir, email)),
    });
    expect(joined).toEqual({ route: "/app/application/coborrower-consent", role: "coborrower" });
    expect(await c.session()).toMatchObject({
      user: { email },
      role: "coborrower",
      applicationStatus: "coborrowerConsent",
      applicationRoute: "/app/application/coborrower-consent",
    });
    await c.trpc.step.submit.mutate({
      stepId: "coborrowerConsent",
      answers: {
        coborrowerConsents: {
          jointIntent: { accepted: true },
          electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, c) },
          creditCheck: { accepted: true },
          privacyNotice: { accepted: true },
        },
      },
    });
    expect(await c.session()).toMatchObject({
      applicationStatus: "application2",
      applicationRoute: "/app/application/coborrower",
    });
  });

  it("spends an invite link once", async () => {
    const { token } = await invitedAndJoined();
    const again = await failureOf(browser(server.url).trpc.members.accept.mutate({ token }));
    expect(again).toMatchObject({
      httpStatus: 404,
      message: expect.stringMatching(/expired, was replaced by a newer one, or was already used/),
    });
  });

  it("refuses an invite opened while signed in as another applicant", async () => {
    const email = `other.${Date.now()}@example.com`;
    const borrower = await borrowerWithCoborrower();
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
    });
    const someoneElse = await borrowerWithCoborrower();
    const failure = await failureOf(
      someoneElse.b.trpc.members.accept.mutate({ token: inviteTokenIn(newestMail(server.dataDir, email)) }),
    );
    expect(failure).toMatchObject({
      httpStatus: 403,
      message: expect.stringMatching(/signed in with another account/),
    });
  });

  it("refuses to join an address that already has its own application", async () => {
    const other = await borrowerWithCoborrower();
    const borrower = await borrowerWithCoborrower();
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email: other.email } },
    });
    const failure = await failureOf(
      browser(server.url).trpc.members.accept.mutate({
        token: inviteTokenIn(newestMail(server.dataDir, other.email)),
      }),
    );
    expect(failure).toMatchObject({
      httpStatus: 409,
      message: expect.stringMatching(/already has an application/),
    });
  });

  it("shows the co-borrower only their part and the shared property facts", async () => {
    const { c } = await invitedAndJoined();
    const page = await c.trpc.step.get.query({ stepId: "application2" });
    expect(page).toMatchObject({ role: "coborrower", part: { only: THEIR_PART }, flow: "coborrower" });
    const application = page.application as Record<string, any>;
    expect(Object.keys(application).sort()).toEqual([
      "coborrower",
      "coborrowerConsents",
      "property",
      "setup",
      "user",
    ]);
    // Of his own part, only the address he joined with is there yet (set when he joined).
    expect(application.coborrower).toEqual({ email: expect.stringMatching(/^sam\./) });
    expect(application.user).toEqual({ firstName: "Maria", lastName: "Alvarez" });
    expect(application.property).toMatchObject({ line1: FIXTURE.property.line1 });
    const whole = await c.trpc.application.get.query();
    expect(JSON.stringify(whole.application)).not.toMatch(/518274961|1981-06-14|maria\.alvarez/);
  });

  it("keeps the co-borrower out of the borrower's steps and documents, and the borrower out of theirs", async () => {
    const { c, borrower } = await invitedAndJoined();
    expect(await failureOf(c.trpc.step.get.query({ stepId: "application" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/application/coborrower",
    });
    expect(
      await failureOf(c.trpc.step.submit.mutate({ stepId: "application3", answers: { isInTrust: true } })),
    ).toMatchObject({ httpStatus: 412 });
    await c.trpc.step.submit.mutate({ stepId: "application2", answers: { coborrower: COBORROWER_DETAILS } });
    const { requirements } = await c.trpc.documents.required.query();
    expect(requirements.length).toBeGreaterThan(0);
    expect(new Set(requirements.map((r) => r.borrower))).toEqual(new Set(["coborrower"]));
    const borrowers = (await borrower.b.trpc.documents.required.query()).requirements;
    expect(borrowers.some((r) => r.borrower === "borrower")).toBe(true);
    expect(borrowers.some((r) => r.borrower === "coborrower")).toBe(false);
  });

  it("saves the co-borrower's answers to their part only, whatever else the request sends", async () => {
    const { borrower, c } = await invitedAndJoined();
    const answers = { coborrower: COBORROWER_DETAILS, user: { firstName: "Mallory" } };
    const saved = await c.trpc.step.submit.mutate({ stepId: "application2", answers });
    expect(saved).toMatchObject({
      stepId: "application4",
      route: "/app/application/3",
      applicationStatus: "application4",
    });
    const { doc, status } = await storedDoc(borrower.applicationId);
    expect(doc.user.firstName).toBe("Maria");
    expect(doc.coborrower).toMatchObject({
      firstName: COBORROWER_DETAILS.firstName,
      dateOfBirth: COBORROWER_DETAILS.dateOfBirth,
    });
    expect(status).toBe("application3"); // where the borrower's invite took them: the co-borrower's save does not move it
  });

  it("never lets the borrower's save overwrite the co-borrower's answers, and hides them from the borrower", async () => {
    const { borrower, c, email } = await invitedAndJoined();
    const theirs = [job({ employerName: "Coborrower Corp" })];
    await c.trpc.step.submit.mutate({ stepId: "application2", answers: { coborrower: COBORROWER_DETAILS } });
    await c.trpc.step.submit.mutate({
      stepId: "application4",
      answers: { coborrower: { ownsOtherRealEstate: false } },
    });
    await c.trpc.step.submit.mutate({
      stepId: "application5",
      answers: { coborrower: { isSelfEmployed: false, employments: theirs } },
    });
    // The borrower answers the pages before their employment page.
    await borrower.b.trpc.step.submit.mutate({
      stepId: "application3",
      answers: {
        property: FIXTURE.property,
        titleHolders: { borrowerOnTitle: true, coborrowerOnTitle: true },
        isInTrust: false,
      },
    });
    await borrower.b.trpc.step.submit.mutate({
      stepId: "application4",
      answers: { user: { ownsOtherRealEstate: false } },
    });
    const page = await borrower.b.trpc.step.get.query({ stepId: "application5" });
    expect(page.part).toMatchObject({ role: "borrower", except: THEIR_PART });
    expect((page.application as Record<string, any>).coborrower).toEqual({
      firstName: COBORROWER_DETAILS.firstName,
      lastName: COBORROWER_DETAILS.lastName,
      // The address he joined with: his own email answer, whatever his save sent (rules/members.json ownEmail).
      email,
    });
    await borrower.b.trpc.step.submit.mutate({
      stepId: "application5",
      revision: page.revision!,
      answers: {
        user: { isSelfEmployed: false, employments: FIXTURE.user.employments },
        coborrower: { isSelfEmployed: true, employments: [] },
      },
    });
    const { doc } = await storedDoc(borrower.applicationId);
    expect(doc.coborrower.employments[0].employerName).toBe("Coborrower Corp");
    expect(doc.coborrower.isSelfEmployed).toBe(false);
    expect(doc.user.employments.map((e: { employerName: string }) => e.employerName)).toEqual(
      FIXTURE.user.employments.map((e: { employerName: string }) => e.employerName),
    );
  });

  it("keeps each borrower's page fresh while the other saves", async () => {
    const { borrower, c } = await invitedAndJoined();
    const borrowersPage = await borrower.b.trpc.step.get.query({ stepId: "application3" });
    const coborrowersPage = await c.trpc.step.get.query({ stepId: "application2" });
    await c.trpc.step.submit.mutate({
      stepId: "application2",
      revision: coborrowersPage.revision!,
      answers: { coborrower: COBORROWER_DETAILS },
    });
    await borrower.b.trpc.step.submit.mutate({
      stepId: "application3",
      revision: borrowersPage.revision!,
      answers: {
        property: FIXTURE.property,
        titleHolders: { borrowerOnTitle: true, coborrowerOnTitle: true },
        isInTrust: false,
      },
    });
    // The co-borrower's own stale page is still refused when it would change something (sent again unchanged, it is a double click).
    const stale = await failureOf(
      c.trpc.step.submit.mutate({
        stepId: "application2",
        revision: coborrowersPage.revision!,
        answers: { coborrower: { ...COBORROWER_DETAILS, middleName: "Changed" } },
      }),
    );
    expect(stale).toMatchObject({ httpStatus: 409 });
  });

  it("lets the co-borrower upload their own documents and not the borrower's, and shows each only their own", async () => {
    const { borrower, c } = await invitedAndJoined();
    await c.trpc.step.submit.mutate({ stepId: "application2", answers: { coborrower: COBORROWER_DETAILS } });
    const post = async (who: typeof c, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append(
        "file",
        new Blob([Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2048)])], {
          type: "application/pdf",
        }),
        "statement.pdf",
      );
      const res = await who.fetch(`${server.url}/api/upload`, {
        method: "POST",
        headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await who.botToken() },
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as { error?: { message: string; field: string | null } },
      };
    };
    const own = await post(c, { documentType: "bank_statements", borrower: "coborrower" });
    expect(own.status).toBe(201);
    const theirs = await post(c, { documentType: "bank_statements", borrower: "borrower" });
    expect(theirs).toMatchObject({
      status: 403,
      body: { error: { field: "borrower", message: expect.stringMatching(/their own documents/) } },
    });
    const byBorrower = await post(borrower.b, { documentType: "bank_statements", borrower: "coborrower" });
    expect(byBorrower.status).toBe(403);
    expect((await c.trpc.uploads.list.query()).uploads).toHaveLength(1);
    expect((await borrower.b.trpc.uploads.list.query()).uploads).toHaveLength(0);
  });

  it("shows both borrowers the progress of each part", async () => {
    const { borrower, c } = await invitedAndJoined();
    const before = await borrower.b.trpc.members.progress.query();
    expect(before.parts.map((p) => [p.role, p.state, p.you])).toEqual([
      ["borrower", "answering", true],
      ["coborrower", "joined", false],
    ]);
    await c.trpc.step.submit.mutate({ stepId: "application2", answers: { coborrower: COBORROWER_DETAILS } });
    const theirs = await c.trpc.members.progress.query();
    const coborrowerPart = theirs.parts.find((p) => p.role === "coborrower")!;
    expect(coborrowerPart.you).toBe(true);
    expect(coborrowerPart.steps.find((s) => s.id === "application2")).toMatchObject({ done: true });
    expect(coborrowerPart.steps.find((s) => s.id === "application5")).toMatchObject({ done: false });
    expect(theirs.property).toMatchObject({ line1: FIXTURE.property.line1 });
    const borrowers = (await borrower.b.trpc.members.progress.query()).parts[0]!;
    expect(borrowers.steps.map((s) => s.id)).not.toContain("application2");
  });

  it("names the parts and their steps on the progress page in Spanish for a reader who chose Español", async () => {
    const { borrower } = await invitedAndJoined();
    borrower.b.cookies.set("heloc.lang", "es");
    const [borrowers, coborrowers] = (await borrower.b.trpc.members.progress.query()).parts;
    expect([borrowers!.label, coborrowers!.label]).toEqual(["Prestatario", "Coprestatario"]);
    expect(borrowers!.steps.find((s) => s.id === "coborrowerInvite")).toMatchObject({
      label: "Invite al coprestatario",
    });
    expect(coborrowers!.steps.find((s) => s.id === "application5")).toMatchObject({
      label: "Historial de empleo",
    });
  });

  it("names the steps on the progress page as applicants read them, in words either borrower can read", async () => {
    const { borrower, c } = await invitedAndJoined();
    for (const reader of [borrower.b, c]) {
      const [borrowers, coborrowers] = (await reader.trpc.members.progress.query()).parts;
      // The spec's "E-sign HECA" stays the portal's label; applicants read plain words.
      expect(borrowers!.steps.find((s) => s.id === "disclosures")).toMatchObject({
        label: "Sign the disclosures",
      });
      expect(borrowers!.steps.find((s) => s.id === "coborrowerInvite")).toMatchObject({
        label: "Invite the co-borrower",
      });
      expect(coborrowers!.steps.find((s) => s.id === "application5")).toMatchObject({
        label: "Employment History",
      });
      // Each card is read by the other borrower too: no step of it says "your".
      expect(
        [...borrowers!.steps, ...coborrowers!.steps]
          .map((s) => s.label)
          .filter((label) => /\byour\b/i.test(label)),
      ).toEqual([]);
    }
  });

  it("narrows the co-borrower to what they give themselves when the borrower takes their part back", async () => {
    const { borrower, c } = await invitedAndJoined();
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "borrower" } },
    });
    expect(
      await failureOf(
        c.trpc.step.submit.mutate({ stepId: "application2", answers: { coborrower: COBORROWER_DETAILS } }),
      ),
    ).toMatchObject({ httpStatus: 412, route: "/app/application/6" });
    expect(await c.session()).toMatchObject({ role: "coborrower", applicationStatus: "application7" });
    const page = await borrower.b.trpc.step.get.query({ stepId: "application2" });
    expect(page.part).toMatchObject({ except: THEIR_OWN });
  });

  it("ends the co-borrower's access when the borrower no longer applies with a co-borrower", async () => {
    const { borrower, c } = await invitedAndJoined();
    const {
      email: _email,
      emailVerifiedAt: _proven,
      employments: _jobs,
      incomeSources: _income,
      declarations: _declarations,
      demographics: _demographics,
      ownsOtherRealEstate: _other,
      isSelfEmployed: _self,
      phone: _phone,
      ...personal
    } = FIXTURE.user;
    await borrower.b.trpc.step.submit.mutate({
      stepId: "application",
      answers: { user: personal, setup: { hasCoborrower: false } },
    });
    expect(await failureOf(c.trpc.step.get.query({ stepId: "coborrowerSign" }))).toMatchObject({
      httpStatus: 404,
    });
    expect((await borrower.b.trpc.step.get.query({ stepId: "application" })).part).toMatchObject({
      except: [],
    });
  });
});

describe("the co-borrower's own answers (issue 37, item 7)", () => {
  /** A signed-in borrower at the demographics page, answering the co-borrower's part for them. */
  async function answeringFor() {
    const email = `maria.${randomUUID()}@example.com`;
    const { demographics: _m, declarations: _d, ...coborrower } = FIXTURE.coborrower;
    const who = await makeApplicant(server.services, {
      email,
      status: "application7",
      doc: {
        ...FIXTURE,
        user: { ...FIXTURE.user, email },
        coborrower,
        coborrowerInvite: { answeredBy: "borrower" },
      },
    });
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    return { ...who, b };
  }

  it("refuses a save of the co-borrower's demographics or declarations from the borrower's session, saving nothing (12 CFR 1003.4(a)(10)(i))", async () => {
    const { b, applicationId } = await answeringFor();
    const page = await b.trpc.step.get.query({ stepId: "application7" });
    // The borrower's page has no co-borrower copy: it is not theirs to answer.
    expect(page.part).toMatchObject({ except: THEIR_OWN });
    const before = await storedDoc(applicationId);
    const refused = await failureOf(
      b.trpc.step.submit.mutate({
        stepId: "application7",
        revision: page.revision!,
        answers: {
          user: { demographics: FIXTURE.user.demographics },
          coborrower: { demographics: FIXTURE.coborrower.demographics },
        },
      }),
    );
    expect(refused).toMatchObject({
      httpStatus: 403,
      fieldErrors: [{ pointer: "/coborrower/demographics" }],
    });
    expect(await storedDoc(applicationId)).toEqual(before);
    // Their own answers alone are saved; the co-borrower's declarations are refused the same way.
    const saved = await b.trpc.step.submit.mutate({
      stepId: "application7",
      revision: page.revision!,
      answers: { user: { demographics: FIXTURE.user.demographics } },
    });
    expect(saved.stepId).toBe("application8");
    const declarations = await failureOf(
      b.trpc.step.submit.mutate({
        stepId: "application8",
        revision: saved.revision,
        answers: {
          user: { declarations: FIXTURE.user.declarations },
          coborrower: { declarations: FIXTURE.coborrower.declarations },
        },
      }),
    );
    expect(declarations).toMatchObject({
      httpStatus: 403,
      fieldErrors: [{ pointer: "/coborrower/declarations" }],
    });
    const { doc } = await storedDoc(applicationId);
    expect(doc.coborrower).not.toHaveProperty("demographics");
    expect(doc.coborrower).not.toHaveProperty("declarations");
  });

  it("records the co-borrower's intent to apply jointly at the start of their part, and refuses their consents without it (12 CFR 1002.7(d)(1))", async () => {
    const borrower = await borrowerWithCoborrower();
    const email = `sam.${randomUUID()}@example.com`;
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
    });
    const c = browser(server.url);
    await c.trpc.members.accept.mutate({ token: inviteTokenIn(newestMail(server.dataDir, email)) });
    const consents = {
      electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, c) },
      creditCheck: { accepted: true },
      privacyNotice: { accepted: true },
    };
    const without = await failureOf(
      c.trpc.step.submit.mutate({ stepId: "coborrowerConsent", answers: { coborrowerConsents: consents } }),
    );
    expect(without).toMatchObject({ httpStatus: 400 });
    // Only the missing intent is named.
    expect(without?.fieldErrors?.length).toBeGreaterThan(0);
    expect(without?.fieldErrors?.every((e) => e.pointer.startsWith("/coborrowerConsents/jointIntent"))).toBe(
      true,
    );
    expect((await storedDoc(borrower.applicationId)).doc).not.toHaveProperty("coborrowerConsents");
    const page = await c.trpc.step.get.query({ stepId: "coborrowerConsent" });
    await c.trpc.step.submit.mutate({
      stepId: "coborrowerConsent",
      revision: page.revision!,
      answers: { coborrowerConsents: { jointIntent: { accepted: true }, ...consents } },
    });
    const { doc } = await storedDoc(borrower.applicationId);
    expect(doc.coborrowerConsents.jointIntent).toEqual({
      accepted: true,
      acceptedAt: expect.any(String),
      document: "joint-intent",
      version: "JOINT-INTENT-2026.1",
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The text names both borrowers: the one whose intent it records, and the one they apply with.
    const shown = await c.trpc.esign.documents.query({ ids: ["joint-intent"] });
    expect(JSON.stringify(shown)).toMatch(/Maria Alvarez/);
  });

  it("gives the co-borrower their own copy of the privacy notice at their account setup, in full, and records it with their acknowledgment (version, language, SHA-256, time, role); without the acknowledgment nothing is saved (12 CFR 1016.4(a), 12 CFR 1016.9)", async () => {
    const borrower = await borrowerWithCoborrower();
    const email = `sam.${randomUUID()}@example.com`;
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email } },
    });
    const c = browser(server.url);
    await c.trpc.members.accept.mutate({ token: inviteTokenIn(newestMail(server.dataDir, email)) });
    // Shown in full on their consent page, as the borrower's setup shows it.
    const step = server.services.defs.steps.get("coborrowerConsent")!.def;
    expect(JSON.stringify(step.uiSchema)).toContain('"documents":["privacy-notice"]');
    expect((await c.trpc.step.get.query({ stepId: "coborrowerConsent" })).stepId).toBe("coborrowerConsent");
    const [shown] = (await c.trpc.esign.documents.query({ ids: ["privacy-notice"] })).documents;
    expect(shown!.html).toContain("WHAT DOES");
    expect(shown!.html).toContain("Reasons we can share your personal information");

    // The borrower was given the very same text at their own account setup (Regulation P would let
    // that one notice serve both, 1016.9(g)): the co-borrower is still given their own.
    const store = applicationStore(server.services);
    const app = (await store.byId(server.services.db, borrower.applicationId))!;
    const borrowerCopy = {
      document: "privacy-notice",
      title: shown!.title,
      version: "GLBA-PRIVACY-2026.1",
      language: "en",
      sha256: shown!.sha256,
      sourceSha256: "0".repeat(64),
      values: {},
      givenAt: "2026-11-20T10:00:00.000Z",
      givenTo: "borrower",
      step: "setupConsent",
    };
    await transaction(server.services.db, (tx) =>
      store.save(tx, app, { ...app.doc, disclosuresGiven: { records: [borrowerCopy] } }, app.status),
    );

    const consents = {
      jointIntent: { accepted: true },
      electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, c) },
      creditCheck: { accepted: true },
    };
    const before = await storedDoc(borrower.applicationId);
    const refused = await failureOf(
      c.trpc.step.submit.mutate({ stepId: "coborrowerConsent", answers: { coborrowerConsents: consents } }),
    );
    expect(refused).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/coborrowerConsents/privacyNotice/accepted",
          message: "Check the box to confirm that you received our privacy statement",
        },
      ],
    });
    const unchanged = await storedDoc(borrower.applicationId);
    expect(unchanged.revision).toBe(before.revision);
    expect(unchanged.doc).toEqual(before.doc);

    const at = Date.now();
    await c.trpc.step.submit.mutate({
      stepId: "coborrowerConsent",
      answers: {
        coborrowerConsents: {
          ...consents,
          electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, c) },
          privacyNotice: { accepted: true },
        },
      },
    });
    const { doc } = await storedDoc(borrower.applicationId);
    const source = readFileSync(join(REPO_ROOT, "content/disclosures/privacy-notice.md"), "utf8");
    const version = /^version: "(.*)"$/m.exec(source)![1];
    expect(doc.coborrowerConsents.privacyNotice).toEqual({
      accepted: true,
      acceptedAt: expect.any(String),
      document: "privacy-notice",
      version,
      sha256: shown!.sha256,
    });
    const records = doc.disclosuresGiven.records as Record<string, any>[];
    expect(records[0]).toEqual(borrowerCopy);
    const theirs = records.filter((g) => g.document === "privacy-notice" && g.givenTo === "coborrower");
    expect(theirs).toEqual([
      expect.objectContaining({
        version,
        language: "en",
        sha256: shown!.sha256,
        sourceSha256: createHash("sha256").update(source).digest("hex"),
        step: "coborrowerConsent",
      }),
    ]);
    expect(Date.parse(theirs[0]!.givenAt)).toBeGreaterThanOrEqual(at - 1000);
  });

  it("has a co-borrower the borrower answered for give their own demographics and declarations, then review and attest their part, before they sign", async () => {
    const { borrower, c } = await invitedAndJoined();
    await c.trpc.step.submit.mutate({ stepId: "application2", answers: { coborrower: COBORROWER_DETAILS } });
    await borrower.b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "borrower" } },
    });
    expect(await c.session()).toMatchObject({ applicationStatus: "application7" });
    let page = await c.trpc.step.get.query({ stepId: "application7" });
    let saved = await c.trpc.step.submit.mutate({
      stepId: "application7",
      revision: page.revision!,
      answers: { coborrower: { demographics: FIXTURE.coborrower.demographics } },
    });
    expect(saved.stepId).toBe("application8");
    saved = await c.trpc.step.submit.mutate({
      stepId: "application8",
      revision: saved.revision,
      answers: { coborrower: { declarations: FIXTURE.coborrower.declarations } },
    });
    expect(saved).toMatchObject({ stepId: "coborrowerReview", route: "/app/application/coborrower-review" });
    // The review page shows them what the borrower answered about them.
    page = await c.trpc.step.get.query({ stepId: "coborrowerReview" });
    expect((page.application as Record<string, any>).coborrower).toMatchObject({
      firstName: COBORROWER_DETAILS.firstName,
      dateOfBirth: COBORROWER_DETAILS.dateOfBirth,
    });
    // Signing is not open before the review.
    expect(await failureOf(c.trpc.step.get.query({ stepId: "coborrowerSign" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/application/coborrower-review",
    });
    const unconfirmed = await failureOf(
      c.trpc.step.submit.mutate({
        stepId: "coborrowerReview",
        revision: page.revision!,
        answers: { coborrowerAttestation: { accepted: false } },
      }),
    );
    expect(unconfirmed?.fieldErrors?.map((e) => e.pointer)).toEqual(["/coborrowerAttestation/accepted"]);
    const attested = await c.trpc.step.submit.mutate({
      stepId: "coborrowerReview",
      revision: page.revision!,
      answers: { coborrowerAttestation: { accepted: true } },
    });
    expect(attested).toMatchObject({ stepId: "coborrowerSign" });
    const { doc } = await storedDoc(borrower.applicationId);
    expect(doc.coborrower.demographics).toEqual(FIXTURE.coborrower.demographics);
    expect(doc.coborrowerAttestation).toMatchObject({
      accepted: true,
      document: "coborrower-attestation",
      acceptedAt: expect.any(String),
    });
  });
});
