// identity.deleteSession (spec §7): signs the applicant out here and now, from any page.
// identity.signOutEverywhere: ends every session of the account, on every device and server.
import { router, visitorProcedure } from "../init";
import { optionalInputOf } from "../inputs";

export const identityRouter = router({
  deleteSession: visitorProcedure.input(optionalInputOf("empty")).mutation(async ({ ctx }) => {
    const { sessions, jar } = ctx.services.auth.applicant;
    if (ctx.applicant) await sessions.invalidate(ctx.applicant.id);
    jar.clear(ctx.cookies, "session");
    return { signedOut: true };
  }),
  signOutEverywhere: visitorProcedure.input(optionalInputOf("empty")).mutation(async ({ ctx }) => {
    const { sessions, jar } = ctx.services.auth.applicant;
    if (ctx.applicant) await sessions.invalidateAllOf(ctx.applicant.userId);
    jar.clear(ctx.cookies, "session");
    return { signedOut: true };
  }),
});
