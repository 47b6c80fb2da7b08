// step.get and step.submit: the server side of every funnel screen (server/features/steps/ does the work).
import { getStep } from "@server/features/steps/get";
import { saveSection, submitStep } from "@server/features/steps/submit/index";
import { router, visitorProcedure } from "../init";
import { inputOf } from "../inputs";

export { registeredEffectKinds } from "@server/features/steps/effect-table";

export const stepRouter = router({
  get: visitorProcedure.input(inputOf("stepRef")).query(({ ctx, input }) => getStep(ctx, input)),
  submit: visitorProcedure.input(inputOf("stepSubmit")).mutation(({ ctx, input }) => submitStep(ctx, input)),
  /** One section of a step in sections, saved as it is finished (the step itself stays due). */
  saveSection: visitorProcedure
    .input(inputOf("stepSection"))
    .mutation(({ ctx, input }) => saveSection(ctx, input)),
});
