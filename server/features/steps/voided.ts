// When a save voids signatures (a covered answer changed), each signer is told by mail that they
// need to sign again: the borrower at their account's address, a member at the address they joined with.
import { eq } from "drizzle-orm";
import { OWNER_ROLE } from "@engine/funnel/members";
import { users } from "@server/persistence/db/schema";
import { memberStore } from "../members/store";
import { mailGate } from "../messaging/mail";
import type { Services } from "@server/services";

export interface Voided {
  signer: string;
  /** The covered answers whose change voided it (pointers only). */
  pointers: string[];
}

export async function notifyVoidedSigners(
  services: Services,
  app: { id: string; ownerId: string },
  voided: Voided[],
) {
  const rows = await memberStore(services).ofApplication(services.db, app.id);
  for (const { signer } of voided) {
    const email =
      signer === OWNER_ROLE
        ? (await services.db.select({ email: users.email }).from(users).where(eq(users.id, app.ownerId)))[0]
            ?.email
        : rows.find((r) => r.role === signer && r.userId)?.email;
    if (!email) continue;
    await mailGate(services).send(
      email,
      {
        subject: "Please sign your home equity line of credit disclosures again",
        text: [
          "An answer your signed disclosures rest on has changed (for example the home's value, a mortgage, or a borrower's details), so the figures you signed may no longer be the ones that apply.",
          "",
          "Your earlier signature no longer counts. Sign in to review the disclosures as they are now and sign them again. Your application cannot be submitted until every borrower has signed the current terms.",
        ].join("\n"),
      },
      { kind: "signature-voided", applicationId: app.id },
    );
  }
}
