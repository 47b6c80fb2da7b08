// The signed-in applicant's own application. Naming any other id is refused, whether or not it
// exists, so ids cannot be probed.
import { said } from "@engine/locale/server-words";
import { TRPCError } from "@trpc/server";
import { memberStore, type Reader } from "@server/features/members/store";
import { applicationStore } from "@server/persistence/store/applications";
import { wordError, type ApplicantContext } from "./init";

export async function ownApplication(ctx: ApplicantContext, applicationId?: string) {
  const app = await applicationStore(ctx.services).ofOwner(ctx.services.db, ctx.applicant.userId);
  if (applicationId !== undefined && applicationId !== app?.id)
    throw new TRPCError({ code: "FORBIDDEN", message: "That application is not yours" });
  if (!app) throw wordError("notFound", said("refusal.noApplication"));
  return app;
}

/** The application the account reads, as its owner or as a member answering their part (rules/members.json). */
export async function readApplication(ctx: ApplicantContext, applicationId?: string): Promise<Reader> {
  const reader = await memberStore(ctx.services).readerOf(ctx.services.db, ctx.applicant.userId);
  if (applicationId !== undefined && applicationId !== reader?.app.id)
    throw new TRPCError({ code: "FORBIDDEN", message: "That application is not yours" });
  if (!reader) throw wordError("notFound", said("refusal.noApplication"));
  return reader;
}
