// The print-and-mail queue of early declines: a notice of action taken that could not go
// electronically (no E-SIGN consent on file, or no proven address: ./early-decline.ts) waits on
// paper until staff with notices.mail record the day they mailed it; one issued with no mailing
// address on file (the sweep's, ./unconfirmed-declines.ts) is recorded with the address staff found. A day after today (where the
// home is) or before the notice was given is refused naming /mailedOn; the record is saved at the
// application's revision with its audit row, or refused saving nothing.
import { auditAction } from "@engine/lending/audit-actions";
import type { Address } from "@engine/generated/schema-types";
import { longDate } from "@engine/base/dates";
import { transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { dateIn } from "../esign/rescission";
import { homeTimeZone } from "../esign/right-to-cancel";
import { invalidAnswers, refuse } from "../refusal";
import { decisionsOf, type Decision } from "./adverse-action";

export interface DeclineMailed {
  applicationId: string;
  /** The decision's place among the application's decisions, oldest first. */
  index: number;
  mailedOn: string;
  /** Where staff mailed a notice issued with no mailing address on file (required then, refused otherwise). */
  mailTo?: Address;
}

export async function recordDeclineMailed(
  services: Services,
  staff: { id: string },
  input: DeclineMailed,
): Promise<Decision> {
  const store = applicationStore(services);
  return transaction(services.db, async (tx) => {
    const now = services.now();
    const app = await store.byId(tx, input.applicationId);
    if (!app) throw refuse("notFound", "There is no such application.");
    const decisions = decisionsOf(app.doc);
    const decision = decisions[input.index];
    if (!decision)
      throw invalidAnswers([
        { pointer: "/index", message: "There is no such notice of action taken on this file." },
      ]);
    if (decision.delivery !== "mail")
      throw refuse(
        "conflict",
        "This notice was delivered electronically: it is not in the print-and-mail queue.",
      );
    if (decision.mailedOn)
      throw refuse(
        "conflict",
        `This notice is already recorded as mailed on ${longDate(decision.mailedOn)}.`,
      );
    const timeZone = homeTimeZone(services.defs, app.doc);
    const today = dateIn(now, timeZone);
    const given = dateIn(new Date(decision.decidedAt), timeZone);
    if (input.mailedOn > today)
      throw invalidAnswers([
        { pointer: "/mailedOn", message: `The day mailed cannot be after today (${longDate(today)}).` },
      ]);
    if (input.mailedOn < given)
      throw invalidAnswers([
        {
          pointer: "/mailedOn",
          message: `The notice was given on ${longDate(given)}: it cannot have been mailed before.`,
        },
      ]);
    // A notice issued with no address on file: staff found one, and the record says where it went.
    if (!decision.mailTo && !input.mailTo)
      throw invalidAnswers([
        {
          pointer: "/mailTo",
          message: "No mailing address was on file: give the address you mailed the notice to.",
        },
      ]);
    if (decision.mailTo && input.mailTo)
      throw invalidAnswers([
        { pointer: "/mailTo", message: "The notice's mailing address is on file: it is mailed there." },
      ]);
    const mailed: Decision = {
      ...decision,
      ...(input.mailTo ? { mailTo: { ...input.mailTo } } : {}),
      mailedOn: input.mailedOn,
      mailedBy: staff.id,
    };
    const doc = { ...app.doc, decisions: decisions.map((d, i) => (i === input.index ? mailed : d)) };
    if (!(await store.save(tx, app, doc, app.status)))
      throw refuse("conflict", "The application changed meanwhile. Reload it and try again.");
    await store.audit(tx, {
      actorKind: "portal",
      actorId: staff.id,
      action: auditAction("decision.noticeMailed", decision.ruleId, input.mailedOn),
      applicationId: app.id,
      changed: [
        `/decisions/${input.index}/mailedOn`,
        ...(input.mailTo ? [`/decisions/${input.index}/mailTo`] : []),
      ],
    });
    return mailed;
  });
}
