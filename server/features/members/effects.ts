// The inviteMember step effect. rules/members.json says what each member role does on this
// application now: answer their whole part (the coborrowerInvite step invites them to), or only
// consent and sign (the sign step invites them to, once the borrower has signed). While the role
// has the effect's access, mail its address a link to join; when the role is no member any more,
// withdraw the invite, which ends a joined member's access. The link's token never reaches a log.
import { said } from "@engine/locale/server-words";
import { fieldSaid, invalidAnswers } from "@server/features/refusal";
import { ROUTES } from "@engine/base/routes";
import { accessOf, memberRole, type Access } from "@engine/funnel/members";
import { getAt } from "@engine/base/pointer";
import { linkBase } from "../portal/users";
import { accountName } from "@engine/lending/borrowers";
import { readLenderProfile } from "@engine/lending/lender-file";
import { lenderTokens } from "@engine/lending/lender";
import { localeOf } from "@engine/locale/locales";
import type { Services } from "@server/services";
import { localizedSet } from "../locale/locale";
import { filledMail, mailText } from "../locale/mail-text";
import type { EffectHandler } from "../steps/effects";
import { memberStore } from "./store";
import { mailGate } from "../messaging/mail";

/** The path of the page an invite link opens. */
export const JOIN_PATH = ROUTES.join;

/**
 * What the invite says, by what the member is asked to do (content/mail/member-invite-answers.md,
 * member-invite-signs.md), in `language`: the inviter's, as the invitee has no account yet. It goes
 * to an address nobody has proven yet, so it carries no text an applicant typed (not even the
 * inviter's name: a name field could hold anything): the lender's name, the role and the link.
 */
export function inviteMail(
  services: Pick<Services, "defs">,
  invite: { access: Access; role: string; link: string; days: number },
  language: string | null | undefined,
) {
  const template = `member-invite-${invite.access}`;
  const source = mailText(services, template, language);
  if (!source) throw new Error(`content/mail/${template}.md is missing`);
  return filledMail(source, {
    ...lenderTokens(readLenderProfile()),
    role: roleIn(services, invite.role, source.language),
    link: invite.link,
    days: String(invite.days),
  });
}

/** A role's name as a reader of `language` reads it in a sentence ("co-borrower", "coprestatario"). */
const roleIn = (services: Pick<Services, "defs">, role: string, language: string) =>
  memberRole(
    localizedSet(services.defs, localeOf(services.defs.texts, language)).defs,
    role,
  ).label.toLowerCase();

export const inviteMember: EffectHandler = {
  async record({ effect, services, tx, application, doc, now, today, request }) {
    const role = effect.role!;
    const members = memberStore(services);
    const access = accessOf(services.defs, doc, today)[role];
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
        fieldSaid(pointer, said("refusal.invite.email", { role: { text: label, lower: true } })),
      ]);
    const base = linkBase(services, request.origin);
    // To answer: a new link on every save of the invite step. To sign: one link, sent again only once it expired.
    const token = await members.invite(tx, application.id, role, email, now, {
      resend: access === "answers",
    });
    if (!token) return; // that address has joined already, or holds a live link
    const over = await services.limits.invitesPerApplicant.hit(application.id, 1, tx);
    if (!over.ok) throw invalidAnswers([fieldSaid(pointer, said("refusal.invite.tooMany"))]);
    const mail = inviteMail(
      services,
      { access, role, link: `${base}${JOIN_PATH}?token=${token}`, days: inviteValidDays },
      request.language,
    );
    // The link proves the address (as a code does): sent as its proof, carrying no text anyone typed.
    return async () =>
      void (await mailGate(services).send(email, mail, {
        kind: `invite-${access}`,
        applicationId: application.id,
        proof: true,
      }));
  },
};

/**
 * A reminder to a member who joined and has not finished their part (content/mail/member-reminder.md,
 * in `language`: their account's, else the reminding borrower's): where to sign in, never a link
 * that signs them in.
 */
export function reminderMail(
  services: Pick<Services, "defs">,
  reminder: { inviter: string; role: string; signIn: string },
  language: string | null | undefined,
) {
  const source = mailText(services, "member-reminder", language);
  if (!source) throw new Error("content/mail/member-reminder.md is missing");
  return filledMail(source, {
    ...lenderTokens(readLenderProfile()),
    inviter: reminder.inviter,
    role: roleIn(services, reminder.role, source.language),
    signInLink: reminder.signIn,
  });
}
