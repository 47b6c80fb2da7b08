// The first portal administrator: on a database without portal users, `npm start` makes one for
// the lender's own partner ("house") and prints the credentials once. PORTAL_ADMIN_EMAIL,
// PORTAL_ADMIN_NAME and PORTAL_ADMIN_PASSWORD choose them instead of the defaults.
import { auditAction } from "@engine/lending/audit-actions";
import { randomBytes, randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { transaction } from "@server/persistence/db/client";
import { portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";

export interface FirstAdminEnv {
  PORTAL_ADMIN_EMAIL?: string;
  PORTAL_ADMIN_NAME?: string;
  PORTAL_ADMIN_PASSWORD?: string;
}

/** Creates the first administrator when there is no portal user; returns the lines to print. */
export async function ensureFirstAdmin(
  services: Services,
  env: FirstAdminEnv = process.env,
): Promise<string[]> {
  const { db, portal: policy } = services;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(portalUsers);
  if (n > 0) return [];
  const email = (env.PORTAL_ADMIN_EMAIL ?? "admin@heloc.local").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error("PORTAL_ADMIN_EMAIL is not an email address");
  const given = env.PORTAL_ADMIN_PASSWORD;
  if (given !== undefined && given.length < policy.passwordMinLength)
    throw new Error(`PORTAL_ADMIN_PASSWORD must be at least ${policy.passwordMinLength} characters`);
  const password = given ?? randomBytes(18).toString("base64url");
  const id = randomUUID();
  const passwordHash = await hashPassword(password);
  await transaction(db, async (tx) => {
    await tx.insert(portalUsers).values({
      id,
      email,
      name: env.PORTAL_ADMIN_NAME ?? "Administrator",
      role: policy.adminRole,
      partnerId: "house",
      passwordHash,
      createdAt: services.now(),
    });
    await applicationStore(services).audit(tx, {
      actorKind: "system",
      actorId: null,
      action: auditAction("portal.user.firstAdmin"),
      applicationId: null,
      changed: [`/portalUsers/${id}`],
    });
  });
  return [
    given === undefined
      ? `First portal administrator created: ${email} / ${password} (shown only now; sign in at /portal/login and keep it safe)`
      : `First portal administrator created: ${email} (password from PORTAL_ADMIN_PASSWORD)`,
  ];
}
