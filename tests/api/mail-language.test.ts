// The loan's mails in the borrower's language (issue 41): a staff move mails each borrower in the
// language their account chose (users.locale), not the staff member's; a translation made from an
// older English text is not sent (the English is); dates and money follow the mail's language.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { formatCurrency } from "@engine/base/format";
import { transaction } from "@server/persistence/db/client";
import { uploads, users } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { receiveApplication } from "@server/features/loan/receive";
import { readLoanFile, saveLoanFile } from "@server/features/loan/store";
import { holdPhone, textSignInCode } from "@server/features/auth/phone-sign-in";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import { CREDIT_SCORE_USED } from "../helpers/credit-score";
import { copyDefinitions } from "../helpers/definitions";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const TERMS = { margin: 1.24, drawPeriodYears: 10, repaymentPeriodYears: 20 };

/** The outbox's mail, its quoted-printable bytes read as the UTF-8 they are. */
const mailTo = (server: TestServer, email: string, containing: RegExp) =>
  Buffer.from(newestMail(server.dataDir, email, { containing }), "latin1").toString("utf8");

/** A submitted application whose borrower's account chose `locale` (null: none chosen). */
async function submitted(server: TestServer, locale: string | null) {
  const email = `${crypto.randomUUID()}@example.com`;
  const doc = structuredClone(fixture);
  doc.user.email = email;
  doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
  doc.consents = { electronicCommunications: { accepted: true, acceptedAt: "2026-11-01T10:00:00.000Z" } };
  const who = await makeApplicant(server.services, {
    email,
    status: "applicationSubmitted",
    doc,
    walked: true,
  });
  await server.services.db.update(users).set({ locale }).where(eq(users.id, who.userId));
  return who;
}

/** An underwriter (working in English) reviews the application and approves it at its offer. */
async function approve(server: TestServer, applicationId: string) {
  const person = await makePortalUser(server.services, { role: "underwriter" });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  await b.trpc.portal.loan.move.mutate({ applicationId, transition: "startReview" });
  const offered = (await b.trpc.portal.loan.get.query({ applicationId })).offer!;
  await b.trpc.portal.loan.move.mutate({
    applicationId,
    transition: "approve",
    action: { terms: { lineAmount: offered.lineAmount, apr: offered.apr, ...TERMS } },
  });
}

describe("the decision mail in the borrower's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  it("mails a borrower whose account chose Español in Spanish, naming the milestone in Spanish", async () => {
    const who = await submitted(server, "es");
    await approve(server, who.applicationId);
    const mail = mailTo(server, who.email, /NMLS ID/);
    expect(mail).toMatch(/^Subject: Novedades sobre su solicitud\r?$/m);
    expect(mail).toContain("Hay novedades sobre su solicitud: Aprobada, con condiciones.");
    expect(mail).toContain("Inicie sesión para consultarlas");
    expect(mail).not.toContain("There is news about your application");
    expect(mail).not.toContain("Approved, with conditions");
  });

  it("mails a borrower whose account chose English, or none, in English", async () => {
    for (const locale of ["en", null]) {
      const who = await submitted(server, locale);
      await approve(server, who.applicationId);
      const mail = mailTo(server, who.email, /NMLS ID/);
      expect(mail).toMatch(/^Subject: An update on your application\r?$/m);
      expect(mail).toContain("There is news about your application: Approved, with conditions.");
      expect(mail).not.toContain("Hay novedades");
    }
  });
});

describe("dates and money in the mail's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  it("dates the Spanish receipt mail as Spanish writes a day, and the English one as English does", async () => {
    const at = new Date("2026-10-14T15:00:00Z");
    for (const [locale, sentence] of [
      ["es", "sobre el valor líquido de la vivienda (HELOC) el miércoles, 14 de octubre de 2026."],
      ["en", "for a home equity line of credit on Wednesday, October 14, 2026."],
    ] as const) {
      const who = await submitted(server, locale);
      const { db } = server.services;
      const app = (await applicationStore(server.services).byId(db, who.applicationId))!;
      await (
        await transaction(db, (tx) => receiveApplication(tx, server.services, app, at))
      )();
      expect(mailTo(server, who.email, /NMLS ID/)).toContain(sentence);
    }
  });

  it("mails the offer in the account's language, with its figures", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const who = await makeApplicant(server.services, {
      email,
      doc: {
        user: { email, firstName: "Ana", lastName: "Ruiz" },
        setup: {
          propertyValue: 500000,
          mortgageBalance: 200000,
          propertyUsage: "primaryResidence",
          creditRange: "excellent",
        },
      },
    });
    await server.services.db.update(users).set({ locale: "es" }).where(eq(users.id, who.userId));
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email, password: who.password });
    const quote = await b.trpc.quote.current.query({});
    await b.trpc.quote.email.mutate({});
    const mail = mailTo(server, email, /NMLS ID/);
    expect(mail).toContain("Hola, Ana Ruiz:");
    expect(mail).toContain(
      `- Monto de la línea: hasta ${formatCurrency(quote.lineAmount, { locale: "es-US" })}`,
    );
    expect(mail).toContain(`Tasa de porcentaje anual (APR) estimada (variable): ${quote.apr!.toFixed(2)}%`);
    expect(mail).not.toMatch(/\{\{|not available yet|Here is the estimate/);
    // The lender's support hours in Spanish too (content/locales/es/content/lender.json).
    expect(mail).toContain(
      "(De lunes a viernes, de 9 a.m. a 6 p.m., hora del Pacífico (horario de muestra))",
    );
    expect(mail).not.toContain("Pacific time");
  });
});

