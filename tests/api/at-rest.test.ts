// Personal data at rest (issue 20, item 6), read as someone holding a copy of the data folder
// would: the SQLite file and its write-ahead log byte by byte, and the upload folder file by file.
// Dates of birth, phone numbers and street lines (the fields the schemas mark `sealed`) and SSNs
// are never there in the clear, nor is any uploaded document; the server still reads them all.
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect } from "@server/persistence/db/dialect";
import { applications } from "@server/persistence/db/schema";
import { startServer } from "@server/start";
import { applicationStore } from "@server/persistence/store/applications";
import { makeApplicant } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const onSqlite = dialect === "sqlite";
const DOB = "1979-03-21";
const PHONE = "3035550177";
const STREET = "742 Evergreen Terrace";
const SSN = "531842907";

/** How many times `text` appears in the files, read as raw bytes. */
const countIn = (files: string[], text: string) =>
  files
    .filter(existsSync)
    .reduce((n, file) => n + readFileSync(file).toString("latin1").split(text).length - 1, 0);
const databaseFiles = (dataDir: string) => ["heloc.sqlite", "heloc.sqlite-wal"].map((f) => join(dataDir, f));

/** Every stored file under the data folder's uploads (not its temporary folder). */
function uploadedFiles(dataDir: string): string[] {
  const root = join(dataDir, "uploads");
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== ".tmp")
    .flatMap((d) => readdirSync(join(root, d.name)).map((f) => join(root, d.name, f)));
}

