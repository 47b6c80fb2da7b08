// Issue 19: the server owns the application's path. No step beyond the next one opens; a signature
// covers the answers its figures rest on; after submission nothing on the applicant side changes;
// each borrower consents and signs in their own session; a portal rejection reopens the work; a
// submission sent twice is done once. Every refusal saves nothing.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { TRPCClientError } from "@trpc/client";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  applications,
  auditEvents,
  identityReviews,
  signatures,
  submitReceipts,
} from "@server/persistence/db/schema";
import {
  readDisclosure,
  recordedText,
  signedDocument,
  type SignedDocumentRecord,
} from "@server/features/esign/documents";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import { answersFor, singleBorrower, twoBorrowers, walk, withPdfCode } from "../helpers/journeys";
import { browser, newestMail, testServer, type Browser, type TestServer } from "../helpers/server";

// Each test walks an applicant through many steps, each with a real bot-check token.
vi.setConfig({ testTimeout: 180_000 });

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

type Failure = {
  message: string;
  httpStatus: number;
  code: string;
  route?: string;
  fieldErrors?: { pointer: string; message: string }[];
};
const failureOf = (promise: Promise<unknown>): Promise<Failure | null> =>
  promise.then(
    () => null,
    (e: unknown) =>
      e instanceof TRPCClientError
        ? { message: e.message, ...(e.data as Omit<Failure, "message">) }
        : Promise.reject(e),
  );

const rowOf = async (applicationId: string) =>
  (await server.services.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!;
const auditsOf = async (applicationId: string) =>
  server.services.db.select().from(auditEvents).where(eq(auditEvents.applicationId, applicationId));
const signaturesOf = (applicationId: string) =>
  server.services.db
    .select()
    .from(signatures)
    .where(eq(signatures.applicationId, applicationId))
    .orderBy(signatures.signedAt);
const applicationCount = async () =>
  (await server.services.db.select({ n: count() }).from(applications))[0]!.n;

/** A signed-in applicant made at `status` with a complete application (its path counts every step before the status as saved). */
async function applicantAt(status: string, doc: Record<string, any> = singleBorrower(), userAgent?: string) {
  const email = `applicant.${randomUUID()}@example.com`;
  // Stored as the server keeps it: the account number typed a second time is checked, never kept.
  const stored: Record<string, any> = structuredClone({ ...doc, user: { ...doc.user, email } });
  delete stored.disbursement?.accountNumberConfirm;
  const who = await makeApplicant(server.services, { email, status, doc: stored });
  const b = browser(server.url, { userAgent });
  expect(
    (await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password })).status,
  ).toBe(200);
  return { ...who, b, doc: { ...doc, user: { ...doc.user, email } } as Record<string, any> };
}

/** Sends a step's answers from the given application, at the browser's current revision. */
async function answer(b: Browser, stepId: string, doc: Record<string, any>, given?: Record<string, unknown>) {
  const { revision } = await b.trpc.step.get.query({ stepId });
  return b.trpc.step.submit.mutate({
    stepId,
    answers: await withPdfCode(server, b, stepId, answersFor(server, stepId, doc, given)),
    ...(revision !== null ? { revision } : {}),
  });
}

/** Answers the steps of the path from the due one until `until` is due. */
async function answerUntil(b: Browser, doc: Record<string, any>, until: string) {
  let at = (await b.session()).applicationStatus as string;
  for (let hops = 0; at !== until; hops++) {
    if (hops > 40) throw new Error(`never reached ${until}`);
    const result = await answer(b, at, doc);
    if (!result.stepId) throw new Error(`left the path at ${at} for ${result.route}`);
    at = result.stepId;
  }
}

