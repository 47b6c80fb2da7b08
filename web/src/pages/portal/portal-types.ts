// The shapes the portal pages show, as the server's portal router answers them (no copies).
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@server/transport/trpc/router";

type Portal = inferRouterOutputs<AppRouter>["portal"];

export type PortalMe = Portal["me"];
export type PipelineRow = Portal["applications"]["list"]["applications"][number];
export type ApplicationDetail = Portal["applications"]["get"];
export type PortalUser = Portal["users"]["list"]["users"][number];
export type PortalRole = Portal["roles"]["roles"][number];
/** A permission name, as the roles the server answers carry them. */
export type Permission = PortalRole["permissions"][number];
/** The funnel report of the analytics page. */
export type FunnelReport = Portal["analytics"];
export type MessagingReport = Portal["messaging"];
export type PendingReview = Portal["identityReviews"]["pending"]["reviews"][number];
/** The notices given on one file (adverse action, the right to cancel). */
export type ApplicationNoticesDetail = Portal["notices"]["ofApplication"];
export type SentNotice = Portal["notices"]["list"]["notices"][number];
export type LosCredential = Portal["losCredentials"]["list"]["credentials"][number];
/** The loan file after submission: milestone, moves, closing, right to cancel, funding. */
export type LoanFileDetail = Portal["loan"]["get"];
