// The definition files (schemas, steps, rules) for the browser, which builds the same engine
// from them; the version lets it cache them until the server's definitions change. Only what the
// browser reads is sent (engine/browser-files.ts): no worked cases, no meta-schemas.
import { browserFiles } from "../../../engine/browser-files";
import type { DefinitionFiles } from "../../../engine/definitions";
import { publicProcedure, router } from "../init";
import { optionalInputOf } from "../inputs";

const sent = new WeakMap<DefinitionFiles, DefinitionFiles>();
/** Worked out once per definitions set. */
const filesFor = (files: DefinitionFiles) => sent.get(files) ?? sent.set(files, browserFiles(files)).get(files)!;

export const definitionsRouter = router({
  bundle: publicProcedure.input(optionalInputOf("empty")).query(({ ctx }) => ({ version: ctx.services.definitionsVersion, files: filesFor(ctx.services.defs.files) })),
});
