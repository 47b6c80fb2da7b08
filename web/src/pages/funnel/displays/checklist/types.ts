// The shapes the document checklist shows, as the server's routers answer them (no copies).
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@server/transport/trpc/router";

type Outputs = inferRouterOutputs<AppRouter>;

/** One document the application needs (engine/lending/documents.ts Requirement). */
export type Requirement = Outputs["documents"]["required"]["requirements"][number];
export type UploadList = Outputs["uploads"]["list"];
/** A file already sent, with the lender's decision: a rejected file no longer counts, and says why. */
export type UploadRow = UploadList["uploads"][number];
/** Which sides of a borrower's photo ID are in, and how its review stands. */
export type IdentityState = UploadList["identity"][number];
