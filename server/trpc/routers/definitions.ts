// The definition files (schemas, steps, rules) for the browser, which builds the same engine
// from them; the version lets it cache them until the server's definitions change.
import { publicProcedure, router } from "../init";
import { optionalInputOf } from "../inputs";

export const definitionsRouter = router({
  bundle: publicProcedure.input(optionalInputOf("empty")).query(({ ctx }) => ({ version: ctx.services.definitionsVersion, files: ctx.services.defs.files })),
});
