// Disclosures and e-sign over real HTTP: submitting the sign step records a signature per signer
// (typed name, server time, IP address, user agent, and the SHA-256 and version of the exact text
// of each document), the signed PDF downloads for its owner only, and the loan-disbursement step
// keeps the bank account number sealed. The step format's `effects` are checked by the linter.
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { applications, signatures } from "@server/persistence/db/schema";
import { readDisclosure, recordedText, signedDocument } from "@server/features/esign/documents";
import { assertDrawMayBeReleased } from "@server/features/esign/draw-release";
import { applicationStore } from "@server/persistence/store/applications";
import { registeredEffectKinds } from "@server/transport/trpc/routers/step";
import type { AppRouter } from "@server/transport/trpc/router";
import { makeApplicant } from "../helpers/accounts";
import { CREDIT_SCORE_USED } from "../helpers/credit-score";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";
import { freshDefinitions, liveLender, productionLender } from "../helpers/lender";
import { pdfText } from "../helpers/pdf";
import { browser, testServer, type TestServer } from "../helpers/server";

const DISCLOSURES = join(REPO_ROOT, "content/disclosures");
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) EsignTest/1.0";
const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const lender = JSON.parse(readFileSync(join(REPO_ROOT, "content/lender.json"), "utf8")) as Record<
  string,
  any
>;
const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");
const fill = (text: string, values: Record<string, string>) =>
  text.replace(
    /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g,
    (_, name: string) => values[name] ?? "[not available yet]",
  );

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

