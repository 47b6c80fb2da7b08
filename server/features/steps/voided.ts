// When a save voids signatures (a covered answer changed), each signer is told by mail that they
// need to sign again (content/mail/signature-voided.md, or -own.md when the change was theirs, in
// their account's language), with who changed what (the answers named, never their values): the borrower
// at their account's address (set only once proven), a member at the address they joined with (the invite proved it).
import { eq } from "drizzle-orm";
import { OWNER_ROLE } from "@engine/funnel/members";
import { users } from "@server/persistence/db/schema";
import { memberStore } from "../members/store";
import { mailGate } from "../messaging/mail";
import type { Services } from "@server/services";
import { accountLocale, filledMail, mailText } from "../locale/mail-text";
import { changedAnswers, mailLanguage, nameOf } from "./others";

export interface Voided {
  signer: string;
  /** The covered answers whose change voided it (pointers only). */
  pointers: string[];
}

export async function notifyVoidedSigners(
  services: Services,
  app: { id: string; ownerId: string },
  voided: Voided[],
  change: { by: string; doc: unknown },
) {
  const rows = await memberStore(services).ofApplication(services.db, app.id);
  for (const { signer, pointers } of voided) {
    let account: { email: string | null; locale: string | null } | undefined;
    if (signer === OWNER_ROLE)
      // The email is set only once the address is proven (server/features/auth/email-proof.ts).
      [account] = await services.db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, app.ownerId));
    else {
      const member = rows.find((r) => r.role === signer && r.userId);
      if (member) account = { email: member.email, locale: await accountLocale(services.db, member.userId!) };
    }
    if (!account?.email) continue;
    // In the signer's account language; "You changed your answers" when the change was theirs.
    const own = change.by === signer;
    const template = own ? "signature-voided-own" : "signature-voided";
    const source = mailText(services, template, account.locale);
    if (!source) throw new Error(`content/mail/${template}.md is missing`);
    const language = mailLanguage(services, source.language);
    const mail = filledMail(source, {
      changedBy: own ? "" : nameOf(services, change.doc, change.by, language.words),
      changedAnswers: changedAnswers(services, pointers, language),
    });
    await mailGate(services).send(account.email, mail, { kind: "signature-voided", applicationId: app.id });
  }
}