const pdfWith = (marker: string) =>
  new Uint8Array(
    Buffer.concat([Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${marker}\n`, "latin1"), randomBytes(2048)]),
  );

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

describe("personal data at rest", () => {
  it("keeps no date of birth, phone number, street address or SSN in the clear in the database file or its WAL, and shows them to their owner", async () => {
    const user = {
      firstName: "Lena",
      lastName: "Okafor",
      dateOfBirth: DOB,
      ssn: SSN,
      address: { line1: STREET, line2: null, city: "Denver", state: "CO", zip: "80203" },
    };
    const who = await makeApplicant(server.services, { status: "setupPhone", doc: { user } });
    const b = browser(server.url);
    expect(
      (await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password }))
        .status,
    ).toBe(200);
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: PHONE } } });

    const stored = (await applicationStore(server.services).byId(server.services.db, who.applicationId))!
      .doc as { user: Record<string, any> };
    expect(stored.user).toMatchObject({
      dateOfBirth: DOB,
      phone: PHONE,
      ssn: SSN,
      address: { line1: STREET, city: "Denver" },
    });
    const [row] = await server.services.db
      .select({ document: applications.document })
      .from(applications)
      .where(eq(applications.id, who.applicationId));
    for (const clear of [DOB, PHONE, STREET, SSN]) expect(row!.document).not.toContain(clear);
    expect(JSON.parse(row!.document).user.city).toBeUndefined(); // the city stays readable: only the street lines are sealed
    if (onSqlite) {
      const found = Object.fromEntries(
        [DOB, PHONE, STREET, SSN].map((clear) => [clear, countIn(databaseFiles(server.dataDir), clear)]),
      );
      expect(found).toEqual({ [DOB]: 0, [PHONE]: 0, [STREET]: 0, [SSN]: 0 });
    }
  });

  it("encrypts every uploaded document on disk with a key of its own, and gives the owner the same bytes back", async () => {
    const who = await makeApplicant(server.services, {
      status: "incomeDocs",
      doc: { user: { firstName: "Dana", lastName: "Rivera" } },
    });
    const b = browser(server.url);
    expect(
      (await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password }))
        .status,
    ).toBe(200);
    const marker = `Account statement of Dana Rivera ${randomBytes(4).toString("hex")}`;
    const bytes = pdfWith(marker);
    const form = new FormData();
    form.append("documentType", "bank_statements");
    form.append("file", new Blob([bytes], { type: "application/pdf" }), "statement.pdf");
    const res = await b.fetch(`${server.url}/api/upload`, {
      method: "POST",
      headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
      body: form,
    });
    expect(res.status).toBe(201);
    const { upload } = (await res.json()) as { upload: { id: string } };

    const files = uploadedFiles(server.dataDir);
    expect(files.length).toBeGreaterThan(0);
    expect(countIn(files, marker)).toBe(0);
    expect(countIn(files, "%PDF")).toBe(0);
    const back = await b.fetch(`${server.url}/api/upload/${upload.id}`, {
      headers: { "X-Same-Origin": "1" },
    });
    expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), Buffer.from(bytes))).toBe(0);
  });

  it.skipIf(!onSqlite)(
    "creates the data folder and the database file readable by the server's user only",
    async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), "heloc-modes-")), "data");
      const fresh = await startServer({
        port: 0,
        host: "127.0.0.1",
        quiet: true,
        webDir: undefined,
        dataDir,
      });
      await fresh.close();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, "heloc.sqlite")).mode & 0o777).toBe(0o600);
      for (const file of databaseFiles(server.dataDir).filter(existsSync))
        expect(statSync(file).mode & 0o777).toBe(0o600);
    },
  );
});

describe("production", () => {
  it("refuses to start without APP_ENCRYPTION_KEY, in one line that says how to set it, and writes no key of its own", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "heloc-prod-"));
    const refusal = await startServer({
      port: 0,
      quiet: true,
      webDir: undefined,
      dev: false,
      secureCookies: true,
      encryptionKey: undefined,
      dataDir,
    }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(/APP_ENCRYPTION_KEY/);
    expect(refusal).toMatch(/openssl rand -hex 32/);
    expect(refusal).not.toContain("\n");
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe.skipIf(!onSqlite)("a data folder from before sealing", () => {
  it("starts, seals what it finds in the clear (rows, the WAL, files), fixes the file modes, and still reads everything", async () => {
    const first = await testServer();
    const { dataDir } = first;
    const who = await makeApplicant(first.services, {
      status: "setupPhone",
      doc: { user: { firstName: "Old", lastName: "Row" } },
    });
    // What an older version wrote: the document with its identifiers in the clear, and a file as it came.
    const oldDoc = {
      user: {
        email: "old@example.com",
        firstName: "Old",
        lastName: "Row",
        dateOfBirth: DOB,
        phone: PHONE,
        ssn: SSN,
        address: { line1: STREET, city: "Denver", state: "CO", zip: "80203" },
      },
    };
    await first.services.db
      .update(applications)
      .set({ document: JSON.stringify(oldDoc) })
      .where(eq(applications.id, who.applicationId));
    const fileBytes = pdfWith("an old statement kept in the clear");
    const key = createHash("sha256").update(fileBytes).digest("hex");
    mkdirSync(join(dataDir, "uploads", key.slice(0, 2)), { recursive: true });
    writeFileSync(join(dataDir, "uploads", key.slice(0, 2), key), fileBytes);
    await first.close();
    chmodSync(join(dataDir, "heloc.sqlite"), 0o644);
    expect(countIn(databaseFiles(dataDir), PHONE)).toBeGreaterThan(0);

    const again = await startServer({ port: 0, host: "127.0.0.1", quiet: true, webDir: undefined, dataDir });
    try {
      expect(again.notes).toContain(
        "Sealed at rest on start: 1 application(s), 0 sign-in code address(es), 1 file(s)",
      );
      for (const clear of [DOB, PHONE, STREET, SSN]) expect(countIn(databaseFiles(dataDir), clear)).toBe(0);
      expect(countIn(uploadedFiles(dataDir), "an old statement")).toBe(0);
      expect(statSync(join(dataDir, "heloc.sqlite")).mode & 0o777).toBe(0o600);
      const doc = (await applicationStore(again.services).byId(again.services.db, who.applicationId))!.doc;
      expect(doc).toEqual(oldDoc);
      expect(Buffer.compare((await again.services.storage.get(key))!, Buffer.from(fileBytes))).toBe(0);
    } finally {
      await again.close();
    }
  });
});