/** A signed-in applicant at the sign step; `together` gives them the fixture's co-borrower. */
async function applicantAtSign({
  together = true,
  status = "disclosures",
  change = (_doc: Record<string, any>) => {},
} = {}) {
  const email = `${crypto.randomUUID()}@example.com`;
  const doc = structuredClone(fixture);
  change(doc);
  doc.user.email = email;
  doc.setup.hasCoborrower = together;
  if (!together) delete doc.coborrower;
  const who = await makeApplicant(server.services, { email, status, doc });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  // The same client, sending a browser's User-Agent as a real browser does.
  const trpc = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${server.url}/api/trpc`,
        fetch: b.fetch as typeof fetch,
        headers: async ({ op }) => ({
          "X-Same-Origin": "1",
          "User-Agent": USER_AGENT,
          ...(op.type === "mutation" ? { "X-Recaptcha-Token": await b.botToken() } : {}),
        }),
      }),
    ],
  });
  return { ...who, b, trpc };
}

const signAnswers = (signature: Record<string, string>) => ({
  esign: {
    consent: { accepted: true },
    disclosures: { acknowledged: true },
    acknowledgments: { agreed: true },
    signature,
  },
});
/** Oldest signing first; within one, the borrower before the co-borrower. */
const rowsOf = (applicationId: string) =>
  server.services.db
    .select()
    .from(signatures)
    .where(eq(signatures.applicationId, applicationId))
    .orderBy(signatures.signedAt, signatures.signer);

interface RecordedDocument {
  id: string;
  version: string;
  sha256: string;
  sourceSha256: string;
  values: Record<string, string>;
}

describe("signing the disclosures (the sign step's recordSignatures effect)", () => {
  it("records the borrower's own signature: typed name, server time, IP address, user agent, and the SHA-256 and version of each document's exact text", async () => {
    const who = await applicantAtSign();
    const before = Date.now();
    const result = await who.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    expect(result.applicationStatus).toBe("identityVerification");
    const rows = await rowsOf(who.applicationId);
    expect(rows.map((r) => [r.signer, r.typedName])).toEqual([["borrower", "Maria Alvarez"]]);
    for (const row of rows) {
      expect(row.signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.signedAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(row.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
      expect(row.userAgent).toBe(USER_AGENT);
    }

    const documents = JSON.parse(rows[0]!.documents) as RecordedDocument[];
    // The E-SIGN consent first, then the Regulation Z important terms, the CFPB booklet summary, the
    // FCRA 609(g) notice and the URLA Section 6 acknowledgments the borrower gives.
    expect(documents.map((d) => d.id)).toEqual([
      "e-sign-consent",
      "heloc-important-terms",
      "heloc-booklet",
      "credit-score-notice",
      "urla-acknowledgments",
    ]);
    for (const d of documents) {
      const source = readFileSync(join(DISCLOSURES, `${d.id}.md`), "utf8");
      expect(d.version).toBe(/^version: "(.*)"$/m.exec(source)![1]);
      expect(d.sourceSha256).toBe(sha256(source));
      expect(d.sha256).toBe(sha256(fill(source, d.values)));
    }
    // Worked out here, not read from the record: the consent's only figures are the lender's details.
    const consent = readFileSync(join(DISCLOSURES, "e-sign-consent.md"), "utf8");
    const a = lender.address;
    const lenderAddress = `${a.line1}, ${a.line2}, ${a.city}, ${a.state} ${a.zip}`;
    expect(documents[0]!.sha256).toBe(
      sha256(
        fill(consent, {
          legalName: lender.legalName,
          supportEmail: lender.supportEmail,
          supportPhone: lender.supportPhone,
          paperCopyYears: String(lender.paperCopyYears),
          lenderAddress,
        }),
      ),
    );
    // The terms carry this applicant's offer: $585,000 × 85% − $241,300 = $255,900 at the very-good-credit APR.
    expect(documents[1]!.values).toMatchObject({
      lineAmount: "$255,900",
      apr: "8.74%",
      drawPeriodYears: "10",
      repaymentPeriodYears: "20",
    });
  });

  it("gives the borrower the Notice to the Home Loan Applicant with the credit score we used, and records it with the signature", async () => {
    const who = await applicantAtSign({ together: false });
    const before = (await who.trpc.esign.documents.query({ ids: ["credit-score-notice"] })).documents[0]!;
    expect(before.values.creditScoreDisclosure).toMatch(
      /^We have not yet used a credit score from a consumer reporting agency/,
    );

    const used = CREDIT_SCORE_USED;
    const scored = await applicantAtSign({
      together: false,
      change: (doc) => void (doc.user.creditScoreUsed = used),
    });
    const notice = (await scored.trpc.esign.documents.query({ ids: ["credit-score-notice"] })).documents[0]!;
    expect(notice.title).toBe("Notice to the home loan applicant");
    expect(notice.values.creditScoreDisclosure).toBe(
      "The credit score we used on your application is 742 (FICO Score 8). Scores of this model range from 300 to 850. Your credit score ranks higher than 42% of U.S. consumers scored with this model. It was created on November 20, 2026 by Equifax Information Services LLC, P.O. Box 740241, Atlanta, GA 30374, telephone (866) 349-5191. Key factors that adversely affected your credit score: Proportion of balances to credit limits is too high; Length of time accounts have been established.",
    );
    await scored.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    const recorded = (
      JSON.parse((await rowsOf(scored.applicationId))[0]!.documents) as RecordedDocument[]
    ).find((d) => d.id === "credit-score-notice")!;
    expect(recorded.values.creditScoreDisclosure).toBe(notice.values.creditScoreDisclosure);
  });

  it("gives the ECOA copy-of-appraisal notice when the line takes first lien on the home, not behind a mortgage kept (12 CFR 1002.14(a)(1))", async () => {
    const ids = ["heloc-important-terms", "credit-score-notice", "appraisal-notice"];
    const behindAMortgage = await applicantAtSign({ together: false });
    expect((await behindAMortgage.trpc.esign.documents.query({ ids })).documents.map((d) => d.id)).toEqual([
      "heloc-important-terms",
      "credit-score-notice",
    ]);

    const freeAndClear = await applicantAtSign({
      together: false,
      change: (doc) => void (doc.mortgages = []),
    });
    const shown = (await freeAndClear.trpc.esign.documents.query({ ids })).documents;
    expect(shown.map((d) => d.id)).toEqual(ids);
    expect(shown[2]!.title).toBe("Your right to a copy of the appraisal");
    await freeAndClear.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    const recorded = JSON.parse(
      (await rowsOf(freeAndClear.applicationId))[0]!.documents,
    ) as RecordedDocument[];
    expect(recorded.map((d) => d.id)).toContain("appraisal-notice");
  });

  it("gives the ECOA copy-of-appraisal notice when the line pays off the mortgage on the home when it opens, making it first lien (12 CFR 1002.14(a)(1))", async () => {
    const ids = ["heloc-important-terms", "credit-score-notice", "appraisal-notice"];
    const paysOff = await applicantAtSign({
      together: false,
      // m1 is the mortgage on the home; m2 a solar loan; m3 is on the other property owned.
      change: (doc) =>
        void ((doc.mortgages as { id: string; toBePaidOff?: boolean }[])[0]!.toBePaidOff = true),
    });
    expect((await paysOff.trpc.esign.documents.query({ ids })).documents.map((d) => d.id)).toEqual(ids);
  });

  it("takes no co-borrower's name on the borrower's sign page: each borrower signs for themselves", async () => {
    const who = await applicantAtSign();
    const error = await who.trpc.step.submit
      .mutate({
        stepId: "disclosures",
        answers: signAnswers({ borrowerName: "Maria Alvarez", coborrowerName: "James Alvarez" }),
      })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<never>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/esign/signature/coborrowerName" }],
    });
    expect(await rowsOf(who.applicationId)).toEqual([]);
  });

  it("shows the page the same versions, figures and hashes a signature then records", async () => {
    const who = await applicantAtSign();
    const ids = [
      "e-sign-consent",
      "heloc-important-terms",
      "heloc-booklet",
      "credit-score-notice",
      "urla-acknowledgments",
    ];
    const shown = await who.trpc.esign.documents.query({ ids });
    await who.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    const recorded = JSON.parse((await rowsOf(who.applicationId))[0]!.documents) as RecordedDocument[];
    expect(
      shown.documents.map(({ id, version, sha256, values }) => ({ id, version, sha256, values })),
    ).toEqual(recorded.map(({ id, version, sha256, values }) => ({ id, version, sha256, values })));
  });

  it("records nothing when the submit is refused", async () => {
    const who = await applicantAtSign();
    const error = await who.trpc.step.submit
      .mutate({ stepId: "disclosures", answers: signAnswers({ borrowerName: "Somebody Else" }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/esign/signature/borrowerName" }],
    });
    expect(await rowsOf(who.applicationId)).toEqual([]);
  });

  it("records a new signature when the step is signed again; the latest counts", async () => {
    const who = await applicantAtSign({ together: false });
    await who.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    const first = (await who.trpc.esign.status.query()).signing!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await who.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "maria alvarez" }),
    });
    expect(await rowsOf(who.applicationId)).toHaveLength(2);
    const latest = (await who.trpc.esign.status.query()).signing!;
    expect(latest.signedAt > first.signedAt).toBe(true);
    expect(latest.signers).toEqual([
      { signatureId: expect.any(String), signer: "borrower", typedName: "maria alvarez" },
    ]);
    expect(latest.pdfUrl).toBe(`/api/esign/${latest.signers[0]!.signatureId}.pdf`);
  });

  it("gives a different hash for a changed document text, and will not rebuild a signed copy from it", () => {
    const dir = mkdtempSync(join(tmpdir(), "heloc-disclosures-"));
    copyFileSync(join(DISCLOSURES, "heloc-booklet.md"), join(dir, "heloc-booklet.md"));
    const values = { supportEmail: "help@example.com", supportPhone: "(555) 010-0000" };
    const original = signedDocument(readDisclosure("heloc-booklet", dir)!, values);
    const text = readFileSync(join(dir, "heloc-booklet.md"), "utf8");
    writeFileSync(
      join(dir, "heloc-booklet.md"),
      text.replace("you could lose your home", "you might lose your home"),
    );
    const changed = signedDocument(readDisclosure("heloc-booklet", dir)!, values);
    expect(changed.version).toBe(original.version); // same version string...
    expect(changed.sha256).not.toBe(original.sha256); // ...but not the same text
    expect(recordedText(original, dir)).toEqual({
      ok: false,
      reason: expect.stringContaining("has changed since version"),
    });
    // And another figure is another text, too.
    expect(
      signedDocument(readDisclosure("heloc-booklet", dir)!, { ...values, supportPhone: "(555) 010-0001" })
        .sha256,
    ).not.toBe(changed.sha256);
  });
});

describe("the signed PDF", () => {
  let owner: Awaited<ReturnType<typeof applicantAtSign>>;
  let pdf: Uint8Array;
  let signatureId: string;

  beforeAll(async () => {
    owner = await applicantAtSign();
    await owner.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    signatureId = (await rowsOf(owner.applicationId))[0]!.id;
    const res = await owner.b.fetch(`${server.url}/api/esign/${signatureId}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="heloc-disclosures-signed.pdf"',
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    pdf = new Uint8Array(await res.arrayBuffer());
  });

  it("is a PDF of the documents followed by a signature certificate page", async () => {
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4); // a page or more per document, then the certificate
    expect(doc.getSubject()).toContain(owner.applicationId);
    const text = pdfText(pdf);
    expect(text).toContain("Consent to electronic records and signatures");
    expect(text).toContain("What you should know about home equity lines of credit");
    const certificate = text.slice(text.lastIndexOf("Signature certificate"));
    const rows = await rowsOf(owner.applicationId);
    const documents = JSON.parse(rows[0]!.documents) as RecordedDocument[];
    for (const needle of [
      `Application: ${owner.applicationId}`,
      "Typed name: Maria Alvarez",
      `Signed at: ${rows[0]!.signedAt.toISOString().replace("T", " ").slice(0, 19)} UTC`,
      `IP address: ${rows[0]!.ip}`,
      USER_AGENT.slice(0, 20),
      ...documents.flatMap((d) => [`Document id: ${d.id}`, `Version: ${d.version}`, d.sha256]),
    ])
      expect(certificate).toContain(needle);
  });

  it("is kept in file storage, content-addressed, from the moment of signing", async () => {
    const keys = new Set((await rowsOf(owner.applicationId)).map((r) => r.pdfKey));
    expect([...keys]).toEqual([sha256(pdf)]);
    expect(new Uint8Array((await server.services.storage.get(sha256(pdf)))!)).toEqual(pdf);
  });

  it("downloads as the latest signing too", async () => {
    const res = await owner.b.fetch(`${server.url}/api/esign/latest.pdf`);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(pdf));
  });

  it("is not found for another applicant, and asks a visitor to sign in", async () => {
    const other = await applicantAtSign();
    expect((await other.b.fetch(`${server.url}/api/esign/${signatureId}.pdf`)).status).toBe(404);
    expect((await other.b.fetch(`${server.url}/api/esign/latest.pdf`)).status).toBe(404);
    const visitor = await fetch(`${server.url}/api/esign/${signatureId}.pdf`);
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("content-type")).toMatch(/json/);
  });

  it("refuses a download another site starts", async () => {
    const res = await owner.b.fetch(`${server.url}/api/esign/${signatureId}.pdf`, {
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });
});

