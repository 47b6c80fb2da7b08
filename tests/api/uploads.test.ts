// POST /api/upload, GET /api/upload/:id, uploads.list and uploads.remove (issue 6, item 3): a real
// server on loopback. Every refusal is checked to leave nothing behind: no uploads row, the
// application document unchanged, no new file on disk.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applications, auditEvents, uploads } from "@server/persistence/db/schema";
import { makeApplicant, makePortalUser, signInPortal } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";
import { codeOf } from "../helpers/trpc-errors";
import { singleBorrower, walk } from "../helpers/journeys";

// A commit that fails (a full disk) on either database: when `with` is set, the next transaction
// makes all its writes and then fails with it instead of committing.
const failNextCommit = vi.hoisted(() => ({ with: null as Error | null }));
vi.mock("@server/persistence/db/client", async (importOriginal) => {
  const real = await importOriginal<typeof import("@server/persistence/db/client")>();
  const transaction: typeof real.transaction = (db, work) => {
    const failure = failNextCommit.with;
    if (!failure) return real.transaction(db, work);
    failNextCommit.with = null;
    return real.transaction(db, async (tx) => {
      await work(tx);
      throw failure;
    });
  };
  return { ...real, transaction };
});

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const MB = 1024 * 1024;
const LIMIT = 15 * MB;

// Files that are what they say, each with fresh random content unless told otherwise.
const withTail = (head: number[] | string, size = 2048) => {
  const start = typeof head === "string" ? Buffer.from(head, "latin1") : Buffer.from(head);
  return new Uint8Array(Buffer.concat([start, randomBytes(Math.max(0, size - start.length))]));
};
const pdf = (size?: number) => withTail("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", size);
const jpeg = () => withTail([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const png = () =>
  withTail([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const heic = () =>
  withTail([0x00, 0x00, 0x00, 0x18, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")]);

async function signedInApplicant(doc: Record<string, unknown> = {}) {
  const who = await makeApplicant(server.services, {
    status: "incomeDocs",
    doc: { user: { firstName: "Dana", lastName: "Rivera" }, ...doc },
  });
  const b = browser(server.url);
  expect(
    (await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password })).status,
  ).toBe(200);
  return { ...who, b };
}

type Browser = ReturnType<typeof browser>;
interface Sent {
  status: number;
  body: {
    error?: { code: string; message: string; field: string | null };
    upload?: Record<string, any>;
    identityReview?: string | null;
  };
}

async function upload(
  b: Browser,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type?: string },
  { sameOrigin = true, bot = true } = {},
): Promise<Sent> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([file.bytes], { type: file.type ?? "application/pdf" }), file.name);
  const headers: Record<string, string> = {};
  if (sameOrigin) headers["X-Same-Origin"] = "1";
  if (bot) headers["X-Recaptcha-Token"] = await b.botToken();
  const res = await b.fetch(`${server.url}/api/upload`, { method: "POST", headers, body: form });
  return { status: res.status, body: (await res.json()) as Sent["body"] };
}

/** Every stored file under the data folder's uploads (not its temporary folder). */
function filesOnDisk(): string[] {
  const root = join(server.dataDir, "uploads");
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== ".tmp")
    .flatMap((d) => readdirSync(join(root, d.name)));
}

/** What an upload could have changed: the rows, the document and its revision, the files. */
async function stateOf(applicationId: string) {
  const { db } = server.services;
  const app = (await db.select().from(applications).where(eq(applications.id, applicationId)))[0]!;
  return {
    rows: (await db.select().from(uploads).where(eq(uploads.applicationId, applicationId))).length,
    revision: app.revision,
    document: app.document,
    files: filesOnDisk().sort(),
  };
}

/** Sends something that must be refused, and checks the refusal and that nothing was stored. */
async function expectRefused(
  applicationId: string,
  send: () => Promise<Sent>,
  status: number,
  field: string | null | undefined,
  message: RegExp,
) {
  const before = await stateOf(applicationId);
  const sent = await send();
  expect(sent.status).toBe(status);
  expect(sent.body.error?.message).toMatch(message);
  if (field !== undefined) expect(sent.body.error?.field ?? null).toBe(field);
  expect(await stateOf(applicationId)).toEqual(before);
  return sent;
}

