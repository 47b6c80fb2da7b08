// The signed closing package as a PDF (docs/lending.md "Closing"): made once every borrower has
// signed in their own session, from the package's documents as recorded and the signatures, in the
// PDF worker pool; kept in the file storage under its SHA-256, which the loan file records; given
// to each borrower and to staff with documents.view who can see the file, and to nobody else.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLoanFile } from "@server/features/loan/store";
import { auditEvents } from "@server/persistence/db/schema";
import { makePortalUser, signInPortal } from "../helpers/accounts";
import { inClosing, type Loan } from "../helpers/closing";
import { pdfProse } from "../helpers/pdf";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const PATH = "/api/loan/closing-package.pdf";
const download = (b: Browser, query = "") => b.fetch(`${server.url}${PATH}${query}`);
const stored = async (loan: Loan) => (await readLoanFile(server.services.db, loan.applicationId))!.file;

async function staff(role: string) {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return b;
}

const utc = (iso: string) => `${iso.replace("T", " ").replace(/\.\d{3}Z$/, "")} UTC`;

describe("the signed closing package as a PDF", { timeout: 60_000 }, () => {
  it("exists only once every borrower has signed: before, there is none to download", async () => {
    const loan = await inClosing(server);
    expect((await download(loan.borrower)).status).toBe(404);
    await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
    expect((await download(loan.borrower)).status).toBe(404);
    expect((await stored(loan)).closing?.signedPdf).toBeUndefined();
  });

  it("states each signer, when they signed and each document's version and fingerprint, and is kept under its SHA-256", async () => {
    const loan = await inClosing(server);
    await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
    await loan.coborrower.trpc.loan.signClosing.mutate({ typedName: "James Alvarez", agreed: true });

    const file = await stored(loan);
    const kept = file.closing!.signedPdf!;
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    const bytes = await server.services.storage.get(kept.sha256);
    expect(bytes && sha256(bytes)).toBe(kept.sha256);

    const res = await download(loan.borrower);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="heloc-closing-package-signed.pdf"',
    );
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(sha256(pdf)).toBe(kept.sha256);

    const text = pdfProse(pdf);
    expect(text).toContain("Signature certificate");
    expect(text).toContain(`Signed closing package - application ${loan.applicationId}`);
    const signatures = file.closing!.signatures!;
    expect(text).toContain(`Typed name: Maria Alvarez Signed at: ${utc(signatures.borrower!.signedAt)}`);
    expect(text).toContain(`Typed name: James Alvarez Signed at: ${utc(signatures.coborrower!.signedAt)}`);
    const documents = file.closing!.package!.documents;
    expect(documents.map((d) => d.template)).toEqual([
      "heloc-credit-agreement",
      "deed-of-trust", // the home is in California
      "account-opening-disclosures",
    ]);
    for (const d of documents) {
      expect(text).toContain(`Document id: ${d.template} Version: ${d.version}`);
      expect(text).toContain(d.sha256);
      expect(text).toContain(d.title);
    }
    // The documents' own text, as signed: the credit agreement's line.
    expect(text).toContain(`credit limit of ${documents[0]!.values.lineAmount}`);

    // The audit trail says it was kept.
    const audits = await server.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, loan.applicationId),
          eq(auditEvents.action, "loan.closing:signedPdf"),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it("is given to each borrower and to staff with documents.view who can see the file; to nobody else", async () => {
    const loan = await inClosing(server);
    await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
    await loan.coborrower.trpc.loan.signClosing.mutate({ typedName: "James Alvarez", agreed: true });
    const kept = (await stored(loan)).closing!.signedPdf!.sha256;

    const coborrower = await download(loan.coborrower);
    expect(coborrower.status).toBe(200);
    expect(sha256(new Uint8Array(await coborrower.arrayBuffer()))).toBe(kept);
    const closer = await download(await staff("closer"), `?application=${loan.applicationId}`);
    expect(closer.status).toBe(200);
    expect(sha256(new Uint8Array(await closer.arrayBuffer()))).toBe(kept);

    // A loan officer not assigned to the file cannot see it: "not found", as for any other id.
    expect((await download(await staff("loanOfficer"), `?application=${loan.applicationId}`)).status).toBe(
      404,
    );
    // Signed out: sign in first. Another applicant: their own application has none.
    expect((await browser(server.url).fetch(`${server.url}${PATH}`)).status).toBe(401);
    const other = await inClosing(server);
    expect((await download(other.borrower)).status).toBe(404);
    // Another file name is not this route's.
    expect((await loan.borrower.fetch(`${server.url}/api/loan/other.pdf`)).status).toBe(404);
  });

  it("is made again, byte for byte, when the stored copy is missing", async () => {
    const loan = await inClosing(server);
    await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
    await loan.coborrower.trpc.loan.signClosing.mutate({ typedName: "James Alvarez", agreed: true });
    const kept = (await stored(loan)).closing!.signedPdf!.sha256;
    await server.services.storage.delete(kept);
    expect(await server.services.storage.get(kept)).toBeNull();

    const res = await download(loan.borrower);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(kept);
    expect(await server.services.storage.get(kept)).not.toBeNull();
  });
});