describe("the condition mail names the condition in the borrower's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  const dueOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

  /** A processor (working in English) signed in to the portal. */
  async function processor() {
    const person = await makePortalUser(server.services, { role: "processor" });
    const b = browser(server.url);
    await signInPortal(server, b, person);
    return Object.assign(b, { email: person.email });
  }

  /** Staff ask the borrower of `who`'s file the catalogue's condition `code`; its id. */
  async function ask(staff: ReturnType<typeof browser>, applicationId: string, code: number) {
    const view = await staff.trpc.portal.loan.addCondition.mutate({
      applicationId,
      code,
      priorTo: "approval",
      dueOn,
      borrowers: ["borrower"],
    });
    return view.conditions.find((c) => c.code === code)!.id;
  }

  it("names the condition in Spanish to a Spanish borrower: its own label, or its document's name", async () => {
    const who = await submitted(server, "es");
    const staff = await processor();
    await ask(staff, who.applicationId, 406);
    const employment = mailTo(server, who.email, /necesitamos lo siguiente: Datos del empleo\./);
    expect(employment).toMatch(/^Subject: Necesitamos algo de usted para su solicitud\r?$/m);
    expect(employment).not.toContain("Employment details");
    await ask(staff, who.applicationId, 411);
    const statements = mailTo(server, who.email, /necesitamos lo siguiente: Estados de cuenta bancarios\./);
    expect(statements).not.toContain("Bank statements");
  });

  it("names the condition in English to an English borrower", async () => {
    const who = await submitted(server, "en");
    const staff = await processor();
    await ask(staff, who.applicationId, 406);
    const mail = mailTo(server, who.email, /we need: Employment details\./);
    expect(mail).toMatch(/^Subject: We need something from you for your application\r?$/m);
    expect(mail).not.toContain("Datos del empleo");
  });

  it("tells the processor in English that a Spanish borrower answered it", async () => {
    const who = await submitted(server, "es");
    const staff = await processor();
    const id = await ask(staff, who.applicationId, 104);
    // (The outbox is searched as its bytes read before their UTF-8 is decoded: no accents in the pattern.)
    expect(mailTo(server, who.email, /necesitamos lo siguiente: Explicaci/)).toContain(
      "necesitamos lo siguiente: Explicación de una dirección.",
    );
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    await b.trpc.loan.answerCondition.mutate({ conditionId: id, answers: { text: "Viví allí dos años." } });
    const mail = mailTo(server, staff.email, /answered the condition/);
    expect(mail).toContain('A borrower answered the condition "Explanation of an address"');
  });

  it("sends words the file records that are not the catalogue's as recorded, when the condition is sent back", async () => {
    const who = await submitted(server, "es");
    const staff = await processor();
    const id = await ask(staff, who.applicationId, 406);
    // The file's label is no longer the catalogue's (staff's own words, or the catalogue's before a change).
    const { db } = server.services;
    const stored = (await readLoanFile(db, who.applicationId))!;
    const file = {
      ...stored.file,
      conditions: stored.file.conditions.map((c) =>
        c.id === id ? { ...c, label: "Employment details for your second job" } : c,
      ),
    };
    expect(await saveLoanFile(db, server.services, stored, stored.milestone, file, new Date())).toBe(true);
    await staff.trpc.portal.loan.decideCondition.mutate({
      applicationId: who.applicationId,
      conditionId: id,
      outcome: "cleared",
    });
    await staff.trpc.portal.loan.decideCondition.mutate({
      applicationId: who.applicationId,
      conditionId: id,
      outcome: "reopened",
    });
    const mail = mailTo(
      server,
      who.email,
      /necesitamos lo siguiente: Employment details for your second job\./,
    );
    expect(mail).toMatch(/^Subject: Necesitamos algo de usted para su solicitud\r?$/m);
    // The page reads it by the same rule.
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const shown = (await b.trpc.loan.mine.query())!.conditions.find((c) => c.id === id)!;
    expect(shown.label).toBe("Employment details for your second job");
  });
});