describe("the loan-disbursement step", () => {
  const disbursement = (drawAmount: number) => ({
    disbursement: {
      drawAmount,
      bankAccount: {
        holderName: "Maria Alvarez",
        accountType: "checking",
        routingNumber: "021000021",
        accountNumber: "000987654321",
      },
      accountNumberConfirm: "000987654321",
      rescission: { acknowledged: true },
    },
  });

  it("stores the account number encrypted and answers it masked", async () => {
    const who = await applicantAtSign({ status: "loanDisbursement" });
    const result = await who.trpc.step.submit.mutate({
      stepId: "loanDisbursement",
      answers: disbursement(50000),
    });
    // Submitted once the co-borrower has signed too: until then the borrower waits for them.
    expect(result.applicationStatus).toBe("awaitingSignatures");
    const row = (
      await server.services.db
        .select({ document: applications.document })
        .from(applications)
        .where(eq(applications.id, who.applicationId))
    )[0]!;
    expect(row.document).not.toContain("000987654321");
    expect(row.document).not.toContain("987654321");
    const sealed = JSON.parse(row.document).disbursement.bankAccount.accountNumber as string;
    expect(server.services.cipher.decrypt(sealed)).toBe("000987654321");
    const { application } = await who.trpc.step.get.query({ stepId: "loanDisbursement" });
    expect((application as any).disbursement.bankAccount).toMatchObject({
      accountNumber: "••••4321",
      routingNumber: "021000021",
    });
    expect(JSON.stringify(application)).not.toContain("987654321");
  });

  it("refuses a draw above the approved line, naming the field, and saves nothing", async () => {
    const who = await applicantAtSign({ status: "loanDisbursement" });
    const error = await who.trpc.step.submit
      .mutate({ stepId: "loanDisbursement", answers: disbursement(255901) })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<never>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/disbursement/drawAmount",
          message:
            "Your first draw cannot be more than your line leaves you to draw, after the mortgages it pays off",
        },
      ],
    });
    const row = (
      await server.services.db
        .select({ document: applications.document })
        .from(applications)
        .where(eq(applications.id, who.applicationId))
    )[0]!;
    expect(JSON.parse(row.document).disbursement).toBeUndefined();
  });

  it("shows the right-to-cancel dates for a primary residence", async () => {
    const who = await applicantAtSign({ status: "loanDisbursement" });
    const r = await who.trpc.esign.rescission.query();
    expect(r).toMatchObject({ applies: true, businessDays: 3, countedFrom: "today" });
    expect(r.earliestDisbursementDate > r.endDate && r.endDate > r.startDate).toBe(true);
    const { documents } = await who.trpc.esign.documents.query({ ids: ["right-to-cancel"] });
    expect(documents[0]!.values).toMatchObject({
      rescissionEndDate: expect.stringMatching(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/),
    });
  });
});