describe("the path is the server's", () => {
  it("refuses a visitor who gave only a name and an email every later step, and saves nothing", async () => {
    const b = browser(server.url);
    const last = await walk(server, b, { until: "earlyDisclosures" });
    const { applicationId } = (
      await server.services.db
        .select({ applicationId: applications.id })
        .from(applications)
        .where(eq(applications.revision, last!.revision))
    )[0]!;
    const before = await rowOf(applicationId);
    for (const stepId of [
      "propertyValue",
      "mortgageEstimate",
      "previewOffer",
      "setupConsent",
      "application",
      "disclosures",
      "loanDisbursement",
    ]) {
      const failure = await failureOf(
        b.trpc.step.submit.mutate({ stepId, answers: answersFor(server, stepId, singleBorrower()) }),
      );
      expect(failure, stepId).toMatchObject({ httpStatus: 412, route: "/app/initial-setup/disclosures" });
    }
    const after = await rowOf(applicationId);
    expect(after.document).toBe(before.document);
    expect({ status: after.status, revision: after.revision }).toEqual({
      status: "earlyDisclosures",
      revision: before.revision,
    });
    expect(await signaturesOf(applicationId)).toEqual([]);
    expect((await auditsOf(applicationId)).map((e) => e.action)).toEqual([
      "step.submit:name",
      "step.submit:email",
      "step.submit:emailVerify",
    ]);
  });

  it("opens only the first question of a funnel to a visitor: a deep link is sent back to it", async () => {
    const b = browser(server.url);
    expect(await failureOf(b.trpc.step.get.query({ stepId: "previewOffer" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/initial-setup/name",
    });
    expect(await failureOf(b.trpc.step.get.query({ stepId: "prequalAddress" }))).toMatchObject({
      httpStatus: 412,
      route: "/prequal/building-type",
    });
    const applications = await applicationCount();
    expect(
      await failureOf(
        b.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue: 500000 } } }),
      ),
    ).toMatchObject({ httpStatus: 412 });
    expect(await applicationCount()).toBe(applications);
    expect(await b.session()).toEqual({});
  });

  it("never lets an applicant save or open a step beyond the next one", async () => {
    const who = await applicantAt("application3");
    const before = await rowOf(who.applicationId);
    for (const stepId of ["application5", "disclosures", "loanDisbursement"]) {
      expect(await failureOf(who.b.trpc.step.get.query({ stepId })), stepId).toMatchObject({
        httpStatus: 412,
        route: "/app/application/2",
      });
      expect(await failureOf(answer(who.b, stepId, who.doc)), stepId).toMatchObject({
        httpStatus: 412,
        route: "/app/application/2",
      });
    }
    expect((await rowOf(who.applicationId)).document).toBe(before.document);
    const saved = await answer(who.b, "application3", who.doc);
    expect(saved).toMatchObject({ stepId: "application4", applicationStatus: "application4" });
    expect(await failureOf(answer(who.b, "application5", who.doc))).toMatchObject({
      httpStatus: 412,
      route: "/app/application/3",
    });
  });

  it("counts as done only the steps saved on the path: after the offer, the account setup is due before the application", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "setupPhone" });
    const page = await b.trpc.step.get.query({ stepId: "previewOffer" });
    expect(page.due).toBe("setupPhone");
    expect(page.done).toEqual([
      "name",
      "email",
      "earlyDisclosures",
      "propertyValue",
      "mortgageEstimate",
      "hasFbm",
      "isSelfEmployed",
      "creditRange",
      "zip",
      ...(page.variant === "variantOne" ? ["propertyUsage"] : []),
      "creditScore",
      "mortgageBalance",
      "previewOffer",
    ]);
    expect(await failureOf(b.trpc.step.get.query({ stepId: "application" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/initial-setup/phone",
    });
    expect((await b.session()).applicationRoute).toBe("/app/initial-setup/phone");
  });

  it("leads a prequalified applicant through the account steps before the application", async () => {
    const b = browser(server.url);
    const last = await walk(server, b, { from: "prequalBuildingType", until: "setupPhone" });
    expect(last).toMatchObject({ route: "/app/initial-setup/phone", applicationStatus: "setupPhone" });
    expect(await failureOf(b.trpc.step.get.query({ stepId: "application" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/initial-setup/phone",
    });
  });
});

