// When a save voids signatures (a covered answer changed), each signer is told by mail that they
// need to sign again, with who changed what (the answers named, never their values): the borrower
// at their account's address (set only once proven), a member at the address they joined with (the invite proved it).
import { eq } from "drizzle-orm";
import { OWNER_ROLE } from "@engine/funnel/members";
import { users } from "@server/persistence/db/schema";
import { memberStore } from "../members/store";
import { mailGate } from "../messaging/mail";
import type { Services } from "@server/services";
import { changedInWords, listed, nameOf } from "./others";

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
    let email: string | null | undefined;
    if (signer === OWNER_ROLE) {
      const [row] = await services.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, app.ownerId));
      email = row?.email; // set only once the address is proven (server/features/auth/email-proof.ts)
    } else email = rows.find((r) => r.role === signer && r.userId)?.email;
    if (!email) continue;
    const who = change.by === signer ? "You" : nameOf(services, change.doc, change.by);
    const what = listed(changedInWords(services, pointers));
    await mailGate(services).send(
      email,
      {
        subject: "Please sign your home equity line of credit disclosures again",
        text: [
          `${who} changed ${change.by === signer ? "your" : "their"} answers${what ? ` (${what})` : ""} after you signed. Your signed disclosures rest on those answers, so the figures you signed may no longer be the ones that apply.`,
          "",
          "Your earlier signature no longer counts. Sign in to review the disclosures as they are now and sign them again. Your application cannot be submitted until every borrower has signed the current terms.",
        ].join("\n"),
      },
      { kind: "signature-voided", applicationId: app.id },
    );
  }
}
