// Notices as PDFs, for the applicant or (with ?application=<id>) portal staff with notices.view;
// who may download is server/transport/http/pdf-download.ts.
// - GET /api/notices/adverse-action/<n>.pdf (n = 0 for the first decision recorded, or latest): the
//   notice of action taken of a decline (Regulation B, 12 CFR 1002.9), the copy stored when given.
// - GET /api/notices/right-to-cancel/<holder>.pdf: an owner's notice of the right to cancel
//   (Regulation Z 1026.15(b)), two copies; a borrower downloads only their own.
// - GET /api/notices/credit-score/<role>.pdf: a borrower's FCRA 609(g) Notice to the Home Loan
//   Applicant, with the score used once staff record it; a borrower downloads their own (mine.pdf).
// - GET /api/notices/e-sign-consent.pdf: the applicant's own PDF with the code their E-SIGN consent
//   asks for (15 U.S.C. 7001(c)(1)(C)(ii)), and the consent.
// - GET /api/notices/heloc-booklet.pdf: the CFPB booklet PDF the lender supplies (1026.40(e);
//   lender profile heloc.booklet.pdfPath), for anyone: it is a public booklet.
import { said } from "@engine/locale/server-words";
import { readFile } from "node:fs/promises";
import { Hono } from "hono";
import { bookletPdfFile, readLenderProfile } from "@engine/lending/lender-file";
import { decisionsOf, NOTICE_PDF_NAME, noticePdf } from "../decisions/adverse-action";
import { CREDIT_SCORE_PDF_NAME, creditScoreNoticePdf, scoredBorrowers } from "../decisions/credit-score";
import { PDF_CHECK_FILE, pdfAccessPdf } from "../esign/pdf-access";
import { holderNoticePdf, RESCISSION_PDF_NAME, rightToCancel } from "../esign/right-to-cancel";
import { pdfDownloads } from "@server/transport/http/pdf-download";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";

const DECISION_FILE = /^(\d{1,3}|latest)\.pdf$/;
const HOLDER_FILE = /^([a-z][A-Za-z0-9]{0,30}(?:-\d{1,2})?)\.pdf$/;

export function createNoticeRoutes(services: Services) {
  const app = new Hono();
  const downloads = pdfDownloads(services, {
    permission: "notices.view",
    signIn: said("refusal.download.notice.signIn"),
    notFound: said("refusal.download.notice.notFound"),
  });
  const store = applicationStore(services);

  app.get("/heloc-booklet.pdf", async (c) => {
    const file = bookletPdfFile(readLenderProfile());
    const bytes = file ? await readFile(file).catch(() => null) : null;
    if (!bytes)
      return downloads.fail(
        c,
        404,
        "NOT_FOUND",
        "This lender supplies no booklet file: the CFPB publishes it on its website.",
      );
    return downloads.send(c, bytes, "heloc-booklet.pdf");
  });

  // The consumer's own PDF with the code their E-SIGN consent asks for (./../esign/pdf-access.ts).
  app.get(`/${PDF_CHECK_FILE}`, async (c) => {
    const who = await downloads.downloader(c, true);
    if (who instanceof Response) return who;
    if (!who.reader) return downloads.notFound(c);
    const userId = who.reader.member?.userId ?? who.reader.app.ownerId;
    return downloads.send(
      c,
      await pdfAccessPdf(services, userId, who.reader.app.doc, who.reader.role),
      PDF_CHECK_FILE,
    );
  });

  app.get("/adverse-action/:file", async (c) => {
    const match = DECISION_FILE.exec(c.req.param("file"));
    const who = await downloads.downloader(c, match !== null);
    if (who instanceof Response) return who;
    // A notice is the owner's (the applicant the decision was about): a co-borrower's session has none.
    if (who.reader?.member) return downloads.notFound(c);
    const doc = who.reader?.app.doc ?? (await store.byId(services.db, who.applicationId))?.doc ?? {};
    const index = match![1] === "latest" ? decisionsOf(doc).length - 1 : Number(match![1]);
    const result = await noticePdf(services.storage, who.applicationId, doc, index, services.defs.texts);
    if (!result.ok) return downloads.refused(c, result);
    return downloads.send(c, result.bytes, NOTICE_PDF_NAME);
  });

  app.get("/right-to-cancel/:file", async (c) => {
    const match = HOLDER_FILE.exec(c.req.param("file"));
    const who = await downloads.downloader(c, match !== null);
    if (who instanceof Response) return who;
    const key = match![1]!;
    // A borrower reads their own notice only (their holder key is their role).
    if (who.reader && who.reader.role !== key) return downloads.notFound(c);
    const application = who.reader?.app ?? (await store.byId(services.db, who.applicationId));
    if (!application) return downloads.notFound(c);
    const right = await rightToCancel(services.db, services, application);
    const holder = right.holders.find((h) => h.key === key);
    if (!holder || !right.period) return downloads.notFound(c);
    return downloads.send(
      c,
      await holderNoticePdf(application.id, application.doc, holder, right.period, services.defs.texts),
      RESCISSION_PDF_NAME,
    );
  });
  app.get("/credit-score/:file", async (c) => {
    const match = HOLDER_FILE.exec(c.req.param("file"));
    const who = await downloads.downloader(c, match !== null);
    if (who instanceof Response) return who;
    // A borrower reads their own notice only: "mine", or their own role.
    const asked = match![1]!;
    if (who.reader && asked !== "mine" && asked !== who.reader.role) return downloads.notFound(c);
    const role = who.reader ? who.reader.role : asked;
    const application = who.reader?.app ?? (await store.byId(services.db, who.applicationId));
    if (!application || !scoredBorrowers(services, application.doc).includes(role))
      return downloads.notFound(c);
    return downloads.send(
      c,
      await creditScoreNoticePdf(services, application.id, application.doc, role),
      CREDIT_SCORE_PDF_NAME,
    );
  });
  return app;
}