describe("income verification with one possible answer", () => {
  it("is passed over after signing, and an application already at its status is sent on from its page to identity verification", async () => {
    const who = await applicantAt("disclosures");
    const signed = await answer(who.b, "disclosures", who.doc);
    expect(signed).toMatchObject({
      applicationStatus: "identityVerification",
      route: "/app/application/identity-verification",
    });
    // One signed before the page was passed over: its status still names the page (application6 → income-verification).
    await server.services.db
      .update(applications)
      .set({ status: "application6" })
      .where(eq(applications.id, who.applicationId));
    expect(await who.b.session()).toMatchObject({
      applicationStatus: "application6",
      applicationRoute: "/app/application/income-verification",
    });
    expect(await failureOf(who.b.trpc.step.get.query({ stepId: "application6" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/application/identity-verification",
    });
    const next = await answer(who.b, "identityVerification", who.doc);
    expect(next).toMatchObject({ applicationStatus: "incomeDocs", route: "/app/application/upload" });
  });
});

describe("a signature covers the answers its figures rest on", () => {
  it("voids the signature when a covered answer changes before submission, and sends the borrower back to sign", async () => {
    const who = await applicantAt("disclosures");
    const signed = await answer(who.b, "disclosures", who.doc);
    expect(signed.applicationStatus).toBe("identityVerification"); // income verification is passed over: uploading is its only answer
    expect((await who.b.trpc.esign.status.query()).signing).not.toBeNull();

    const changed = await answer(who.b, "propertyValue", who.doc, { setup: { propertyValue: 900000 } });
    expect(changed.voided).toEqual(["borrower"]);
    expect(changed.applicationStatus).toBe("disclosures");
    const [row] = await signaturesOf(who.applicationId);
    expect(row!.voidedAt).not.toBeNull();
    expect((await who.b.trpc.esign.status.query()).signing).toBeNull();
    const voidEvent = (await auditsOf(who.applicationId)).find((e) => e.action === "esign.voided:borrower");
    expect(JSON.parse(voidEvent!.changed)).toEqual(["/setup/propertyValue"]);
    expect(newestMail(server.dataDir, who.email)).toMatch(
      /Please sign your home equity line of credit disclosures again/,
    );
    expect(await failureOf(who.b.trpc.step.get.query({ stepId: "identityVerification" }))).toMatchObject({
      httpStatus: 412,
      route: "/app/application/sign",
    });
  });

  it("keeps the signature when an answer it does not cover changes", async () => {
    const who = await applicantAt("disclosures");
    await answer(who.b, "disclosures", who.doc);
    const changed = await answer(who.b, "application7", who.doc, {
      user: { demographics: { ...who.doc.user.demographics, isWhite: false, isAfricanAmerican: true } },
    });
    expect(changed.voided).toBeUndefined();
    expect((await signaturesOf(who.applicationId))[0]!.voidedAt).toBeNull();
  });
});

describe("after submission", () => {
  it("refuses every change on the applicant side, and saves nothing", async () => {
    const who = await applicantAt("applicationSubmitted");
    const before = await rowOf(who.applicationId);
    for (const [stepId, given] of [
      ["application", { user: { ...who.doc.user, ssn: "123456789", dateOfBirth: "1990-01-01" } }],
      ["propertyValue", { setup: { propertyValue: 400000 } }],
      [
        "loanDisbursement",
        {
          disbursement: {
            ...who.doc.disbursement,
            bankAccount: { ...who.doc.disbursement.bankAccount, accountNumber: "999999999" },
            accountNumberConfirm: "999999999",
          },
        },
      ],
    ] as const) {
      const failure = await failureOf(answer(who.b, stepId, who.doc, given as Record<string, unknown>));
      expect(failure, stepId).toMatchObject({ httpStatus: 403, route: "/app/application/submitted" });
    }
    const after = await rowOf(who.applicationId);
    expect(after.document).toBe(before.document);
    expect(after.revision).toBe(before.revision);
    const page = await who.b.trpc.step.get.query({ stepId: "application" });
    expect(page.locked).toBe(true);
  });

  it("refuses a joined co-borrower's change too", async () => {
    const doc: Record<string, any> = {
      ...twoBorrowers(),
      coborrowerInvite: { answeredBy: "coborrower", email: `luis.${randomUUID()}@example.com` },
    };
    const who = await applicantAt("application3", doc);
    await answer(who.b, "coborrowerInvite", who.doc);
    const c = browser(server.url);
    const token = /\/app\/join\?token=([A-Za-z0-9_-]{43})/.exec(
      newestMail(server.dataDir, doc.coborrowerInvite.email),
    )![1]!;
    await c.trpc.members.accept.mutate({ token });
    await answer(c, "coborrowerConsent", doc, {
      coborrowerConsents: {
        jointIntent: { accepted: true },
        electronicCommunications: { accepted: true },
        creditCheck: { accepted: true },
        privacyNotice: { accepted: true },
      },
    });
    for (const stepId of ["application2", "application4", "application5"]) await answer(c, stepId, doc);
    await server.services.db
      .update(applications)
      .set({ status: "applicationSubmitted", completed: null })
      .where(eq(applications.id, who.applicationId));
    const before = await rowOf(who.applicationId);
    const pay = structuredClone(doc.coborrower.employments);
    pay[0].base = 999000;
    expect(
      await failureOf(answer(c, "application5", doc, { coborrower: { employments: pay } })),
    ).toMatchObject({ httpStatus: 403, route: "/app/application/submitted" });
    expect(await failureOf(answer(c, "application2", doc))).toMatchObject({ httpStatus: 403 });
    expect((await rowOf(who.applicationId)).document).toBe(before.document);
  });

  it("says the application is submitted on the progress page", async () => {
    const who = await applicantAt("applicationSubmitted");
    expect(await who.b.trpc.members.progress.query()).toMatchObject({ submitted: true });
  });
});

describe("each borrower signs for themselves", () => {
  it("has the borrower sign only their own name, mails the co-borrower a link, and submits once the co-borrower has consented and signed in their own session", async () => {
    const doc = twoBorrowers();
    doc.coborrower.email = `luis.${randomUUID()}@example.com`;
    const who = await applicantAt("disclosures", doc, "Borrower's browser/1.0");
    // The borrower's sign page takes only their own signature: a co-borrower's sent along is not theirs to give, and is refused.
    const { revision } = await who.b.trpc.step.get.query({ stepId: "disclosures" });
    const forThem = await failureOf(
      who.b.trpc.step.submit.mutate({
        stepId: "disclosures",
        answers: {
          ...answersFor(server, "disclosures", doc),
          coborrowerEsign: { signature: { name: `${doc.coborrower.firstName} ${doc.coborrower.lastName}` } },
        },
        revision: revision!,
      }),
    );
    expect(forThem).toMatchObject({ httpStatus: 403, fieldErrors: [{ pointer: "/coborrowerEsign" }] });
    expect((await signaturesOf(who.applicationId)).map((r) => r.signer)).toEqual([]);
    await who.b.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: answersFor(server, "disclosures", doc),
      revision: revision!,
    });
    expect(JSON.parse((await rowOf(who.applicationId)).document)).not.toHaveProperty("coborrowerEsign");
    expect((await signaturesOf(who.applicationId)).map((r) => r.signer)).toEqual(["borrower"]);
    const mail = newestMail(server.dataDir, doc.coborrower.email);
    expect(mail).toMatch(/Please sign your home equity line of credit application/);

    await answerUntil(who.b, doc, "awaitingSignatures");
    expect((await who.b.session()).applicationStatus).toBe("awaitingSignatures");
    expect(await who.b.trpc.members.progress.query()).toMatchObject({ submitted: false });

    const c = browser(server.url, { userAgent: "Co-borrower's phone/2.0" });
    const joined = await c.trpc.members.accept.mutate({
      token: /\/app\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!,
    });
    expect(joined).toEqual({ route: "/app/application/coborrower-consent", role: "coborrower" });
    // The co-borrower reads their own name and the borrower's, not the borrower's identifiers.
    const page = await c.trpc.step.get.query({ stepId: "coborrowerConsent" });
    expect(page.application).not.toHaveProperty("user.ssn");
    expect(await failureOf(c.trpc.step.get.query({ stepId: "application5" }))).toMatchObject({
      httpStatus: 412,
    });
    await answer(c, "coborrowerConsent", doc, {
      coborrowerConsents: {
        jointIntent: { accepted: true },
        electronicCommunications: { accepted: true },
        creditCheck: { accepted: true },
        privacyNotice: { accepted: true },
      },
    });
    // Their own demographics and declarations, then their review of what the borrower answered about them.
    await answer(c, "application7", doc, { coborrower: { demographics: doc.coborrower.demographics } });
    await answer(c, "application8", doc, { coborrower: { declarations: doc.coborrower.declarations } });
    await answer(c, "coborrowerReview", doc, { coborrowerAttestation: { accepted: true } });
    const wrongName = await failureOf(
      answer(c, "coborrowerSign", doc, {
        coborrowerEsign: {
          consent: { accepted: true },
          disclosures: { acknowledged: true },
          acknowledgments: { agreed: true },
          signature: { name: "Maria Alvarez" },
        },
      }),
    );
    expect(wrongName?.fieldErrors?.[0]?.pointer).toBe("/coborrowerEsign/signature/name");
    const signed = await answer(c, "coborrowerSign", doc, {
      coborrowerEsign: {
        consent: { accepted: true },
        disclosures: { acknowledged: true },
        acknowledgments: { agreed: true },
        signature: { name: `${doc.coborrower.firstName} ${doc.coborrower.lastName}` },
      },
    });
    expect(signed.route).toBe("/app/application/progress");

    const rows = await signaturesOf(who.applicationId);
    expect(rows.map((r) => [r.signer, r.typedName, r.userAgent])).toEqual([
      ["borrower", "Maria Alvarez", "Borrower's browser/1.0"],
      ["coborrower", `${doc.coborrower.firstName} ${doc.coborrower.lastName}`, "Co-borrower's phone/2.0"],
    ]);
    const stored = await rowOf(who.applicationId);
    expect(stored.status).toBe("applicationSubmitted");
    expect(JSON.parse(stored.document).coborrowerConsents.creditCheck).toMatchObject({
      accepted: true,
      document: "credit-check-authorization",
      acceptedAt: expect.any(String),
    });
    expect((await who.b.session()).applicationStatus).toBe("applicationSubmitted");
  });

  it("has each borrower give the URLA Section 6 acknowledgments and agreements as part of their own signature: refused without them, naming them, nothing saved; recorded with version, language, SHA-256, time and role", async () => {
    const doc = twoBorrowers();
    doc.coborrower.email = `luis.${randomUUID()}@example.com`;
    delete doc.esign.acknowledgments;
    const who = await applicantAt("disclosures", doc);
    const without = (answers: Record<string, any>, key: string) => {
      const copy = structuredClone(answers);
      delete copy[key].acknowledgments;
      return copy;
    };
    const section6 = readDisclosure("urla-acknowledgments")!;
    const recorded = (row: { documents: string }) =>
      (JSON.parse(row.documents) as SignedDocumentRecord[]).find((d) => d.id === "urla-acknowledgments");

    // The borrower: a signature without the acknowledgments is refused, naming them; nothing is saved.
    const before = (await rowOf(who.applicationId)).document;
    const { revision } = await who.b.trpc.step.get.query({ stepId: "disclosures" });
    const refused = await failureOf(
      who.b.trpc.step.submit.mutate({
        stepId: "disclosures",
        answers: answersFor(server, "disclosures", doc),
        revision: revision!,
      }),
    );
    expect(refused?.fieldErrors).toEqual([
      {
        pointer: "/esign/acknowledgments/agreed",
        message: expect.stringMatching(
          /Acknowledgments and Agreements \(Section 6 of the loan application\)/,
        ),
      },
    ]);
    expect(await signaturesOf(who.applicationId)).toEqual([]);
    expect((await rowOf(who.applicationId)).document).toBe(before);

    const signedAt = Date.now();
    doc.esign.acknowledgments = { agreed: true };
    await who.b.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: answersFor(server, "disclosures", doc),
      revision: revision!,
    });
    const [borrowerRow] = await signaturesOf(who.applicationId);
    expect(borrowerRow!.signer).toBe("borrower");
    expect(borrowerRow!.signedAt.getTime()).toBeGreaterThanOrEqual(signedAt - 1000);
    expect(recorded(borrowerRow!)).toMatchObject({
      version: section6.version,
      language: "en",
      sha256: signedDocument(section6, recorded(borrowerRow!)!.values).sha256,
      sourceSha256: createHash("sha256").update(section6.source).digest("hex"),
    });
    expect(JSON.parse((await rowOf(who.applicationId)).document).esign.acknowledgments).toEqual({
      agreed: true,
    });
    await answerUntil(who.b, doc, "awaitingSignatures");

    // The co-borrower, in their own session: the same refusal, then their own record.
    const c = browser(server.url);
    await c.trpc.members.accept.mutate({
      token: /\/app\/join\?token=([A-Za-z0-9_-]{43})/.exec(
        newestMail(server.dataDir, doc.coborrower.email),
      )![1]!,
    });
    await answer(c, "coborrowerConsent", doc, {
      coborrowerConsents: {
        jointIntent: { accepted: true },
        electronicCommunications: { accepted: true },
        creditCheck: { accepted: true },
        privacyNotice: { accepted: true },
      },
    });
    await answer(c, "application7", doc, { coborrower: { demographics: doc.coborrower.demographics } });
    await answer(c, "application8", doc, { coborrower: { declarations: doc.coborrower.declarations } });
    await answer(c, "coborrowerReview", doc, { coborrowerAttestation: { accepted: true } });
    const theirs = {
      coborrowerEsign: {
        consent: { accepted: true },
        disclosures: { acknowledged: true },
        acknowledgments: { agreed: true },
        signature: { name: `${doc.coborrower.firstName} ${doc.coborrower.lastName}` },
      },
    };
    const beforeTheirs = (await rowOf(who.applicationId)).document;
    const theirsRefused = await failureOf(
      answer(c, "coborrowerSign", doc, without(theirs, "coborrowerEsign")),
    );
    expect(theirsRefused?.fieldErrors?.map((e) => e.pointer)).toEqual([
      "/coborrowerEsign/acknowledgments/agreed",
    ]);
    expect((await signaturesOf(who.applicationId)).map((r) => r.signer)).toEqual(["borrower"]);
    expect((await rowOf(who.applicationId)).document).toBe(beforeTheirs);

    await answer(c, "coborrowerSign", doc, theirs);
    const coborrowerRow = (await signaturesOf(who.applicationId)).find((r) => r.signer === "coborrower")!;
    expect(recorded(coborrowerRow)).toMatchObject({ version: section6.version, language: "en" });
    expect(recorded(coborrowerRow)!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(recordedText(recorded(coborrowerRow)!)).toMatchObject({ ok: true });
    expect((await rowOf(who.applicationId)).status).toBe("applicationSubmitted");
  });

  it("shows the portal who signed and when, per borrower", async () => {
    const who = await applicantAt("disclosures");
    await answer(who.b, "disclosures", who.doc);
    const staff = await makePortalUser(server.services);
    const p = browser(server.url);
    await signInPortal(server, p, staff);
    const file = await p.trpc.portal.applications.get.query({ applicationId: who.applicationId });
    expect(file.signatures).toEqual([
      expect.objectContaining({
        signer: "borrower",
        signerLabel: "Borrower",
        typedName: "Maria Alvarez",
        signedAt: expect.any(String),
        voidedAt: null,
      }),
    ]);
  });
});

