// The members of applications (rules/members.json): invites, their acceptance, and who reads an
// application as which role. An invite link's token is random, mailed once, and kept only as its
// SHA-256; a new invite retires the older link.
import { DAY_MS, todayIso } from "@engine/base/dates";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { activeRoles, memberRole, OWNER_ROLE, partOf, type Part } from "@engine/funnel/members";
import type { Db } from "@server/persistence/db/client";
import { preparedQuery } from "@server/persistence/db/prepared";
import { applicationMembers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import {
  applicationStore,
  ownedApplicationId,
  type StoredApplication,
} from "@server/persistence/store/applications";
import {
  deepFreeze,
  documentMemo,
  isShared,
  type DocumentMemo,
} from "@server/persistence/store/opened-documents";

export type MemberRow = typeof applicationMembers.$inferSelect;

/** Who is reading an application: its owner, or a member answering their part. */
export interface Reader {
  app: StoredApplication;
  role: string;
  part: Part;
  /** The member's row; null for the owner. */
  member: MemberRow | null;
}

/** Read on every step.get and step.submit of someone who owns no application: prepared once. */
const memberOfUser = preparedQuery("memberOfUser", (db) =>
  db
    .select()
    .from(applicationMembers)
    .where(eq(applicationMembers.userId, sql.placeholder("userId"))),
);

/** An application's members, read on every step.get and step.submit: prepared once. */
const membersOfApplication = preparedQuery("membersOfApplication", (db) =>
  db
    .select()
    .from(applicationMembers)
    .where(eq(applicationMembers.applicationId, sql.placeholder("applicationId")))
    .orderBy(applicationMembers.role),
);

/** The members of the application a user owns (none when they own none): a save reads them with its lock. */
const membersOfOwned = preparedQuery("membersOfOwned", (db) =>
  db
    .select()
    .from(applicationMembers)
    .where(eq(applicationMembers.applicationId, ownedApplicationId(sql.placeholder("ownerId"))))
    .orderBy(applicationMembers.role),
);

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export const completedOf = (member: MemberRow): string[] => JSON.parse(member.completed) as string[];

/** One store per services object, made on first use (it reads services.defs at each call: a reload swaps them). */
const stores = new WeakMap<Services, ReturnType<typeof createMemberStore>>();

/** Each role's part of each shared stored document, per definitions set: they go with the document. */
const partsOfDocument = new WeakMap<Services["defs"], DocumentMemo<Part>>();

/**
 * A role's part of a stored document on the server's day. Every request reads its reader, and the
 * members rule set behind the part gives the same answer on the same stored document and day: on a
 * shared one (frozen, so its content is fixed) it is worked out once per role and day and kept
 * with it, frozen.
 */
function partOfStored(services: Services, role: string, doc: Record<string, unknown>): Part {
  const { defs } = services;
  const today = todayIso(services.now());
  if (!isShared(doc)) return partOf(defs, role, doc, today);
  let memo = partsOfDocument.get(defs);
  if (!memo) partsOfDocument.set(defs, (memo = documentMemo(4)));
  const key = `${today} ${role}`;
  const kept = memo.get(doc, key);
  if (kept) return kept;
  const part = partOf(defs, role, doc, today);
  deepFreeze(part);
  memo.set(doc, key, part);
  return part;
}

export function memberStore(services: Services) {
  let store = stores.get(services);
  if (!store) stores.set(services, (store = createMemberStore(services)));
  return store;
}

function createMemberStore(services: Services) {
  const store = applicationStore(services);

  return {
    /**
     * The application `userId` reads and as whom: the one they own, else the one they joined while
     * their role still answers its own part (when the owner takes the part back, access ends).
     * `owned`: the application they own as the caller already read it (in this transaction,
     * `applicationStore.lockOf`; or with their session, `sessionAndOwned`; null: they own none),
     * not read again.
     */
    async readerOf(db: Db, userId: string, owned?: StoredApplication | null): Promise<Reader | null> {
      if (owned === undefined) owned = await store.ofOwner(db, userId);
      if (owned)
        return {
          app: owned,
          role: OWNER_ROLE,
          part: partOfStored(services, OWNER_ROLE, owned.doc),
          member: null,
        };
      const [member] = await memberOfUser(db, { userId });
      const app = member ? await this.applicationOf(db, member) : null;
      return member && app
        ? { app, role: member.role, part: partOfStored(services, member.role, app.doc), member }
        : null;
    },

    /** The application a member (or an invite) is for, while the member's role answers its own part; else null. */
    async applicationOf(db: Db, member: MemberRow): Promise<StoredApplication | null> {
      const app = await store.byId(db, member.applicationId);
      return app && activeRoles(services.defs, app.doc, todayIso(services.now())).includes(member.role)
        ? app
        : null;
    },

    async ofApplication(db: Db, applicationId: string): Promise<MemberRow[]> {
      return membersOfApplication(db, { applicationId });
    },

    /**
     * The members of the application `ownerId` owns, as `ofApplication` gives them (none when they
     * own none). A save sends it right behind its lock (`applicationStore.lockOf`), in one round trip.
     */
    async ofOwned(db: Db, ownerId: string): Promise<MemberRow[]> {
      return membersOfOwned(db, { ownerId });
    },

    /**
     * Invites `email` to answer `role`'s part, in the caller's transaction: a fresh link token, or
     * null when that address has already joined (nothing to send). Another address replaces the
     * member: whoever had joined loses access and the new person starts afresh.
     */
    async invite(
      tx: Db,
      applicationId: string,
      role: string,
      email: string,
      now: Date,
      { resend = true } = {},
    ): Promise<string | null> {
      const address = email.toLowerCase();
      const [row] = await tx
        .select()
        .from(applicationMembers)
        .where(and(eq(applicationMembers.applicationId, applicationId), eq(applicationMembers.role, role)));
      if (row?.userId && row.email === address) return null;
      // Without resend, a live link to the same address stands (a second signing does not mail again).
      if (!resend && row && row.email === address && row.expiresAt.getTime() > now.getTime()) return null;
      const token = randomBytes(32).toString("base64url");
      const invite = {
        email: address,
        tokenHash: hashOf(token),
        invitedAt: now,
        expiresAt: new Date(now.getTime() + memberRole(services.defs, role).inviteValidDays * DAY_MS),
      };
      if (row)
        await tx
          .update(applicationMembers)
          .set({ ...invite, userId: null, acceptedAt: null, completed: "[]", revision: 0 })
          .where(eq(applicationMembers.id, row.id));
      else await tx.insert(applicationMembers).values({ id: randomUUID(), applicationId, role, ...invite });
      return token;
    },

    /** Ends an invite and a joined member's access (the owner answers the part again). */
    async withdraw(tx: Db, applicationId: string, role: string): Promise<boolean> {
      const gone = await tx
        .delete(applicationMembers)
        .where(and(eq(applicationMembers.applicationId, applicationId), eq(applicationMembers.role, role)))
        .returning({ id: applicationMembers.id });
      return gone.length > 0;
    },

    /** The invite a link's token opens, while it is unused and unexpired; else null. */
    async openInvite(db: Db, token: string, now: Date): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(applicationMembers)
        .where(eq(applicationMembers.tokenHash, hashOf(token)));
      return row && !row.userId && row.expiresAt.getTime() > now.getTime() ? row : null;
    },

    /** Spends the invite for `userId`; false when another request spent it first. */
    async accept(tx: Db, member: MemberRow, userId: string, now: Date): Promise<boolean> {
      const spent = await tx
        .update(applicationMembers)
        .set({ userId, acceptedAt: now, tokenHash: null })
        .where(and(eq(applicationMembers.id, member.id), isNull(applicationMembers.userId)))
        .returning({ id: applicationMembers.id });
      return spent.length === 1;
    },

    /** Takes a step off a member's saved list (their signature was voided): they are due there again. */
    async reopen(tx: Db, applicationId: string, role: string, stepId: string): Promise<void> {
      const [row] = await tx
        .select()
        .from(applicationMembers)
        .where(and(eq(applicationMembers.applicationId, applicationId), eq(applicationMembers.role, role)));
      if (!row || !completedOf(row).includes(stepId)) return;
      await tx
        .update(applicationMembers)
        .set({
          completed: JSON.stringify(completedOf(row).filter((id) => id !== stepId)),
          revision: row.revision + 1,
        })
        .where(eq(applicationMembers.id, row.id));
    },

    /** Counts a save of the member's that answered no whole step (a part of one); false when their page was stale. */
    async touched(tx: Db, member: MemberRow): Promise<boolean> {
      const done = await tx
        .update(applicationMembers)
        .set({ revision: member.revision + 1 })
        .where(and(eq(applicationMembers.id, member.id), eq(applicationMembers.revision, member.revision)))
        .returning({ id: applicationMembers.id });
      return done.length === 1;
    },

    /** Records a step the member saved; false when their page was stale (another of their saves came first). */
    async saved(tx: Db, member: MemberRow, stepId: string): Promise<boolean> {
      const completed = [...new Set([...completedOf(member), stepId])];
      const done = await tx
        .update(applicationMembers)
        .set({ completed: JSON.stringify(completed), revision: member.revision + 1 })
        .where(and(eq(applicationMembers.id, member.id), eq(applicationMembers.revision, member.revision)))
        .returning({ id: applicationMembers.id });
      return done.length === 1;
    },
  };
}
