// The set-password link mailed to a portal user invited or reset: in the words of
// content/mail/portal-invite.md or portal-reset.md, filled from the lender profile (the lender's own
// name, never a partner record's); the link's token is never logged.
import { join } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import { ROUTES } from "@engine/base/routes";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { Services } from "@server/services";
import { fillTokens, readDisclosure } from "../esign/documents";
import { mailGate } from "../messaging/mail";
import { issueToken, type TokenPurpose } from "./tokens";
import type { UserRow } from "./user-guards";

/** The texts of the mails, with the lender profile's tokens (content/mail/). */
const MAIL_DIR = join(REPO_ROOT, "content/mail");
/** The lender's own partner (the first migration makes it): its staff are the lender's. */
const HOUSE_PARTNER = "house";

async function mailLink(
  services: Services,
  to: string,
  purpose: TokenPurpose,
  token: string,
  base: string,
  partnerName: string,
  partnerId: string,
) {
  const policy = services.portal;
  const hours = Math.round((purpose === "invite" ? policy.inviteMs : policy.resetMs) / 3_600_000);
  const source = readDisclosure(purpose === "invite" ? "portal-invite" : "portal-reset", MAIL_DIR);
  if (!source) throw new Error(`content/mail/portal-${purpose}.md is missing`);
  const values = {
    ...lenderTokens(readLenderProfile()),
    // A broker partner's staff are told whose staff they are; the lender's own are not.
    partnerLine: partnerId === HOUSE_PARTNER ? "" : `, as staff of ${partnerName}`,
    link: `${base}${ROUTES.portalSetPassword}?token=${token}`,
    hours: String(hours),
  };
  // The link proves the address (as a code does): sent as its proof, within the code budget.
  const outcome = await mailGate(services).send(
    to,
    { subject: fillTokens(source.title, values), text: fillTokens(source.body, values).trim() },
    { kind: `portal-${purpose}`, applicationId: null, proof: true },
  );
  if (outcome === "refused") throw new Error("the mail budget refused it");
}

/** Issues the user a token and mails its link; false when the mail could not be sent (logged, without the token). */
export async function sendLink(
  services: Services,
  user: UserRow,
  purpose: TokenPurpose,
  base: string,
  partnerName: string,
): Promise<boolean> {
  const policy = services.portal;
  const token = await issueToken(
    services.db,
    user.id,
    purpose,
    purpose === "invite" ? policy.inviteMs : policy.resetMs,
    services.now(),
  );
  try {
    await mailLink(services, user.email, purpose, token, base, partnerName, user.partnerId);
    return true;
  } catch {
    services.log.error({ purpose }, `portal: the ${purpose} mail could not be sent`);
    return false;
  }
}