describe("no draw before the account opens (1026.15(c)): signing the disclosures opens nothing", () => {
  it("refuses to move a primary-residence line to funded after the disclosures are signed, however long after: the account opens at closing", async () => {
    const who = await applicantAtSign({ together: false });
    await who.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    const { services } = server;
    const store = applicationStore(services);
    const app = (await store.byId(services.db, who.applicationId))!;
    // step.submit, the one path that moves the status forward, asks this before it saves.
    for (const at of [new Date(), new Date(Date.now() + 30 * 86400000)]) {
      const refused = await assertDrawMayBeReleased(services.db, services, app, app.doc, "funded", at).catch(
        (e: unknown) => e,
      );
      expect((refused as Error).message).toBe(
        'The line cannot move to "funded": the account is not open yet: it opens when every borrower has signed the closing documents and the notarization is recorded.',
      );
    }
    expect((await store.byId(services.db, who.applicationId))!.status).toBe(app.status);
    // A status that releases no money is never held back.
    await expect(
      assertDrawMayBeReleased(services.db, services, app, app.doc, "application6", new Date()),
    ).resolves.toBeUndefined();
  });
});

describe("esign inputs", () => {
  it("names a bad document name, and refuses a visitor", async () => {
    const who = await applicantAtSign();
    const error = await who.trpc.esign.documents
      .query({ ids: ["../../server/app"] })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<never>).data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/ids/0" }],
    });
    const missing = await who.trpc.esign.documents
      .query({ ids: ["no-such-document"] })
      .catch((e: unknown) => e);
    expect((missing as TRPCClientError<never>).data).toMatchObject({ httpStatus: 404 });
    const visitor = await browser(server.url)
      .trpc.esign.status.query()
      .catch((e: unknown) => e);
    expect((visitor as TRPCClientError<never>).data).toMatchObject({ httpStatus: 401 });
  });
});

