// identity.deleteSession (spec §7): signs the applicant out here and now, from any page.
import { router, visitorProcedure } from "../init";
import { optionalInputOf } from "../inputs";

export const identityRouter = router({
  deleteSession: visitorProcedure.input(optionalInputOf("empty")).mutation(({ ctx }) => {
    const { sessions, jar } = ctx.services.auth.applicant;
    if (ctx.applicant) sessions.invalidate(ctx.applicant.id);
    jar.clear(ctx.cookies, "session");
    return { signedOut: true };
  }),
});