describe("the texted code in the applicant's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  /** The newest text to a number ending in `last4` in the development outbox. */
  const textTo = (last4: string) => {
    const outbox = join(server.dataDir, "sms-outbox");
    return readdirSync(outbox)
      .sort()
      .reverse()
      .map((f) => readFileSync(join(outbox, f), "utf8"))
      .find((t) => t.startsWith(`To: (***) ***-${last4}\n`))!;
  };

  it("texts the phone step's code in Spanish to an applicant on a Spanish page, and in English otherwise", async () => {
    for (const [lang, phone, sentence] of [
      ["es", "3035550141", /: \d{6} es su código de verificación para su solicitud de HELOC\./],
      ["en", "3035550142", /: \d{6} is your verification code for your home equity line of credit/],
    ] as const) {
      const who = await makeApplicant(server.services, {
        status: "setupPhone",
        doc: { setup: fixture.setup as Record<string, unknown> },
      });
      const b = browser(server.url);
      await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
      b.cookies.set("heloc.lang", lang);
      await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone } } });
      await server.services.settled();
      expect(textTo(phone.slice(-4))).toMatch(sentence);
    }
  });

  it("texts a sign-in code in the language of the account that holds the phone", async () => {
    const who = await makeApplicant(server.services, { status: "setupPhone" });
    await server.services.db.update(users).set({ locale: "es" }).where(eq(users.id, who.userId));
    await holdPhone(server.services, who.userId, "3035550143");
    await textSignInCode(server.services, "3035550143", { ip: "203.0.113.9", device: "test-device" });
    expect(textTo("0143")).toMatch(/: \d{6} es su código para iniciar sesión en su solicitud de HELOC\./);
  });
});

describe("a mail whose English changed since it was translated", () => {
  let server: TestServer;
  beforeAll(async () => {
    const copy = copyDefinitions({ content: true });
    copy.editText("content/mail/decision.md", (text) =>
      text.replace("There is news about your application", "We have news about your application"),
    );
    server = await testServer({ definitions: copy.dirs });
  });
  afterAll(() => server.close());

  it("goes to a Spanish borrower in English, never the Spanish of the old English", async () => {
    const who = await submitted(server, "es");
    await approve(server, who.applicationId);
    const mail = mailTo(server, who.email, /NMLS ID/);
    expect(mail).toContain("We have news about your application: Approved, with conditions.");
    expect(mail).not.toContain("Hay novedades");
  });
});

