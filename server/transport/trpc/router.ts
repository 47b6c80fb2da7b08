// The tRPC API at /api/trpc. The web app imports the AppRouter type only.
import { router } from "./init";
import { applicationRouter } from "./routers/application";
import { decisionRouter } from "./routers/decision";
import { definitionsRouter } from "./routers/definitions";
import { documentsRouter } from "./routers/documents";
import { esignRouter } from "./routers/esign";
import { identityRouter } from "./routers/identity";
import { membersRouter } from "./routers/members";
import { portalRouter } from "./routers/portal";
import { quoteRouter } from "./routers/quote";
import { rescissionRouter } from "./routers/rescission";
import { loanRouter } from "./routers/loan";
import { stepRouter } from "./routers/step";
import { uploadsRouter } from "./routers/uploads";

export const appRouter = router({
  definitions: definitionsRouter,
  step: stepRouter,
  application: applicationRouter,
  quote: quoteRouter,
  decision: decisionRouter,
  rescission: rescissionRouter,
  loan: loanRouter,
  identity: identityRouter,
  documents: documentsRouter,
  esign: esignRouter,
  portal: portalRouter,
  uploads: uploadsRouter,
  members: membersRouter,
});

export type AppRouter = typeof appRouter;