describe("uploading a document the application needs", () => {
  it("accepts a PDF, a JPEG, a PNG and a HEIC photo, and lists them", async () => {
    const ann = await signedInApplicant({ identityVerification: { borrower: { idType: "passport" } } });
    const sent = [
      await upload(
        ann.b,
        { documentType: "bank_statements", borrower: "borrower" },
        { bytes: pdf(), name: "January.pdf" },
      ),
      await upload(
        ann.b,
        { documentType: "bank_statements", borrower: "borrower" },
        { bytes: jpeg(), name: "February.jpg", type: "image/jpeg" },
      ),
      await upload(
        ann.b,
        { documentType: "bank_statements", borrower: "borrower" },
        { bytes: png(), name: "March.png", type: "image/png" },
      ),
      await upload(
        ann.b,
        { documentType: "id_document", borrower: "borrower", side: "front" },
        { bytes: heic(), name: "IMG_0001.HEIC", type: "image/heic" },
      ),
    ];
    expect(sent.map((s) => s.status)).toEqual([201, 201, 201, 201]);
    expect(sent.map((s) => s.body.upload!.contentType)).toEqual([
      "application/pdf",
      "image/jpeg",
      "image/png",
      "image/heic",
    ]);
    expect(sent[3]!.body.upload).toMatchObject({
      documentType: "id_document",
      subtype: "passport",
      side: "front",
      borrower: "borrower",
    });

    const listed = await ann.b.trpc.uploads.list.query();
    expect(listed.uploads.map((u) => [u.documentType, u.fileName])).toEqual([
      ["bank_statements", "January.pdf"],
      ["bank_statements", "February.jpg"],
      ["bank_statements", "March.png"],
      ["id_document", "IMG_0001.HEIC"],
    ]);

    // The document records each upload; the requirement counts them.
    const { application, revision } = await ann.b.trpc.application.get.query();
    expect(revision).toBeGreaterThanOrEqual(5);
    expect((application as { uploads: unknown[] }).uploads).toHaveLength(4);
    expect((application as { uploads: unknown[] }).uploads[0]).toMatchObject({
      id: sent[0]!.body.upload!.id,
      type: "bank_statements",
      isCoborrower: false,
      fileName: "January.pdf",
      contentType: "application/pdf",
      sha256: sent[0]!.body.upload!.sha256,
    });
    const { requirements } = await ann.b.trpc.documents.required.query();
    expect(
      requirements.find((r) => r.documentType === "bank_statements" && r.borrower === "borrower"),
    ).toMatchObject({ count: 3, uploaded: 3 });
  });

  it("records an audit event without the file's name", async () => {
    const ann = await signedInApplicant();
    const sent = await upload(
      ann.b,
      { documentType: "bank_statements", borrower: "borrower" },
      { bytes: pdf(), name: "Dana Rivera SSN 518274961.pdf" },
    );
    expect(sent.status).toBe(201);
    const events = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, ann.applicationId));
    const event = events.find((e) => e.action.startsWith("upload.add"));
    expect(event).toMatchObject({
      actorKind: "applicant",
      action: "upload.add:bank_statements",
      changed: '["/uploads/0"]',
    });
    expect(JSON.stringify(events)).not.toMatch(/Rivera|518274961|\.pdf/);
  });

  it("stores the same content once on disk, however often it is uploaded", async () => {
    const ann = await signedInApplicant();
    const bytes = pdf();
    const before = filesOnDisk().length;
    const first = await upload(ann.b, { documentType: "bank_statements" }, { bytes, name: "statement.pdf" });
    const second = await upload(
      ann.b,
      { documentType: "bank_statements" },
      { bytes, name: "statement again.pdf" },
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.upload!.sha256).toBe(first.body.upload!.sha256);
    expect(second.body.upload!.id).not.toBe(first.body.upload!.id);
    expect(filesOnDisk().length).toBe(before + 1);
    expect((await stateOf(ann.applicationId)).rows).toBe(2);
  });

  it("takes the file's kind from its bytes: a JPEG named .pdf is kept as a JPEG", async () => {
    const ann = await signedInApplicant();
    const sent = await upload(
      ann.b,
      { documentType: "bank_statements" },
      { bytes: jpeg(), name: "scan.pdf", type: "application/pdf" },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.upload).toMatchObject({ contentType: "image/jpeg", fileName: "scan.jpg" });
  });

  it("files a property document under the subject property, with or without its id", async () => {
    const ann = await signedInApplicant({
      property: { id: "ann-home", line1: "2417 W Swann Ave", city: "Tampa", state: "FL", zip: "33609" },
    });
    const { requirements } = await ann.b.trpc.documents.required.query();
    expect(requirements.find((r) => r.documentType === "flood_insurance")).toMatchObject({
      borrower: null,
      propertyId: "ann-home",
    });
    const named = await upload(
      ann.b,
      { documentType: "flood_insurance", propertyId: "ann-home" },
      { bytes: pdf(), name: "flood.pdf" },
    );
    expect(named.status).toBe(201);
    expect(named.body.upload).toMatchObject({ propertyId: "ann-home", borrower: "borrower" });
    const unnamed = await upload(
      ann.b,
      { documentType: "property_tax_bill" },
      { bytes: pdf(), name: "tax.pdf" },
    );
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.upload).toMatchObject({ propertyId: "ann-home" });
  });
});