describe("step effects in the step format", () => {
  it("has a server handler for every kind the format allows, and every signed document on disk", async () => {
    const kinds = (repo.defs.files.schemas["step.schema.json"] as any).properties.effects.items.properties
      .kind.enum as string[];
    expect(registeredEffectKinds().sort()).toEqual([...kinds].sort());
    for (const { def } of repo.defs.steps.values())
      for (const effect of def.effects ?? [])
        for (const id of effect.documents ?? [])
          expect(readDisclosure(id), `${def.id}: ${id}`).not.toBeNull();
  });

  it("refuses a step that signs a document it does not show, or reads a signature from a field it does not ask", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/sign.json", (step) => {
      step.effects[0].documents.push("right-to-cancel");
      step.effects[0].signers.borrower = "/esign/signature/borrowerNmae";
    });
    const messages = loadCopy(copy).problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(messages).toContain(
      'steps/application/sign.json#/effects/0/documents/6: document "right-to-cancel" is signed but the step does not show it (no disclosureDocuments display names it)',
    );
    expect(messages).toContain(
      'steps/application/sign.json#/effects/0/signers/borrower: field "/esign/signature/borrowerNmae" is not in this step\'s answers, did you mean `borrowerName`?',
    );
  });

  it("refuses an effect kind the server does not know", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/sign.json", (step) => {
      step.effects[0].kind = "recordSignature";
    });
    const { problems } = loadCopy(copy);
    expect(
      problems.some((p) => p.file === "steps/application/sign.json" && p.pointer === "/effects/0/kind"),
    ).toBe(true);
  });
});

