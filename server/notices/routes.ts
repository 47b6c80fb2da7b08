// GET /api/notices/adverse-action/<n>.pdf (n = 0 for the first decision recorded, or latest): the
// notice of action taken of a decline as a PDF (Regulation B, 12 CFR 1002.9), for the applicant or
// (with ?application=<id>) portal staff with notices.view; who may download is
// server/http/pdf-download.ts. The copy stored when the notice was given is served as it was.
import { Hono } from "hono";
import { decisionsOf, NOTICE_PDF_NAME, noticePdf } from "../decisions/adverse-action";
import { pdfDownloads } from "../http/pdf-download";
import type { Services } from "../services";
import { applicationStore } from "../store/applications";

const DECISION_FILE = /^(\d{1,3}|latest)\.pdf$/;

export function createNoticeRoutes(services: Services) {
  const app = new Hono();
  const downloads = pdfDownloads(services, { permission: "notices.view", signIn: "Sign in to download your notice", notFound: "There is no such notice" });
  const store = applicationStore(services);

  app.get("/adverse-action/:file", async (c) => {
    const match = DECISION_FILE.exec(c.req.param("file"));
    const who = await downloads.downloader(c, match !== null);
    if (who instanceof Response) return who;
    // A notice is the owner's (the applicant the decision was about): a co-borrower's session has none.
    if (who.reader?.member) return downloads.notFound(c);
    const doc = who.reader?.app.doc ?? (await store.byId(services.db, who.applicationId))?.doc ?? {};
    const index = match![1] === "latest" ? decisionsOf(doc).length - 1 : Number(match![1]);
    const result = await noticePdf(services.storage, who.applicationId, doc, index);
    if (!result.ok) return downloads.refused(c, result);
    return downloads.send(c, result.bytes, NOTICE_PDF_NAME);
  });
  return app;
}