describe("uploads refused, with nothing stored", () => {
  it("refuses a Spanish applicant's file of the wrong type in Spanish, naming the file field", async () => {
    const ana = await signedInApplicant();
    ana.b.cookies.set("heloc.lang", "es");
    const sent = await expectRefused(
      ana.applicationId,
      () =>
        upload(
          ana.b,
          { documentType: "bank_statements" },
          { bytes: new TextEncoder().encode("Esto no es un PDF."), name: "estado-de-cuenta.pdf" },
        ),
      415,
      "file",
      /^Este archivo no es un PDF, JPEG, PNG ni HEIC\. Cargue un PDF o una foto \(JPEG, PNG o HEIC\)\.$/,
    );
    expect(sent.body.error?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const empty = await upload(
      ana.b,
      { documentType: "bank_statements" },
      { bytes: new Uint8Array(), name: "x.pdf" },
    );
    expect(empty.body.error).toMatchObject({
      field: "file",
      message: "El archivo está vacío. Vuelva a elegirlo.",
    });
  });

  it("refuses a file named .pdf that is really text", async () => {
    const ann = await signedInApplicant();
    const sent = await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements" },
          { bytes: new TextEncoder().encode("This is not a PDF at all, just text."), name: "statement.pdf" },
        ),
      415,
      "file",
      /not a PDF, JPEG, PNG or HEIC file/,
    );
    expect(sent.body.error?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a GIF, whatever type the browser declares", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements" },
          { bytes: withTail("GIF89a"), name: "statement.png", type: "image/png" },
        ),
      415,
      "file",
      /not a PDF, JPEG, PNG or HEIC file/,
    );
  });

  it("refuses a file over 15 MB, whether the request says so up front or not", async () => {
    const ann = await signedInApplicant();
    const justOver = await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(LIMIT + 1), name: "big.pdf" }),
      413,
      "file",
      /too large: the limit is 15 MB/,
    );
    expect(justOver.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements" },
          { bytes: pdf(LIMIT + 2 * MB), name: "bigger.pdf" },
        ),
      413,
      "file",
      /too large/,
    );
    // Exactly at the limit is fine.
    expect(
      (await upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(LIMIT), name: "at-limit.pdf" }))
        .status,
    ).toBe(201);
  });

  it("refuses an empty file", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () =>
        upload(ann.b, { documentType: "bank_statements" }, { bytes: new Uint8Array(0), name: "empty.pdf" }),
      400,
      "file",
      /empty/,
    );
  });

  it("refuses a form without the file field", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "bank_statements" }),
      400,
      "file",
      /"file" is missing/,
    );
  });

  it("refuses a form without a document type, or with a bad borrower or side", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, {}, { bytes: pdf(), name: "a.pdf" }),
      400,
      "documentType",
      /which document/,
    );
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements", borrower: "spouse" },
          { bytes: pdf(), name: "a.pdf" },
        ),
      400,
      "borrower",
      /"borrower" or "coborrower"/,
    );
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "id_document", side: "left" }, { bytes: pdf(), name: "a.pdf" }),
      400,
      "side",
      /"front" or "back"/,
    );
  });

  it("refuses a document type the application does not need", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "trust_document" }, { bytes: pdf(), name: "trust.pdf" }),
      400,
      "documentType",
      /does not need/,
    );
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "credit_report" }, { bytes: pdf(), name: "report.pdf" }),
      400,
      "documentType",
      /does not need/,
    );
  });

  it("refuses a co-borrower's document when no co-borrower applies", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements", borrower: "coborrower" },
          { bytes: pdf(), name: "a.pdf" },
        ),
      400,
      "borrower",
      /co-borrower's/,
    );
  });

  it("takes a missed page or two beyond a requirement's count (params.documents.extraFiles), and refuses more", async () => {
    const ann = await signedInApplicant();
    for (let i = 0; i < 3 + 3; i++)
      expect(
        (await upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(), name: `m${i}.pdf` }))
          .status,
      ).toBe(201);
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(), name: "m4.pdf" }),
      400,
      "documentType",
      /already uploaded all 3 .* and 3 more files/,
    );
  });

  it("tells a Spanish reader, in Spanish, which ID they chose when they upload another kind", async () => {
    const ann = await signedInApplicant({ identityVerification: { borrower: { idType: "state_id" } } });
    ann.b.cookies.set("heloc.lang", "es");
    const sent = await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "id_document", subtype: "passport", side: "front" },
          { bytes: jpeg(), name: "passport.jpg" },
        ),
      400,
      "subtype",
      /^Usted eligió identificación estatal como su documento de identidad\. Suba ese documento o, antes, cambie su elección en el paso de verificación de identidad\.$/,
    );
    expect(sent.body.error?.message).not.toMatch(/You chose|State ID/i);
  });

  it("refuses in Spanish, naming the document and the side in Spanish: a document not needed, a co-borrower's, a side not needed, a side already in, a full requirement", async () => {
    const ann = await signedInApplicant({ identityVerification: { borrower: { idType: "passport" } } });
    ann.b.cookies.set("heloc.lang", "es");
    const refusal = (ask: Record<string, string>, field: string, message: string) =>
      expectRefused(
        ann.applicationId,
        () =>
          upload(ann.b, ask, { bytes: ask.documentType === "id_document" ? jpeg() : pdf(), name: "a.pdf" }),
        400,
        field,
        new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
    await refusal(
      { documentType: "trust_document" },
      "documentType",
      "Su solicitud no requiere este documento (documento del fideicomiso), así que no se puede cargar.",
    );
    await refusal(
      { documentType: "bank_statements", borrower: "coborrower" },
      "borrower",
      "Su solicitud no requiere que su coprestatario cargue este documento (estados de cuenta bancarios).",
    );
    await refusal(
      { documentType: "id_document", side: "back" },
      "side",
      "Para este documento solo se necesita el frente, no el reverso.",
    );
    expect(
      (await upload(ann.b, { documentType: "id_document" }, { bytes: jpeg(), name: "f.jpg" })).status,
    ).toBe(201);
    await refusal(
      { documentType: "id_document", side: "front" },
      "side",
      "Ya cargó el frente de este documento (pasaporte). Elimínelo primero para cargar uno nuevo.",
    );
    for (let i = 0; i < 3 + 3; i++)
      expect(
        (await upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(), name: `m${i}.pdf` }))
          .status,
      ).toBe(201);
    const full = await refusal(
      { documentType: "bank_statements" },
      "documentType",
      "Ya se cargaron los 3 archivos necesarios de este documento (estados de cuenta bancarios) y 3 archivos más. Elimine uno primero para cargar uno nuevo.",
    );
    expect(full.body.error?.message).not.toMatch(/uploaded|bank/i);
  });

  it("refuses a side the ID does not have, and a second copy of a side", async () => {
    const ann = await signedInApplicant({ identityVerification: { borrower: { idType: "passport" } } });
    await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "id_document", side: "back" }, { bytes: jpeg(), name: "back.jpg" }),
      400,
      "side",
      /Only the front/,
    );
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "id_document", subtype: "driver_license", side: "front" },
          { bytes: jpeg(), name: "dl.jpg" },
        ),
      400,
      "subtype",
      /^You chose passport as your ID\. Upload that/,
    );
    expect(
      (await upload(ann.b, { documentType: "id_document" }, { bytes: jpeg(), name: "front.jpg" })).status,
    ).toBe(201);
    await expectRefused(
      ann.applicationId,
      () =>
        upload(ann.b, { documentType: "id_document", side: "front" }, { bytes: jpeg(), name: "front2.jpg" }),
      400,
      "side",
      /already uploaded/,
    );
  });

  it("refuses an upload to another applicant's application or property", async () => {
    const ann = await signedInApplicant({
      property: { id: "ann-home2", line1: "1 Main St", city: "Tampa", state: "FL", zip: "33609" },
    });
    const bob = await signedInApplicant({
      property: { id: "bob-home", line1: "2 Main St", city: "Miami", state: "FL", zip: "33101" },
    });
    const bobBefore = await stateOf(bob.applicationId);
    const sent = await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements", applicationId: bob.applicationId },
          { bytes: pdf(), name: "a.pdf" },
        ),
      403,
      "applicationId",
      /not yours/,
    );
    expect(sent.body.error?.code).toBe("FORBIDDEN");
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "flood_insurance", propertyId: "bob-home" },
          { bytes: pdf(), name: "flood.pdf" },
        ),
      400,
      "propertyId",
      /for that property/,
    );
    expect(await stateOf(bob.applicationId)).toEqual(bobBefore);
  });

  it("refuses an upload without a session", async () => {
    const ann = await signedInApplicant();
    const stranger = browser(server.url);
    const sent = await expectRefused(
      ann.applicationId,
      () => upload(stranger, { documentType: "bank_statements" }, { bytes: pdf(), name: "a.pdf" }),
      401,
      null,
      /Sign in/,
    );
    expect(sent.body.error?.code).toBe("UNAUTHORIZED");
  });

  it("refuses an upload without X-Same-Origin or without a bot-check token", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      () =>
        upload(
          ann.b,
          { documentType: "bank_statements" },
          { bytes: pdf(), name: "a.pdf" },
          { sameOrigin: false },
        ),
      403,
      undefined,
      /X-Same-Origin: 1/,
    );
    await expectRefused(
      ann.applicationId,
      () =>
        upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(), name: "a.pdf" }, { bot: false }),
      403,
      undefined,
      /bot-check token/,
    );
  });

  it("refuses a body that is not multipart/form-data", async () => {
    const ann = await signedInApplicant();
    await expectRefused(
      ann.applicationId,
      async () => {
        const res = await ann.b.fetch(`${server.url}/api/upload`, {
          method: "POST",
          headers: {
            "X-Same-Origin": "1",
            "X-Recaptcha-Token": await ann.b.botToken(),
            "content-type": "application/json",
          },
          body: JSON.stringify({ documentType: "bank_statements" }),
        });
        return { status: res.status, body: (await res.json()) as Sent["body"] };
      },
      400,
      "file",
      /multipart\/form-data/,
    );
  });

  it("limits how many uploads an applicant may try in a short time", async () => {
    const ann = await signedInApplicant();
    for (let i = 0; i < 60; i++) await server.services.limits.uploadsPerApplicant.hit(ann.userId);
    const sent = await expectRefused(
      ann.applicationId,
      () => upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(), name: "a.pdf" }),
      429,
      null,
      /Too many uploads/,
    );
    expect(sent.body.error?.code).toBe("TOO_MANY_REQUESTS");
    await server.services.limits.uploadsPerApplicant.reset(ann.userId);
  });

  it("removes the stored file again when recording the upload fails, and says so without details", async () => {
    const ann = await signedInApplicant();
    failNextCommit.with = new Error("SQLITE_FULL: database or disk is full");
    const errors: unknown[] = [];
    const log = server.services.log;
    const original = log.error;
    log.error = ((...args: unknown[]) => void errors.push(args)) as typeof log.error;
    try {
      const sent = await expectRefused(
        ann.applicationId,
        () => upload(ann.b, { documentType: "bank_statements" }, { bytes: pdf(), name: "a.pdf" }),
        500,
        null,
        /Nothing was stored/,
      );
      expect(JSON.stringify(sent.body)).not.toMatch(/SQLITE|disk is full/);
    } finally {
      failNextCommit.with = null;
      log.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).not.toMatch(/a\.pdf/);
  });

  it("does not let the applicant set the lender's document requests (shouldSkip)", async () => {
    const ann = await signedInApplicant();
    const before = await stateOf(ann.applicationId);
    expect(
      await codeOf(
        ann.b.trpc.step.submit.mutate({
          stepId: "incomeDocs",
          answers: { uploadRequests: [{ documentType: "id_document", shouldSkip: true }] },
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(await stateOf(ann.applicationId)).toEqual(before);
  });
});

describe("downloading an upload", () => {
  it("gives the owner the file as an attachment, with its stored type and no sniffing", async () => {
    const ann = await signedInApplicant();
    const bytes = pdf();
    const { body } = await upload(
      ann.b,
      { documentType: "bank_statements" },
      { bytes, name: "März statement.pdf" },
    );
    const res = await ann.b.fetch(`${server.url}/api/upload/${body.upload!.id}`, {
      headers: { "X-Same-Origin": "1" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="M_rz statement.pdf"; filename*=UTF-8''M%C3%A4rz%20statement.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox"); // not the site-wide policy
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  });

  it("lets a portal user download it, and nobody else", async () => {
    const ann = await signedInApplicant();
    const bob = await signedInApplicant();
    const { body } = await upload(
      ann.b,
      { documentType: "bank_statements" },
      { bytes: pdf(), name: "a.pdf" },
    );
    const url = `${server.url}/api/upload/${body.upload!.id}`;
    const same = { headers: { "X-Same-Origin": "1" } };
    expect((await bob.b.fetch(url, same)).status).toBe(404);
    expect((await browser(server.url).fetch(url, same)).status).toBe(401);
    expect((await ann.b.fetch(url)).status).toBe(403); // no X-Same-Origin
    const staff = await makePortalUser(server.services);
    const portal = browser(server.url);
    await signInPortal(server, portal, staff);
    expect((await portal.fetch(url, same)).status).toBe(200);
  });
});

describe("removing an own upload", () => {
  it("removes the row, the document's entry and the file when nothing else uses it", async () => {
    const ann = await signedInApplicant();
    const before = await stateOf(ann.applicationId);
    const { body } = await upload(
      ann.b,
      { documentType: "bank_statements" },
      { bytes: pdf(), name: "a.pdf" },
    );
    expect(filesOnDisk()).toContain(body.upload!.sha256);
    expect(await ann.b.trpc.uploads.remove.mutate({ uploadId: body.upload!.id })).toEqual({
      removed: body.upload!.id,
    });
    const after = await stateOf(ann.applicationId);
    expect(after.rows).toBe(0);
    expect(after.files).toEqual(before.files);
    expect(JSON.parse(after.document).uploads).toEqual([]);
    expect((await ann.b.trpc.uploads.list.query()).uploads).toEqual([]);
  });

  it("keeps the file while another upload still uses the same content", async () => {
    const ann = await signedInApplicant();
    const bob = await signedInApplicant();
    const bytes = pdf();
    const mine = await upload(ann.b, { documentType: "bank_statements" }, { bytes, name: "a.pdf" });
    await upload(bob.b, { documentType: "bank_statements" }, { bytes, name: "b.pdf" });
    await ann.b.trpc.uploads.remove.mutate({ uploadId: mine.body.upload!.id });
    expect(filesOnDisk()).toContain(mine.body.upload!.sha256);
  });

  it("keeps a notice's PDF that an applicant uploads and removes again: the lender's copy (12 CFR 1002.12(b))", async () => {
    // An early decline: its notice of action taken is stored and downloaded by the applicant.
    const declined = browser(server.url);
    await walk(server, declined, { until: "hasFbm", doc: singleBorrower() });
    await declined.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
    await declined.trpc.decision.confirm.mutate({
      ruleId: "pricing.late-payment",
      mailTo: { line1: "12 Elm Street", line2: null, city: "Springfield", state: "IL", zip: "62701" },
    });
    await server.services.settled();
    const { pdfUrl } = (await declined.trpc.decision.latest.query())!;
    const notice = new Uint8Array(await (await declined.fetch(`${server.url}${pdfUrl}`)).arrayBuffer());
    // The same bytes uploaded by an applicant (the same person's new account, say) and taken back.
    const ann = await signedInApplicant();
    const sent = await upload(ann.b, { documentType: "bank_statements" }, { bytes: notice, name: "n.pdf" });
    expect(sent.status).toBe(201);
    await ann.b.trpc.uploads.remove.mutate({ uploadId: sent.body.upload!.id });
    expect(filesOnDisk()).toContain(sent.body.upload!.sha256);
    const again = await declined.fetch(`${server.url}${pdfUrl}`);
    expect(again.status).toBe(200);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(notice);
  });

  it("cannot remove another applicant's upload, or one after submission", async () => {
    const ann = await signedInApplicant();
    const bob = await signedInApplicant();
    const { body } = await upload(
      bob.b,
      { documentType: "bank_statements" },
      { bytes: pdf(), name: "b.pdf" },
    );
    expect(await codeOf(ann.b.trpc.uploads.remove.mutate({ uploadId: body.upload!.id }))).toBe("NOT_FOUND");
    await server.services.db
      .update(applications)
      .set({ status: "applicationSubmitted" })
      .where(eq(applications.id, bob.applicationId));
    expect(await codeOf(bob.b.trpc.uploads.remove.mutate({ uploadId: body.upload!.id }))).toBe("FORBIDDEN");
    expect((await stateOf(bob.applicationId)).rows).toBe(1);
  });
});
