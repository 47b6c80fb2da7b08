// Server-side sessions after Lucia's published design (lucia-auth.com; the lucia v3 package is
// deprecated and the design is meant to be owned by the app): the cookie holds "<id>.<secret>",
// the table keeps the id and the SHA-256 of the secret, validation compares the hashes in
// constant time, and the expiry slides forward while the session is used.
import { hash, timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { preparedQuery, written } from "@server/persistence/db/prepared";
import { applicantSessions, portalSessions } from "@server/persistence/db/schema";

export type SessionKind = "applicant" | "portal";

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

/** How long a session lives without use; it is renewed once less than half of that is left. */
export const SESSION_TTL_MS: Record<SessionKind, number> = {
  applicant: 7 * 24 * 3600_000,
  portal: 12 * 3600_000,
};

const tables = { applicant: applicantSessions, portal: portalSessions } as const;
/** A session's row as validation reads it. */
export interface SessionRow {
  id: string;
  userId: string;
  secretHash: string;
  expiresAt: Date;
}
/** What validation reads of a session's row (each timestamp column more is a Date made per read). */
const validationColumns = (t: (typeof tables)[SessionKind]) => ({
  id: t.id,
  userId: t.userId,
  secretHash: t.secretHash,
  expiresAt: t.expiresAt,
});
/** Every request with a session cookie reads its row: prepared once. */
const byId = {
  applicant: preparedQuery("applicantSessionById", (db) =>
    db
      .select(validationColumns(applicantSessions))
      .from(applicantSessions)
      .where(eq(applicantSessions.id, sql.placeholder("id"))),
  ),
  portal: preparedQuery("portalSessionById", (db) =>
    db
      .select(validationColumns(portalSessions))
      .from(portalSessions)
      .where(eq(portalSessions.id, sql.placeholder("id"))),
  ),
};

/** A session's expiry moved on (renewal) and a session ended: prepared once per kind. */
const renew = {
  applicant: preparedQuery("applicantSessionRenew", (db) =>
    db
      .update(applicantSessions)
      .set({ expiresAt: written<Date>("expiresAt") })
      .where(eq(applicantSessions.id, sql.placeholder("id"))),
  ),
  portal: preparedQuery("portalSessionRenew", (db) =>
    db
      .update(portalSessions)
      .set({ expiresAt: written<Date>("expiresAt") })
      .where(eq(portalSessions.id, sql.placeholder("id"))),
  ),
};
const end = {
  applicant: preparedQuery("applicantSessionEnd", (db) =>
    db.delete(applicantSessions).where(eq(applicantSessions.id, sql.placeholder("id"))),
  ),
  portal: preparedQuery("portalSessionEnd", (db) =>
    db.delete(portalSessions).where(eq(portalSessions.id, sql.placeholder("id"))),
  ),
};

const randomString = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
/**
 * SHA-256 of the secret (node's, native: the JavaScript one cost more than the session's query),
 * one-shot: a Hash object per request is a native wrapper the garbage collector must finalize.
 */
const hashSecret = (secret: string) => hash("sha256", secret, "buffer") as unknown as Buffer;

export function createSessions(db: Db, kind: SessionKind, now: () => Date = () => new Date()) {
  const table = tables[kind];
  const ttl = SESSION_TTL_MS[kind];
  return {
    kind,
    /** A new session; `tx` when the user is made in the same transaction. */
    async create(userId: string, tx: Db = db): Promise<{ token: string; session: Session }> {
      const id = randomString();
      const secret = randomString();
      const at = now();
      const session = { id, userId, expiresAt: new Date(at.getTime() + ttl) };
      await tx
        .insert(table)
        .values({ ...session, secretHash: hashSecret(secret).toString("hex"), createdAt: at });
      return { token: `${id}.${secret}`, session };
    },
    /** The session a cookie token stands for, renewed when due (`renewed` tells to reset the cookie). */
    async validate(token: string | undefined): Promise<{ session: Session; renewed: boolean } | null> {
      const found = await this.validateWith(token, async (id) => ({
        session: (await byId[kind](db, { id }))[0],
      }));
      // Without the row read (its secret's hash stays here).
      return found && { session: found.session, renewed: found.renewed };
    },
    /**
     * `validate`, the session's row read by `read` with whatever the caller reads beside it in the
     * same statement (a step.get's application: one round trip, not two). What `read` gave is
     * handed back only with a session whose secret and expiry have passed the same checks.
     */
    async validateWith<R extends { session: SessionRow | undefined }>(
      token: string | undefined,
      read: (id: string) => Promise<R>,
    ): Promise<{ session: Session; renewed: boolean; read: R } | null> {
      const [id, secret, extra] = (token ?? "").split(".");
      if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
      const found = await read(id);
      const row = found.session;
      if (!row || row.id !== id) return null;
      const stored = Buffer.from(row.secretHash, "hex");
      const hash = hashSecret(secret);
      if (stored.length !== hash.length || !timingSafeEqual(hash, stored)) return null;
      const at = now().getTime();
      if (row.expiresAt.getTime() <= at) {
        await end[kind](db, { id });
        return null;
      }
      const session = { id: row.id, userId: row.userId, expiresAt: row.expiresAt };
      if (row.expiresAt.getTime() - at >= ttl / 2) return { session, renewed: false, read: found };
      session.expiresAt = new Date(at + ttl);
      await renew[kind](db, { expiresAt: session.expiresAt, id });
      return { session, renewed: true, read: found };
    },
    async invalidate(id: string) {
      await end[kind](db, { id });
    },
    async invalidateAllOf(userId: string) {
      await db.delete(table).where(eq(table.userId, userId));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