describe("a portal rejection reopens the work", () => {
  const photo = () =>
    new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1024)]));
  async function uploadId(b: Browser, side: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ documentType: "id_document", borrower: "borrower", side }))
      form.append(k, v);
    form.append("file", new Blob([photo()], { type: "image/jpeg" }), `${side}.jpg`);
    const res = await b.fetch(`${server.url}/api/upload`, {
      method: "POST",
      headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
      body: form,
    });
    expect(res.status).toBe(201);
  }
  const idRequirement = async (b: Browser) =>
    (await b.trpc.documents.required.query()).requirements.find((r) => r.documentType === "id_document")!;

  it("asks again for a rejected ID with its reason, mails the borrower, and takes a new one after submission", async () => {
    const who = await applicantAt("applicationSubmitted");
    await uploadId(who.b, "front");
    await uploadId(who.b, "back");
    expect((await idRequirement(who.b)).uploaded).toBe(1);
    const [review] = await server.services.db
      .select()
      .from(identityReviews)
      .where(eq(identityReviews.applicationId, who.applicationId));
    const staff = await makePortalUser(server.services);
    const p = browser(server.url);
    await signInPortal(server, p, staff);
    await p.trpc.portal.identityReviews.reject.mutate({
      reviewId: review!.id,
      reason: "The photo is too blurry to read the license number",
    });

    expect((await idRequirement(who.b)).uploaded).toBe(0);
    const listed = await who.b.trpc.uploads.list.query();
    expect(listed.uploads.map((u) => u.review)).toEqual([
      { status: "rejected", reason: "The photo is too blurry to read the license number" },
      { status: "rejected", reason: "The photo is too blurry to read the license number" },
    ]);
    expect(newestMail(server.dataDir, who.email)).toMatch(
      /The reason: The photo is too blurry to read the license number/,
    );

    await uploadId(who.b, "front");
    await uploadId(who.b, "back");
    expect((await idRequirement(who.b)).uploaded).toBe(1);
    const reviews = await server.services.db
      .select()
      .from(identityReviews)
      .where(
        and(eq(identityReviews.applicationId, who.applicationId), eq(identityReviews.status, "pending")),
      );
    expect(reviews).toHaveLength(1);
    expect(
      (await p.trpc.portal.identityReviews.pending.query()).reviews.some(
        (r) => r.applicationId === who.applicationId,
      ),
    ).toBe(true);
  });

  it("reopens any document the portal rejects with a reason", async () => {
    const who = await applicantAt("incomeDocs");
    const form = new FormData();
    form.append("documentType", "bank_statements");
    form.append("borrower", "borrower");
    form.append(
      "file",
      new Blob([new Uint8Array(Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(512)]))], {
        type: "application/pdf",
      }),
      "statement.pdf",
    );
    const res = await who.b.fetch(`${server.url}/api/upload`, {
      method: "POST",
      headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await who.b.botToken() },
      body: form,
    });
    const { upload } = (await res.json()) as { upload: { id: string } };
    const count = async () =>
      (await who.b.trpc.documents.required.query()).requirements.find(
        (r) => r.documentType === "bank_statements",
      )!.uploaded;
    expect(await count()).toBe(1);
    const staff = await makePortalUser(server.services);
    const p = browser(server.url);
    await signInPortal(server, p, staff);
    expect(
      await failureOf(
        p.trpc.portal.uploads.review.mutate({
          applicationId: who.applicationId,
          uploadId: upload.id,
          decision: "rejected",
        }),
      ),
    ).toMatchObject({ httpStatus: 400 });
    await p.trpc.portal.uploads.review.mutate({
      applicationId: who.applicationId,
      uploadId: upload.id,
      decision: "rejected",
      reason: "This statement is older than 60 days",
    });
    expect(await count()).toBe(0);
    expect((await who.b.trpc.uploads.list.query()).uploads[0]!.review).toEqual({
      status: "rejected",
      reason: "This statement is older than 60 days",
    });
  });
});

