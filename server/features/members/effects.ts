// The inviteMember step effect. rules/members.json says what each member role does on this
// application now: answer their whole part (the coborrowerInvite step invites them to), or only
// consent and sign (the sign step invites them to, once the borrower has signed). While the role
// has the effect's access, mail its address a link to join; when the role is no member any more,
// withdraw the invite, which ends a joined member's access. The link's token never reaches a log.
import { englishWord } from "@engine/locale/server-words";
import { invalidAnswers } from "@server/features/refusal";
import { ROUTES } from "@engine/base/routes";
import { accessOf, memberRole, type Access } from "@engine/funnel/members";
import { getAt } from "@engine/base/pointer";
import { linkBase } from "../portal/users";
import { accountName } from "@engine/lending/borrowers";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { EffectHandler } from "../steps/effects";
import { memberStore } from "./store";
import { mailGate } from "../messaging/mail";

/** The path of the page an invite link opens. */
export const JOIN_PATH = ROUTES.join;

/**
 * What the invite says, by what the member is asked to do. It goes to an address nobody has proven
 * yet, so it carries no text an applicant typed (not even the inviter's name: a name field could
 * hold anything): the lender's name, the role and the link.
 */
export function inviteMail(access: Access, lender: string, label: string, link: string, days: number) {
  const role = label.toLowerCase();
  if (access === "signs")
    return {
      subject: "Please sign your home equity line of credit application",
      text: [
        `You are named as ${role} on a home equity line of credit application with ${lender}. The borrower has answered the application's questions for both of you.`,
        "",
        `Each borrower gives their own consent and signs the disclosures themselves. Open this link to do so with your own account (it works for ${days} days):`,
        link,
        "",
        "The application is submitted once you have signed. If you did not expect this, ignore this email: nothing happens without you.",
      ].join("\n"),
    };
  return {
    subject: "You are invited to apply for a home equity line of credit together",
    text: [
      `You are named as ${role} on a home equity line of credit application with ${lender}.`,
      "",
      `Open this link to answer your part of the application with your own account (it works for ${days} days):`,
      link,
      "",
      "Only you see your answers; the borrower sees how far you have got. If you did not expect this, ignore this email: nothing happens without you.",
    ].join("\n"),
  };
}

export const inviteMember: EffectHandler = {
  async record({ effect, services, tx, application, doc, now, request }) {
    const role = effect.role!;
    const members = memberStore(services);
    const access = accessOf(services.defs, doc)[role];
    if (!access) {
      await members.withdraw(tx, application.id, role);
      return;
    }
    if (access !== (effect.access ?? "answers")) return; // the step that invites for their access does
    const { inviteEmail, inviteValidDays, label } = memberRole(services.defs, role);
    const pointer = inviteEmail[access];
    const email = getAt(doc, pointer);
    if (typeof email !== "string")
      throw invalidAnswers([
        { pointer, message: englishWord("refusal.invite.email", { role: label.toLowerCase() }) },
      ]);
    const base = linkBase(services, request.origin);
    // To answer: a new link on every save of the invite step. To sign: one link, sent again only once it expired.
    const token = await members.invite(tx, application.id, role, email, now, {
      resend: access === "answers",
    });
    if (!token) return; // that address has joined already, or holds a live link
    const over = await services.limits.invitesPerApplicant.hit(application.id, 1, tx);
    if (!over.ok)
      throw invalidAnswers([
        {
          pointer,
          message: englishWord("refusal.invite.tooMany"),
        },
      ]);
    const lender = readLenderProfile().legalName;
    const mail = inviteMail(access, lender, label, `${base}${JOIN_PATH}?token=${token}`, inviteValidDays);
    // The link proves the address (as a code does): sent as its proof, carrying no text anyone typed.
    return async () =>
      void (await mailGate(services).send(email, mail, {
        kind: `invite-${access}`,
        applicationId: application.id,
        proof: true,
      }));
  },
};

/** A reminder to a member who joined and has not finished their part: where to sign in, never a link that signs them in. */
export function reminderMail(inviter: string, label: string, signIn: string) {
  return {
    subject: `${inviter} is waiting for your part of your home equity line of credit application`,
    text: [
      `${inviter} has done their part of your home equity line of credit application, where you are ${label.toLowerCase()}. Your part is not finished yet, and the application is submitted once it is.`,
      "",
      `Sign in with this email address to carry on where you left off: ${signIn}`,
      "",
      "If you did not expect this, ignore this email.",
    ].join("\n"),
  };
}