describe("a rejected document's mail in the borrower's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  /** Staff reject a bank statement of `who`'s application with `reason`. */
  async function reject(who: { applicationId: string }, reason: string) {
    const uploadId = crypto.randomUUID();
    await server.services.db.insert(uploads).values({
      id: uploadId,
      applicationId: who.applicationId,
      borrower: "borrower",
      documentType: "bank_statements",
      fileName: "statement.pdf",
      contentType: "application/pdf",
      size: 512,
      sha256: "0".repeat(64),
      storageKey: `test-${uploadId}`,
      createdAt: new Date(),
    });
    const staff = await makePortalUser(server.services);
    const p = browser(server.url);
    await signInPortal(server, p, staff);
    await p.trpc.portal.uploads.review.mutate({
      applicationId: who.applicationId,
      uploadId,
      decision: "rejected",
      reason,
    });
  }

  it("tells a borrower whose account chose Español in Spanish, naming the document in Spanish, with staff's reason as written", async () => {
    const who = await submitted(server, "es");
    await reject(who, "This statement is older than 60 days");
    const mail = mailTo(server, who.email, /NMLS ID/);
    // The subject is not ASCII, so it is sent encoded (RFC 2047).
    expect(mail).toMatch(/^Subject: =\?UTF-8\?Q\?Necesitamos_una_nueva_copia_de_un_docume/m);
    // The document is named in Spanish too (the catalogue's translated title).
    expect(mail).toContain('No pudimos aceptar lo que cargó como "Estados de cuenta bancarios".');
    expect(mail).toContain("El motivo: This statement is older than 60 days");
    expect(mail).toContain("Inicie sesión y abra su lista de documentos para cargar uno nuevo:");
    expect(mail).not.toMatch(/We could not accept|\{\{|not available yet/);
  });

  it("tells a borrower whose account chose English in English", async () => {
    const who = await submitted(server, "en");
    await reject(who, "This statement is older than 60 days");
    const mail = mailTo(server, who.email, /NMLS ID/);
    // A long subject is folded onto a second header line.
    expect(mail).toMatch(
      /^Subject: We need a new copy of a document for your home equity line of\s+credit\r?$/m,
    );
    expect(mail).toContain("We could not accept Bank statements you uploaded.");
    expect(mail).toContain("The reason: This statement is older than 60 days");
    expect(mail).not.toMatch(/No pudimos|\{\{|not available yet/);
  });
});

describe("the co-borrower's invite in the inviter's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  /** A borrower on a page in `lang` invites a co-borrower to answer their part; the invite mail. */
  async function invite(lang: string) {
    const { coborrower: _c, ...rest } = fixture;
    const email = `maria.${crypto.randomUUID()}@example.com`;
    const who = await makeApplicant(server.services, {
      email,
      status: "coborrowerInvite",
      doc: { ...rest, user: { ...fixture.user, email } },
    });
    const b = browser(server.url);
    await b.auth("Applicant", "callback/credentials", { email, password: who.password });
    b.cookies.set("heloc.lang", lang);
    const invitee = `sam.${crypto.randomUUID()}@example.com`;
    await b.trpc.step.submit.mutate({
      stepId: "coborrowerInvite",
      answers: { coborrowerInvite: { answeredBy: "coborrower", email: invitee } },
    });
    await server.services.settled();
    return mailTo(server, invitee, /\/app\/join\?token=/);
  }

  it("invites in Spanish from a borrower on a Spanish page, naming the role in Spanish", async () => {
    const mail = await invite("es");
    expect(mail).toContain("Usted figura como coprestatario en una solicitud de línea de crédito");
    expect(mail).toContain("(es válido por 14 días):");
    expect(mail).toMatch(/\/app\/join\?token=[A-Za-z0-9_-]{43}/);
    expect(mail).not.toMatch(/You are named|co-borrower|\{\{|not available yet/);
  });

  it("invites in English from a borrower on an English page", async () => {
    const mail = await invite("en");
    expect(mail).toMatch(/^Subject: You are invited to apply for a home equity line of credit together\r?$/m);
    expect(mail).toContain("You are named as co-borrower on a home equity line of credit application with");
    expect(mail).toContain("(it works for 14 days):");
    expect(mail).not.toMatch(/Usted figura|\{\{|not available yet/);
  });
});

describe("a notice's cover mail in the borrower's language, the notice as given", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.close());

  /** Staff record the credit score used on `who`'s application: the notice is mailed as a PDF. */
  async function recordScore(who: { applicationId: string }) {
    const person = await makePortalUser(server.services, { role: "processor" });
    const p = browser(server.url);
    await signInPortal(server, p, person);
    return p.trpc.portal.notices.recordCreditScore.mutate({
      applicationId: who.applicationId,
      borrower: "borrower",
      creditScoreUsed: CREDIT_SCORE_USED,
    });
  }

  it("covers the English credit score notice in Spanish, saying the attached notice is in English", async () => {
    const who = await submitted(server, "es");
    expect(await recordScore(who)).toMatchObject({ emailed: true });
    const mail = mailTo(server, who.email, /notice-to-the-home-loan-applicant\.pdf/);
    expect(mail).toContain("obtuvimos su informe de crédito y usamos un puntaje de crédito");
    expect(mail).toContain(
      "El aviso está en inglés, porque todavía no tenemos una traducción al español revisada",
    );
    expect(mail).not.toMatch(/we have obtained your credit report|\{\{|not available yet/);
    // The record names the notice's language: English (no reviewed Spanish notice).
    const doc = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!
      .doc as any;
    expect(doc.disclosuresGiven.records.at(-1)).toMatchObject({
      document: "credit-score-notice",
      language: "en",
    });
  });

  it("covers it in English for a borrower whose account chose English", async () => {
    const who = await submitted(server, "en");
    await recordScore(who);
    const mail = mailTo(server, who.email, /notice-to-the-home-loan-applicant\.pdf/);
    expect(mail).toMatch(/^Subject: Your credit score: notice to the home loan applicant/m);
    expect(mail).toContain("we have obtained your credit report and used a credit score from it");
    expect(mail).not.toMatch(/El aviso está en inglés/);
  });
});