describe("a submission is done once", () => {
  it("makes one account and application of a double click on the first question, with the same answer twice", async () => {
    // Several rounds of a triple click: on PostgreSQL the clicks' transactions collide and are
    // retried, and a retry that replays the first answer must not send the cookie of a session its
    // rolled-back first try made (4 of 30 rounds did before that was fixed).
    for (let round = 0; round < 8; round++) {
      const before = await applicationCount();
      const b = browser(server.url, { batch: false });
      const idempotencyKey = randomBytes(16).toString("base64url");
      const send = () =>
        b.trpc.step.submit.mutate({
          stepId: "name",
          answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
          idempotencyKey,
        });
      const [first, ...again] = await Promise.all([send(), send(), send()]);
      for (const answer of again) expect(answer).toEqual(first);
      expect(await applicationCount()).toBe(before + 1);
      expect((await b.session()).applicationStatus).toBe("email");
    }
  });

  it("answers a repeated submission of the same answers at the same revision without a conflict", async () => {
    const who = await applicantAt("application4");
    const { revision } = await who.b.trpc.step.get.query({ stepId: "application3" });
    const answers = answersFor(server, "application3", who.doc);
    const first = await who.b.trpc.step.submit.mutate({
      stepId: "application3",
      answers,
      revision: revision!,
    });
    const again = await who.b.trpc.step.submit.mutate({
      stepId: "application3",
      answers,
      revision: revision!,
    });
    expect(again).toMatchObject({
      stepId: first.stepId,
      route: first.route,
      applicationStatus: first.applicationStatus,
    });
    const changed = await failureOf(
      who.b.trpc.step.submit.mutate({
        stepId: "application3",
        answers: { ...answers, isInTrust: !answers.isInTrust },
        revision: revision!,
      }),
    );
    expect(changed).toMatchObject({ httpStatus: 409 });
  });

  it("replays a first answer only to the account that sent it", async () => {
    const one = await applicantAt("application4");
    const other = await applicantAt("application4");
    const idempotencyKey = randomBytes(16).toString("base64url");
    const mine = await one.b.trpc.step.submit.mutate({
      stepId: "application3",
      answers: answersFor(server, "application3", one.doc),
      idempotencyKey,
    });
    const theirs = await other.b.trpc.step.submit.mutate({
      stepId: "application3",
      answers: answersFor(server, "application3", other.doc),
      idempotencyKey,
    });
    expect(theirs.revision).toBe((await rowOf(other.applicationId)).revision);
    expect(mine.revision).toBe((await rowOf(one.applicationId)).revision);
    expect((await auditsOf(other.applicationId)).map((e) => e.action)).toContain("step.submit:application3");
    expect((await server.services.db.select().from(submitReceipts)).length).toBeGreaterThan(0);
  });
});
