// step.get and step.submit: the server side of every funnel screen (server/steps/ does the work).
import { getStep } from "../../steps/get";
import { submitStep } from "../../steps/submit";
import { router, visitorProcedure } from "../init";
import { inputOf } from "../inputs";

export { registeredEffectKinds } from "../../steps/effect-table";

export const stepRouter = router({
  get: visitorProcedure.input(inputOf("stepRef")).query(({ ctx, input }) => getStep(ctx, input)),
  submit: visitorProcedure.input(inputOf("stepSubmit")).mutation(({ ctx, input }) => submitStep(ctx, input)),
});
