// The service credentials a partner's loan origination system pulls its MISMO files with. A token
// is "los_<id>.<secret>": the id finds the row, the secret (256 random bits) is kept only as its
// SHA-256 and compared in constant time, as the session cookies are (a secret that long needs no
// slow hash). Staff with los.credentials create them (the token is shown once, never again) and
// revoke them; revoked rows stay, so the audit trail's pulls keep naming their credential.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { auditAction, type AuditAction } from "@engine/lending/audit-actions";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { losCredentials, portalUsers } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { invalidAnswers, refuse } from "@server/features/refusal";
import type { Staff } from "@server/features/portal/staff";

/** The credential a pull is made with, once its token is proven. */
export interface LosCredential {
  id: string;
  partnerId: string;
  label: string;
}

/** Active credentials a partner may hold at once: one per LOS environment, not an unbounded pile. */
export const MAX_ACTIVE_CREDENTIALS = 10;
const LABEL_MAX = 80;
/** Refused LOS API tokens an IP may send in a window; past it the IP is refused outright. */
export const LOS_REFUSALS_PER_IP = { limit: 10, windowMs: 15 * 60_000 };

const TOKEN = /^los_([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
const hashOf = (secret: string) => createHash("sha256").update(secret).digest();

/** The credential a bearer token stands for: null when it is malformed, unknown, wrong or revoked. */
export async function authenticateLos(db: Db, token: string): Promise<LosCredential | null> {
  const [, id, secret] = TOKEN.exec(token) ?? [];
  if (!id || !secret) return null;
  const [row] = await db.select().from(losCredentials).where(eq(losCredentials.id, id));
  // An unknown id still hashes and compares, so the answer takes as long as for a known one.
  const stored = row ? Buffer.from(row.secretHash, "hex") : Buffer.alloc(32);
  const given = hashOf(secret);
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  if (!row || !same || row.revokedAt) return null;
  return { id: row.id, partnerId: row.partnerId, label: row.label };
}

export function losCredentialsOf(services: Services) {
  const { db } = services;
  const store = applicationStore(services);
  const audit = (tx: Db, staff: Staff, action: AuditAction, id: string) =>
    store.audit(tx, {
      actorKind: "portal",
      actorId: staff.id,
      action,
      applicationId: null,
      changed: [`/losCredentials/${id}`],
    });

  return {
    /** The partner's credentials, newest first, with who made and revoked them (never a secret). */
    async list(staff: Staff) {
      const rows = await db
        .select()
        .from(losCredentials)
        .where(eq(losCredentials.partnerId, staff.partnerId))
        .orderBy(desc(losCredentials.createdAt), desc(losCredentials.id));
      const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.revokedBy ?? r.createdBy]))];
      const people = ids.length
        ? await db
            .select({ id: portalUsers.id, name: portalUsers.name })
            .from(portalUsers)
            .where(inArray(portalUsers.id, ids))
        : [];
      const nameOf = (id: string | null) =>
        id ? (people.find((p) => p.id === id)?.name ?? "A former portal user") : null;
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        createdBy: nameOf(r.createdBy),
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
        revokedAt: r.revokedAt?.toISOString() ?? null,
        revokedBy: nameOf(r.revokedBy),
      }));
    },

    /** A new credential of the staff member's partner; the token is in this answer only. */
    async create(staff: Staff, rawLabel: string) {
      const label = rawLabel.trim().replace(/\s+/g, " ");
      if (!label || label.length > LABEL_MAX)
        throw invalidAnswers([
          {
            pointer: "/label",
            message: `Name the credential (1 to ${LABEL_MAX} characters), for example "Encompass production".`,
          },
        ]);
      const id = randomBytes(12).toString("base64url");
      const secret = randomBytes(32).toString("base64url");
      const at = services.now();
      await transaction(db, async (tx) => {
        const active = await tx
          .select({ id: losCredentials.id })
          .from(losCredentials)
          .where(and(eq(losCredentials.partnerId, staff.partnerId), isNull(losCredentials.revokedAt)));
        if (active.length >= MAX_ACTIVE_CREDENTIALS)
          throw refuse(
            "notNow",
            `Your organisation has ${MAX_ACTIVE_CREDENTIALS} active LOS credentials. Revoke one it no longer uses first.`,
          );
        await tx.insert(losCredentials).values({
          id,
          partnerId: staff.partnerId,
          label,
          secretHash: hashOf(secret).toString("hex"),
          createdBy: staff.id,
          createdAt: at,
        });
        await audit(tx, staff, auditAction("portal.losCredential.created"), id);
      });
      return { id, label, createdAt: at.toISOString(), token: `los_${id}.${secret}` };
    },

    /** Revokes one of the partner's credentials at once; another partner's is "not found". */
    async revoke(staff: Staff, id: string) {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .select()
          .from(losCredentials)
          .where(and(eq(losCredentials.id, id), eq(losCredentials.partnerId, staff.partnerId)));
        if (!row) throw refuse("notFound", "There is no such LOS credential in your organisation.");
        if (row.revokedAt) return { id, revokedAt: row.revokedAt.toISOString() };
        const at = services.now();
        await tx
          .update(losCredentials)
          .set({ revokedAt: at, revokedBy: staff.id })
          .where(eq(losCredentials.id, id));
        await audit(tx, staff, auditAction("portal.losCredential.revoked"), id);
        return { id, revokedAt: at.toISOString() };
      });
    },

    /** Notes a pull's time, for the portal's "last used". */
    async used(credential: LosCredential) {
      const at = services.now();
      await db.update(losCredentials).set({ lastUsedAt: at }).where(eq(losCredentials.id, credential.id));
    },

    /** The credential's label by id, for the audit trail's "who" (null when unknown). */
    async labels(ids: string[]) {
      if (!ids.length) return new Map<string, string>();
      const rows = await db
        .select({ id: losCredentials.id, label: losCredentials.label })
        .from(losCredentials)
        .where(inArray(losCredentials.id, ids));
      return new Map(rows.map((r) => [r.id, r.label]));
    },
  };
}
