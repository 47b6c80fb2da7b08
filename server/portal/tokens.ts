// Invite and password-reset links: a random token mailed to the person, its SHA-256 kept. A link
// works once and until it expires; issuing a new one retires the user's older links.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { portalTokens } from "../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type TokenPurpose = "invite" | "reset";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh link token for the user, in the caller's transaction. */
export function issueToken(tx: Tx | Db, userId: string, purpose: TokenPurpose, ttlMs: number, now: Date): string {
  const token = randomBytes(32).toString("base64url");
  tx.update(portalTokens).set({ consumedAt: now }).where(and(eq(portalTokens.userId, userId), isNull(portalTokens.consumedAt))).run();
  tx.insert(portalTokens).values({ id: randomUUID(), userId, purpose, tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now }).run();
  return token;
}

/** Spends a link token: the user it was for, or null when it is unknown, used or expired. */
export function consumeToken(tx: Tx | Db, token: string, now: Date): { userId: string; purpose: TokenPurpose } | null {
  const row = tx.select().from(portalTokens).where(eq(portalTokens.tokenHash, hashOf(token))).get();
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  tx.update(portalTokens).set({ consumedAt: now }).where(and(eq(portalTokens.id, row.id), isNull(portalTokens.consumedAt))).run();
  return { userId: row.userId, purpose: row.purpose };
}

/** Whether a token would be accepted now, without spending it (the set-password page asks first). */
export function peekToken(db: Db, token: string, now: Date): TokenPurpose | null {
  const row = db.select().from(portalTokens).where(eq(portalTokens.tokenHash, hashOf(token))).get();
  return row && !row.consumedAt && row.expiresAt.getTime() > now.getTime() ? row.purpose : null;
}
