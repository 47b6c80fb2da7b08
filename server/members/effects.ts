// The inviteMember step effect (step coborrowerInvite): while rules/members.json says the role
// answers its own part, mail the address the step saved a link to join; otherwise withdraw the
// invite, which ends a joined member's access. The link's token never reaches a log.
import { activeRoles, memberRole } from "../../engine/members";
import { getAt } from "../../engine/pointer";
import { linkBase } from "../portal/users";
import { accountName } from "../store/account-fields";
import { badRequest } from "../trpc/init";
import { registerEffect } from "../trpc/step-effects";
import { memberStore } from "./store";

/** The path of the page an invite link opens. */
export const JOIN_PATH = "/app/join";

registerEffect("inviteMember", {
  async record({ effect, services, tx, application, doc, now, request }) {
    const role = effect.role!;
    const members = memberStore(services);
    if (!activeRoles(services.defs, doc).includes(role)) {
      await members.withdraw(tx, application.id, role);
      return;
    }
    const { inviteEmail, inviteValidDays, label } = memberRole(services.defs, role);
    const email = getAt(doc, inviteEmail);
    if (typeof email !== "string") throw badRequest([{ pointer: inviteEmail, message: "Enter the email address to send the invite to" }]);
    const base = linkBase(services, request.origin);
    const token = await members.invite(tx, application.id, role, email, now);
    if (!token) return; // that address has joined already
    const over = await services.limits.invitesPerApplicant.hit(application.id);
    if (!over.ok) throw badRequest([{ pointer: inviteEmail, message: "We have sent several invites in the last hour. Please wait before sending another." }]);
    const inviter = accountName(services.defs, doc) ?? "A borrower";
    const link = `${base}${JOIN_PATH}?token=${token}`;
    return () =>
      services.mailer.send({
        to: email,
        subject: `${inviter} invited you to apply for a home equity line of credit together`,
        text: [
          `${inviter} is applying for a home equity line of credit and named you as ${label.toLowerCase()}.`,
          "",
          `Open this link to answer your part of the application with your own account (it works for ${inviteValidDays} days):`,
          link,
          "",
          `Only you see your answers; ${inviter} sees how far you have got. If you did not expect this, ignore this email.`,
        ].join("\n"),
      });
  },
});
