// Portal procedures: staff-side only, on the portal session. Issue 7 grows this into the
// pipeline and user management; for now the signed-in staff member.
import { eq } from "drizzle-orm";
import { portalUsers } from "../../db/schema";
import { portalProcedure, router } from "../init";
import { optionalInputOf } from "../inputs";

export const portalRouter = router({
  me: portalProcedure.input(optionalInputOf("empty")).query(({ ctx }) => {
    const user = ctx.services.db.select().from(portalUsers).where(eq(portalUsers.id, ctx.portal.userId)).get();
    return user ? { id: user.id, email: user.email, name: user.name, role: user.role } : null;
  }),
});
