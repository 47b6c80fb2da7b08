// Invite and password-reset links: a random token mailed to the person, its SHA-256 kept. A link
// works once and until it expires; issuing a new one retires the user's older links.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { portalTokens } from "@server/persistence/db/schema";

export type TokenPurpose = "invite" | "reset";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh link token for the user, in the caller's transaction. */
export async function issueToken(
  tx: Db,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx
    .update(portalTokens)
    .set({ consumedAt: now })
    .where(and(eq(portalTokens.userId, userId), isNull(portalTokens.consumedAt)));
  await tx.insert(portalTokens).values({
    id: randomUUID(),
    userId,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return token;
}

/** Spends a link token: the user it was for, or null when it is unknown, used or expired. */
export async function consumeToken(
  tx: Db,
  token: string,
  now: Date,
): Promise<{ userId: string; purpose: TokenPurpose } | null> {
  const [row] = await tx
    .select()
    .from(portalTokens)
    .where(eq(portalTokens.tokenHash, hashOf(token)));
  if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  // Only the request that spends it gets the user: a second one at the same moment changes no row.
  const spent = await tx
    .update(portalTokens)
    .set({ consumedAt: now })
    .where(and(eq(portalTokens.id, row.id), isNull(portalTokens.consumedAt)))
    .returning({ id: portalTokens.id });
  return spent.length === 1 ? { userId: row.userId, purpose: row.purpose } : null;
}

/** Whether a token would be accepted now, without spending it (the set-password page asks first). */
export async function peekToken(db: Db, token: string, now: Date): Promise<TokenPurpose | null> {
  const [row] = await db
    .select()
    .from(portalTokens)
    .where(eq(portalTokens.tokenHash, hashOf(token)));
  return row && !row.consumedAt && row.expiresAt.getTime() > now.getTime() ? row.purpose : null;
}
