// A notice PDF is what the consumer reads: the notice's own text, nothing of our record keeping.
// Its version and SHA-256 are the record's (the notice recorded on the application or the loan
// file, and the PDF's document properties), never a "Version" or "SHA-256" line inside the text
// (issue 37, item 9). Read from the PDFs the server really gives: an early decline the applicant
// downloads, a portal decline mailed as an attachment, a notice of incompleteness queued for paper.
import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Notice } from "@engine/generated/schema-types";
import { loanFiles } from "@server/persistence/db/schema";
import { makePortalUser, signInPortal, twoBorrowerApplicant } from "../helpers/accounts";
import { singleBorrower, walk } from "../helpers/journeys";
import { mailAttachment, pdfProse } from "../helpers/pdf";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface Recorded {
  id: string;
  version: string;
  sha256: string;
  title: string;
}

/**
 * The consumer's PDF carries the notice and none of the record's lines; the record keeps the
 * version and the digest of the text, and the PDF's properties name both.
 */
async function expectNoticeOnly(pdf: Uint8Array, record: Recorded, says: string[]) {
  const text = pdfProse(pdf);
  expect(text).toContain(record.title);
  for (const words of says) expect(text).toContain(words);
  expect(text).not.toMatch(/\bVersion\b|SHA-256|fingerprint/i);
  expect(text).not.toContain(record.version);
  expect(text).not.toContain(record.sha256);
  expect(record.version).toMatch(/\S/);
  expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
  const keywords = (await PDFDocument.load(pdf, { updateMetadata: false })).getKeywords() ?? "";
  expect(keywords).toContain(`${record.id}@${record.version}`);
  expect(keywords).toContain(record.sha256);
}

/** The notices recorded on the loan file, as stored (the PDF's SHA-256 with each). */
async function noticesOf(applicationId: string): Promise<Notice[]> {
  const [file] = await server.services.db
    .select()
    .from(loanFiles)
    .where(eq(loanFiles.applicationId, applicationId));
  return (JSON.parse(file!.document) as { notices: Notice[] }).notices;
}

async function staff(role: string) {
  const person = await makePortalUser(server.services, { role });
  const b = browser(server.url);
  await signInPortal(server, b, person);
  return { ...person, b };
}

/** A submitted two-borrower application; the borrower consented to electronic records, the co-borrower has no account. */
const submitted = () => twoBorrowerApplicant(server, { consented: true, walked: true });

describe("notice PDFs show the consumer's text, not our record's lines (12 CFR 1002.9)", () => {
  it("gives an early decline's notice of action taken as the notice alone; its version and SHA-256 stay in the record", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "hasFbm", doc: singleBorrower() });
    await b.trpc.step.submit.mutate({ stepId: "hasFbm", answers: { setup: { hasFbm: true } } });
    await b.trpc.decision.confirm.mutate({
      ruleId: "pricing.late-payment",
      mailTo: { line1: "12 Elm Street", line2: null, city: "Springfield", state: "IL", zip: "62701" },
    });
    await server.services.settled();
    const { notice, pdfUrl } = (await b.trpc.decision.latest.query())!;
    const res = await b.fetch(`${server.url}${pdfUrl}`);
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    await expectNoticeOnly(pdf, notice, [
      "Foreclosure, bankruptcy or a late mortgage payment within the last 12 months",
      "The Federal Equal Credit Opportunity Act prohibits creditors from discriminating",
    ]);
  });

  it("mails a decline's notice of action taken and queues the notice of incompleteness for paper, each the notice alone, recorded by version and SHA-256", async () => {
    const underwriter = await staff("underwriter");
    const processor = await staff("processor");

    const declinedFile = await submitted();
    const declined = await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: declinedFile.applicationId,
      transition: "decline",
      action: { reasons: ["excessiveObligations"] },
    });
    await server.services.settled();
    const mail = newestMail(server.dataDir, declinedFile.email, {
      containing: /^Subject: Notice of action taken/m,
      raw: true,
    });
    const mailed = new Uint8Array(mailAttachment(mail, "adverse-action-notice.pdf")!);
    expect(declined.notices.map((n) => n.to)).toContain("borrower");
    const toBorrower = (await noticesOf(declinedFile.applicationId)).find((n) => n.to === "borrower")!;
    expect(toBorrower.pdfSha256).toBe(sha256(mailed));
    await expectNoticeOnly(mailed, toBorrower.document, ["Excessive obligations in relation to income"]);

    const incompleteFile = await submitted();
    const incomplete = await processor.b.trpc.portal.loan.move.mutate({
      applicationId: incompleteFile.applicationId,
      transition: "markIncomplete",
      action: {
        items: ["Your two most recent pay stubs"],
        deadline: new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    await server.services.settled();
    // The co-borrower has no E-SIGN consent: their copy is the stored PDF the mail room prints.
    expect(incomplete.notices.map((n) => n.kind)).toContain("incompleteness");
    const onPaper = (await noticesOf(incompleteFile.applicationId)).find(
      (n) => n.kind === "incompleteness" && n.to === "coborrower",
    )!;
    expect(onPaper).toMatchObject({ kind: "incompleteness", delivery: { via: "mail" } });
    const printed = await server.services.storage.get(onPaper.pdfSha256!);
    expect(printed).not.toBeNull();
    await expectNoticeOnly(new Uint8Array(printed!), onPaper.document, ["Your two most recent pay stubs"]);
  });
});
