// Phase 2 of step.submit, admit: the step is open on this reader's path, the line is not
// cancelled and the application not yet submitted.
import { said } from "@engine/locale/server-words";
import { refuse } from "@server/features/refusal";
import type { Journey } from "@engine/funnel/journey";
import type { Reader } from "@server/features/members/store";
import { isCancelled } from "@server/features/esign/right-to-cancel";
import { cancelledRefusal, refuseClosedStep, submittedRefusal } from "../access";
import { journeyFor, ownerJourney } from "../journey";
import type { Submission } from "./submission";

/** The reader's path now; a refusal when the step is not open to them or the application is submitted. */
export function admit({ services, step, userId }: Submission, reader: Reader | null): Journey | null {
  if (userId && !reader) throw refuse("notFound", said("refusal.noApplication"));
  const journey = reader ? journeyFor(services, reader) : null;
  refuseClosedStep(services, reader, journey, step);
  if (reader && isCancelled(services.defs, reader.app)) throw cancelledRefusal(services, reader.app);
  if (reader) {
    const owner = reader.member ? ownerJourney(services, reader.app, reader.app.doc) : journey!;
    if (owner.submitted) throw submittedRefusal(services, owner);
  }
  return journey;
}
