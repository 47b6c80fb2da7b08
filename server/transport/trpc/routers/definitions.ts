// The definition files (schemas, steps, rules) for the browser, which builds the same engine
// from them; the version lets it cache them until the server's definitions change. Only what the
// browser reads is sent (engine/ship/browser-files.ts): no worked cases, no meta-schemas.
import { browserFiles } from "@engine/ship/browser-files";
import type { DefinitionFiles, Definitions } from "@engine/definitions/definitions";
import { pageFiles, stepIdForRoute, stepCut } from "@engine/ship/page-files";
import { modulesForStep } from "@engine/validation/precompiled";
import { pageWords, rememberedLocale } from "@server/features/locale/locale";
import { readerArms } from "@server/features/experiments/arms";
import { wordedSet } from "@server/features/experiments/worded";
import { badRequest, publicProcedure, router } from "../init";
import { inputOf, optionalInputOf } from "../inputs";

const sent = new WeakMap<DefinitionFiles, DefinitionFiles>();
/** Worked out once per definitions set. */
const filesFor = (files: DefinitionFiles) =>
  sent.get(files) ?? sent.set(files, browserFiles(files)).get(files)!;

/** A page's or a step's files, with the validator modules of its whole steps (the browser fetches a step's ahead with its files). */
type Cut = ReturnType<typeof pageFiles> & { modules: string[] };
const cuts = new WeakMap<DefinitionFiles, Map<string, Cut | null>>();
/** A page's or a step's files, cut once per definitions set and step (keyed by step id, never by a caller's string). */
function cutOnce(files: DefinitionFiles, key: string, cut: () => Cut | null): Cut | null {
  let kept = cuts.get(files);
  if (!kept) cuts.set(files, (kept = new Map()));
  if (!kept.has(key)) kept.set(key, cut());
  return kept.get(key)!;
}

const withModules = (defs: Definitions, cut: ReturnType<typeof pageFiles> | null): Cut | null =>
  cut && { ...cut, modules: cut.whole === "all" ? [] : cut.whole.flatMap((id) => modulesForStep(defs, id)) };

export const definitionsRouter = router({
  bundle: publicProcedure.input(optionalInputOf("empty")).query(({ ctx }) => ({
    version: ctx.services.definitionsVersion,
    files: filesFor(ctx.services.defs.files),
  })),
  /**
   * What a funnel page needs of them (engine/ship/page-files.ts): the page's files by its
   * route, or one more step's own files by its id. `whole` lists the steps sent whole ("all":
   * every file is, as the bundle).
   */
  page: publicProcedure.input(inputOf("definitionsPage")).query(async ({ ctx, input }) => {
    const { definitionsVersion: version } = ctx.services;
    // In the applicant's language (server/features/locale): its own files, cut and kept apart. A
    // signed-in applicant's choice is remembered on the account, and follows them to another device.
    const chosen = await rememberedLocale(ctx.services, ctx.cookies, ctx.applicant);
    // With the wording of the reader's experiment arms (server/features/experiments): a page of an
    // experiment's flow assigns the account its arm; only that arm's strings are ever sent.
    const at = {
      stepId:
        input.route !== undefined ? stepIdForRoute(ctx.services.defs, input.route) : (input.stepId ?? null),
    };
    const arms = await readerArms(ctx.services, ctx.applicant?.userId ?? null, chosen.code, at);
    const { defs, locale, words } = wordedSet(ctx.services.defs, chosen, arms);
    const language = { locale: { code: locale.code, intl: locale.intl }, words: pageWords(words) };
    const sent = filesFor(defs.files);
    if (input.route !== undefined) {
      const stepId = stepIdForRoute(defs, input.route);
      return {
        version,
        ...language,
        ...cutOnce(defs.files, `page ${stepId ?? ""}`, () =>
          withModules(defs, pageFiles(defs, sent, stepId)),
        )!,
      };
    }
    const stepId = input.stepId!;
    const part = defs.steps.has(stepId)
      ? cutOnce(defs.files, `step ${stepId}`, () => withModules(defs, stepCut(defs, sent, stepId)))
      : null;
    if (!part) throw badRequest([{ pointer: "/stepId", message: `Step "${input.stepId}" does not exist` }]);
    // A step's files join a page that has its words already (web/src/pages/funnel/definitions.ts
    // keeps the first answer's): the whole table again was ~4.7 kB gzip on each fetch ahead in Spanish.
    return { version, ...language, words: {}, ...part };
  }),
});
