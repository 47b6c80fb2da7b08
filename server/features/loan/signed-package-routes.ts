// GET /api/loan/closing-package.pdf: the closing package as every borrower signed it
// (./signed-package.ts), for each borrower of the application in their own session, or, with
// ?application=<id>, portal staff with documents.view who can see that application; who may
// download is server/transport/http/pdf-download.ts.
import { said } from "@engine/locale/server-words";
import { Hono } from "hono";
import { pdfDownloads } from "@server/transport/http/pdf-download";
import type { Services } from "@server/services";
import { SIGNED_PACKAGE_PDF_NAME, signedPackagePdf } from "./signed-package";

export function createSignedPackageRoutes(services: Services) {
  const app = new Hono();
  const downloads = pdfDownloads(services, {
    permission: "documents.view",
    signIn: said("refusal.download.closing.signIn"),
    notFound: said("refusal.download.closing.notFound"),
  });
  app.get("/:file", async (c) => {
    const who = await downloads.downloader(c, c.req.param("file") === "closing-package.pdf");
    if (who instanceof Response) return who;
    const result = await signedPackagePdf(services, who.applicationId);
    if (!result.ok) return downloads.refused(c, result);
    return downloads.send(c, result.bytes, SIGNED_PACKAGE_PDF_NAME);
  });
  return app;
}
