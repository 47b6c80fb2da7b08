// GET /api/esign/<signature id>.pdf and /api/esign/latest.pdf: the applicant's signed disclosures
// as a file download (with ?application=<id>, for portal staff with documents.view who can see
// that application); who may download is server/transport/http/pdf-download.ts. A borrower gets only their
// own signature's copy.
import { said } from "@engine/locale/server-words";
import { Hono } from "hono";
import { pdfDownloads } from "@server/transport/http/pdf-download";
import type { Services } from "@server/services";
import { signedPdf } from "./signatures";

export const SIGNED_PDF_NAME = "heloc-disclosures-signed.pdf";

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|latest)\.pdf$/;

export function createEsignRoutes(services: Services) {
  const app = new Hono();
  const downloads = pdfDownloads(services, {
    permission: "documents.view",
    signIn: said("refusal.download.disclosures.signIn"),
    notFound: said("refusal.download.disclosures.notFound"),
  });

  app.get("/:file", async (c) => {
    const match = FILE.exec(c.req.param("file"));
    const who = await downloads.downloader(c, match !== null);
    if (who instanceof Response) return who;
    // Staff open any signing of an application they can see; a borrower only their own signature.
    const result = await signedPdf(services, who.applicationId, match![1]!, who.reader?.role);
    if (!result.ok) return downloads.refused(c, result);
    return downloads.send(c, result.bytes, SIGNED_PDF_NAME);
  });
  return app;
}