describe("signing with a figure missing, on a live (production) server", () => {
  let live: TestServer;
  beforeAll(async () => {
    const lenderFile = join(mkdtempSync(join(tmpdir(), "lender-")), "lender.json");
    writeFileSync(lenderFile, JSON.stringify(liveLender));
    live = await testServer({ production: true, lenderFile, definitions: freshDefinitions().dirs });
  });
  afterAll(() => live.close());

  it("fills the texts from the profile it was started with, not the sample", async () => {
    const who = await makeApplicant(live.services, { status: "disclosures", doc: structuredClone(fixture) });
    const b = browser(live.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const shown = JSON.stringify((await b.trpc.esign.documents.query({ ids: ["e-sign-consent"] })).documents);
    expect(shown).toContain(productionLender.supportEmail);
    expect(shown).not.toContain("sample-lender.invalid");
  });

  it("is refused, naming the incomplete disclosure, and records nothing", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const doc = structuredClone(fixture);
    doc.user.email = email;
    doc.setup.hasCoborrower = false;
    delete doc.coborrower;
    // No home value: no offer, so the important terms would state only the plan's ranges, not terms to sign.
    delete doc.setup.propertyValue;
    delete doc.property?.value;
    const who = await makeApplicant(live.services, { email, status: "disclosures", doc });
    const b = browser(live.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const trpc = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${live.url}/api/trpc`,
          fetch: b.fetch as typeof fetch,
          headers: async ({ op }) => ({
            "X-Same-Origin": "1",
            ...(op.type === "mutation" ? { "X-Recaptcha-Token": await b.botToken() } : {}),
          }),
        }),
      ],
    });
    const error = await trpc.step.submit
      .mutate({ stepId: "disclosures", answers: signAnswers({ borrowerName: "Maria Alvarez" }) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).message).toMatch(
      /^These disclosures are not complete yet, so they cannot be signed: Important terms of our home equity line of credit/,
    );
    expect(
      await live.services.db.select().from(signatures).where(eq(signatures.applicationId, who.applicationId)),
    ).toEqual([]);
  });
});

describe("legal texts in the reader's language (issue 41)", () => {
  it("shows a Spanish reader the English disclosures, with a Spanish sentence saying why, and records the language signed", async () => {
    const who = await applicantAtSign({ together: false });
    who.b.cookies.set("heloc.lang", "es");
    const ids = ["e-sign-consent", "heloc-important-terms"];
    const shown = (await who.trpc.esign.documents.query({ ids })).documents;
    expect(shown.map((d) => [d.id, d.language])).toEqual([
      ["e-sign-consent", "en"],
      ["heloc-important-terms", "en"],
    ]);
    for (const d of shown) expect(d.note).toMatch(/^Este documento legal se muestra en inglés/);
    await who.trpc.step.submit.mutate({
      stepId: "disclosures",
      answers: signAnswers({ borrowerName: "Maria Alvarez" }),
    });
    const [row] = await rowsOf(who.applicationId);
    const documents = JSON.parse(row!.documents) as (RecordedDocument & { language: string })[];
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) expect(d.language).toBe("en");
    // An English reader is told nothing.
    who.b.cookies.delete("heloc.lang");
    for (const d of (await who.trpc.esign.documents.query({ ids })).documents) expect(d.note).toBeNull();
  });
});
