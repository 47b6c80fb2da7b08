// Reads and writes the application document: personal identifiers (the fields the schemas mark
// sealed or writeOnly) are sealed with AES-256-GCM on the way in and opened on the way out; what
// leaves the server has the writeOnly ones masked.
import type { AuditAction } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { and, eq, sql, type Placeholder } from "drizzle-orm";
import type { Recheck } from "@engine/funnel/recheck";
import { currentStep, currentSteps, readRetired, retiredOf } from "@engine/definitions/retired";
import { readLegacyScalars } from "@engine/definitions/legacy-answers";
import { mapSensitive, maskSensitive, type SensitiveField } from "@engine/validation/sensitive";
import { isWithinAny } from "@engine/base/pointer";
import { forUpdate, lockRows, type Db } from "../db/client";
import { preparedQuery, written } from "../db/prepared";
import { applicantSessions, applicationMembers, applications, auditEvents, users } from "../db/schema";
import type { Services } from "@server/services";
import { isPlainJson, isShared, openedDocuments, shareDocument, textKey } from "./opened-documents";

export interface StoredApplication {
  id: string;
  ownerId: string;
  status: string;
  variant: string | null;
  revision: number;
  /** The document with identifiers in the clear: for validation and rules, never for responses. */
  doc: Record<string, unknown>;
  /**
   * The definitions version the whole document was last checked against (null: before versions
   * were kept). A save carries it over; only a new application or a re-check moves it on
   * (server/features/steps/recheck.ts), so an answer saved without a re-check never hides a needed one.
   */
  definitionsVersion: string | null;
  /** Open while the applicant answers again the steps a definitions change made invalid. */
  recheck: Recheck | null;
  /**
   * The steps the owner has saved, in the order first saved (engine/funnel/journey.ts walks them); null
   * for an application older than the list (server/features/steps/journey.ts takes it from the status).
   */
  completed: string[] | null;
  /**
   * An unconfirmed decline's clock runs (applications.pending_decline_since is set) as the row was
   * read: a save that neither starts nor stops it then writes nothing for it
   * (server/features/decisions/early-decline.ts).
   */
  declineClockRuns: boolean;
}

/** Read on every step.get and step.submit: prepared once. */
// The columns an application is read with: every request reads one, and each timestamp column
// more is a Date made per row (the row mapping was a third of a read under load).
const storedColumns = {
  id: applications.id,
  ownerId: applications.ownerId,
  status: applications.status,
  variant: applications.variant,
  revision: applications.revision,
  document: applications.document,
  definitionsVersion: applications.definitionsVersion,
  recheck: applications.recheck,
  completed: applications.completed,
  // Whether, not since when: no Date made per read.
  declineClockRuns: sql<boolean>`${applications.pendingDeclineSince} is not null`.mapWith(Boolean),
};
const byOwner = preparedQuery("applicationByOwner", (db) =>
  db
    .select(storedColumns)
    .from(applications)
    .where(eq(applications.ownerId, sql.placeholder("ownerId"))),
);
/** The owner's application, its row locked until the transaction ends (on PostgreSQL: see `lockOf`). */
const lockByOwner = preparedQuery("applicationLockByOwner", (db) =>
  forUpdate(
    db,
    db
      .select(storedColumns)
      .from(applications)
      .where(eq(applications.ownerId, sql.placeholder("ownerId"))),
  ),
);
const byId = preparedQuery("applicationById", (db) =>
  db
    .select(storedColumns)
    .from(applications)
    .where(eq(applications.id, sql.placeholder("id"))),
);
/**
 * An applicant session's row (what its validation reads, server/features/auth/sessions.ts) and the
 * application its user owns, in one statement: a step.get's two reads, the session and its
 * reader's application, in one round trip on PostgreSQL, one statement on SQLite. By the session's
 * primary key and the owner's unique index: one row, never a scan.
 */
const sessionWithOwned = preparedQuery("applicantSessionWithOwned", (db) =>
  db
    .select({
      session: {
        id: applicantSessions.id,
        userId: applicantSessions.userId,
        secretHash: applicantSessions.secretHash,
        expiresAt: applicantSessions.expiresAt,
      },
      owned: storedColumns,
    })
    .from(applicantSessions)
    .leftJoin(applications, eq(applications.ownerId, applicantSessions.userId))
    .where(eq(applicantSessions.id, sql.placeholder("id"))),
);

/**
 * The id of the application `ownerId` (a placeholder) owns, as a subquery: for the reads a save
 * sends behind its lock (`lockOf`) in the same round trip, before it knows the id. PostgreSQL runs
 * them after the lock is granted, so they read what the save waited for.
 */
export const ownedApplicationId = (ownerId: Placeholder) =>
  sql`(select ${applications.id} from ${applications} where ${applications.ownerId} = ${ownerId})`;

/** Written on every step.submit: prepared once too (building each statement anew was a tenth of a submission's CPU). */
const saveRevision = preparedQuery("applicationSave", (db) =>
  db
    .update(applications)
    .set({
      document: written<string>("document"),
      status: written<string>("status"),
      revision: written<number>("revision"),
      definitionsVersion: written<string | null>("definitionsVersion"),
      recheck: written<string | null>("recheck"),
      completed: written<string | null>("completed"),
      updatedAt: written<Date>("updatedAt"),
    })
    .where(and(eq(applications.id, sql.placeholder("id")), eq(applications.revision, sql.placeholder("was"))))
    .returning({ id: applications.id }),
);
/** Written when a re-check finds the document valid as it is. */
const stampVersion = preparedQuery("applicationStamp", (db) =>
  db
    .update(applications)
    .set({ definitionsVersion: written<string>("definitionsVersion") })
    .where(
      and(eq(applications.id, sql.placeholder("id")), eq(applications.revision, sql.placeholder("revision"))),
    )
    .returning({ id: applications.id }),
);
/** Read on the saves that claim an email (rules/account.json). */
const userByEmail = preparedQuery("userByEmail", (db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, sql.placeholder("email"))),
);
const auditInsert = preparedQuery("auditInsert", (db) =>
  db.insert(auditEvents).values({
    actorKind: written<"applicant" | "portal" | "system" | "los">("actorKind"),
    actorId: written<string | null>("actorId"),
    action: written<string>("action"),
    applicationId: written<string | null>("applicationId"),
    changed: written<string>("changed"),
    at: written<Date>("at"),
    definitionsVersion: written<string>("definitionsVersion"),
  }),
);

/** An audit row: who did what to which application, and the pointers it changed (never their values). */
export interface AuditEvent {
  actorKind: "applicant" | "portal" | "system" | "los";
  actorId: string | null;
  action: AuditAction;
  applicationId: string | null;
  changed?: string[];
}

/** A row read with `storedColumns`, or a whole row (the portal's lists). */
type StoredRow = Pick<
  typeof applications.$inferSelect,
  Exclude<keyof typeof storedColumns, "declineClockRuns">
> &
  ({ declineClockRuns: boolean } | Pick<typeof applications.$inferSelect, "pendingDeclineSince">);

/** One store per services object, made on first use: every request used to build its functions anew. */
const stores = new WeakMap<Services, ReturnType<typeof createApplicationStore>>();

export function applicationStore(services: Services) {
  let store = stores.get(services);
  if (!store) stores.set(services, (store = createApplicationStore(services)));
  return store;
}

/**
 * What each opened document's identifiers were read from, by pointer. A save seals again only the
 * identifiers that changed: the others keep their stored sealed text (an AES-GCM encryption and a
 * random IV each, 14 of them on a whole two-borrower application, on every save before).
 */
const sealedWhenRead = new WeakMap<object, Map<string, { plain: string; sealed: string }>>();

/**
 * Each such document with its identifiers sealed (what its stored text holds), and the fields it
 * was sealed for. A save that changes one answer seals from it (mapSensitive's `before`): what the
 * new document shares with the stored one is taken sealed as it is, and only the objects on the
 * way to what changed are copied (every object on the way to each of the 34 identifier fields
 * was, on every save). Kept only where every identifier was read from sealed text (none stored in
 * the clear, which a save must seal) and the reading changed nothing else.
 */
const sealedTwins = new WeakMap<object, SealedTwin>();

interface SealedTwin {
  fields: readonly SensitiveField[];
  doc: unknown;
  /** textKey(JSON.stringify(doc)), once worked out (a save wrote it): absent, not known. */
  key?: string;
}

/**
 * The stored text each application read was opened from, and its key: a save of that very
 * document, unchanged, whose sealed twin's text has that key, is that text again (the same
 * SHA-256 digest), so it is not made and hashed anew. Kept with the read (a request's object), never longer.
 */
const readFrom = new WeakMap<StoredApplication, { doc: object; text: string; key: string }>();

// The fields sealed and read leniently are read from `services` at each call: a definitions reload swaps them.
function createApplicationStore(services: Services) {
  const { cipher } = services;
  // A tolerant reader: answers saved in an older shape are read in today's (engine/definitions/legacy-answers.ts).
  // `plainOf` opens one sealed value (a decryption, or what a save just sealed).
  const openWith = (text: string, plainOf: (sealed: string, pointer: string) => string) => {
    const sealed = new Map<string, { plain: string; sealed: string }>();
    const parsed: unknown = JSON.parse(text);
    let clear = false;
    const doc = mapSensitive(parsed, services.sensitive, (v, _field, pointer) => {
      if (!cipher.isSealed(v)) {
        if (typeof v === "string") clear = true;
        return v;
      }
      const plain = plainOf(v, pointer);
      sealed.set(pointer, { plain, sealed: v });
      return plain;
    });
    // And through what a change retired (rules/retired.json): moved or dropped fields, renamed values.
    const read = readRetired(
      readLegacyScalars(doc, services.legacyScalars),
      retiredOf(services.defs),
    ) as Record<string, unknown>;
    if (sealed.size) sealedWhenRead.set(read, sealed);
    if (!clear && read === doc) sealedTwins.set(read, { fields: services.sensitive, doc: parsed });
    return read;
  };
  const decrypt = (sealed: string) => cipher.decrypt(sealed);
  // The same stored text opens to the same document, kept frozen (./opened-documents.ts).
  const opened = (text: string) => openWith(text, decrypt);
  const open = (text: string) => openedDocuments(services, services.defs).openedKeyed(text, opened);
  /**
   * The shared (deeply frozen) documents `asOpened` found opening to themselves, each with the
   * definitions and legacy shapes it was read through: a live reload swaps those in `services`.
   */
  const readAsStored = new WeakMap<object, { defs: unknown; legacy: unknown }>();
  /**
   * Whether `doc`, once stored, opens (`openWith`) to `doc` itself: plain JSON, and nothing in it
   * that reading through legacy and retired shapes would change. Then it is shared now (frozen:
   * what the save works out on it from here is kept with it, ./opened-documents.ts), and a save
   * that stores it hands it on as opened instead of parsing what it wrote.
   */
  const asOpened = (doc: unknown): doc is Record<string, unknown> => {
    if (typeof doc !== "object" || doc === null || Array.isArray(doc)) return false;
    // A save asks twice of its document (shared before it is judged, then sealed): once shared,
    // its content is fixed, so the walks through legacy and retired shapes answer as they did.
    const seen = readAsStored.get(doc);
    if (seen?.defs === services.defs && seen.legacy === services.legacyScalars) return true;
    if (!isShared(doc) && !isPlainJson(doc)) return false;
    if (readLegacyScalars(doc, services.legacyScalars) !== doc) return false;
    if (readRetired(doc, retiredOf(services.defs)) !== doc) return false;
    shareDocument(doc);
    readAsStored.set(doc, { defs: services.defs, legacy: services.legacyScalars });
    return true;
  };
  /**
   * `doc` as stored: each identifier sealed, the one read from `was` keeping its sealed text while
   * its value is the same. What it opens to is handed on to the first read of that text from the
   * database (./opened-documents.ts `wrote`: a read finds it only once the text is stored): `doc`
   * itself, frozen, when it is plain JSON (`asOpened`) and every identifier in it was sealed here
   * (one already sealed would open to its clear text), never parsed again; else the text opened
   * as a read would, each value sealed here known without a decryption. `read`: the text `was`
   * was read from, and its key.
   */
  const seal = (doc: unknown, was?: object, read?: { text: string; key: string }) => {
    const before = was && sealedWhenRead.get(was);
    const sealedNow = new Map<string, { plain: string; sealed: string }>();
    let sealedBefore = false;
    const twin = was && sealedTwins.get(was);
    const known =
      twin && twin.fields === services.sensitive
        ? { from: was, to: twin.doc, reused: [] as string[] }
        : undefined;
    const sealedDoc = mapSensitive(
      doc,
      services.sensitive,
      (v, _field, pointer) => {
        if (typeof v !== "string") return v;
        if (cipher.isSealed(v)) {
          sealedBefore = true;
          return v;
        }
        const kept = before?.get(pointer);
        const sealed = kept && kept.plain === v ? kept.sealed : cipher.encrypt(v);
        sealedNow.set(pointer, { plain: v, sealed });
        return sealed;
      },
      known,
    );
    // What was taken sealed from `was` keeps its identifiers' sealed texts, as sealing them again
    // here would have kept them (each the same value at the same pointer).
    if (before && known?.reused.length) {
      const reused = new Set(known.reused);
      for (const [pointer, id] of before) if (isWithinAny(pointer, reused)) sealedNow.set(pointer, id);
    }
    // `doc` is `was` itself (its twin taken whole): its text is the twin's, the one read when that has its key.
    const whole = twin !== undefined && sealedDoc === twin.doc;
    const again = whole && read !== undefined && twin.key === read.key;
    const text = again ? read.text : JSON.stringify(sealedDoc);
    const key = again ? read.key : textKey(text);
    if (whole) twin.key = key;
    const handed = !sealedBefore && asOpened(doc) ? doc : null;
    openedDocuments(services, services.defs).wrote(
      text,
      handed
        ? () => {
            if (sealedNow.size) sealedWhenRead.set(handed, sealedNow);
            sealedTwins.set(handed, { fields: services.sensitive, doc: sealedDoc, key });
            return handed;
          }
        : () =>
            openWith(text, (v, pointer) => {
              const known = sealedNow.get(pointer);
              return known?.sealed === v ? known.plain : cipher.decrypt(v);
            }),
      was,
      key,
    );
    return text;
  };
  const writeAudit = async (tx: Db, event: AuditEvent): Promise<void> => {
    await auditInsert(tx, {
      ...event,
      changed: JSON.stringify(event.changed ?? []),
      at: services.now(),
      definitionsVersion: services.definitionsVersion,
    });
  };
  const toStored = (row: StoredRow): StoredApplication => {
    const { doc, key } = open(row.document);
    const app = storedOf(row, doc);
    readFrom.set(app, { doc, text: row.document, key });
    return app;
  };
  const storedOf = (row: StoredRow, doc: Record<string, unknown>): StoredApplication => ({
    id: row.id,
    ownerId: row.ownerId,
    // A retired step's applicants stand on the step it declares (rules/retired.json steps).
    status: currentStep(retiredOf(services.defs), row.status),
    variant: row.variant,
    revision: row.revision,
    doc,
    definitionsVersion: row.definitionsVersion,
    recheck: row.recheck ? (JSON.parse(row.recheck) as Recheck) : null,
    completed: row.completed
      ? currentSteps(retiredOf(services.defs), JSON.parse(row.completed) as string[])
      : null,
    declineClockRuns: "declineClockRuns" in row ? row.declineClockRuns : row.pendingDeclineSince !== null,
  });

  return {
    /** A row already read (the portal lists many at once). */
    fromRow: toStored,
    async ofOwner(db: Db, ownerId: string): Promise<StoredApplication | null> {
      const [row] = await byOwner(db, { ownerId });
      return row ? toStored(row) : null;
    },
    /**
     * An applicant session's row by its id, and the application its user owns read in the same
     * statement. The application is opened only when `owned()` is called: the caller calls it only
     * once the session's secret and expiry have passed (sessions.ts `validate`), so a wrong or
     * expired session never has an application opened for it.
     */
    async sessionAndOwned(db: Db, sessionId: string) {
      const [row] = await sessionWithOwned(db, { id: sessionId });
      const owned = row?.owned?.id ? row.owned : null;
      return {
        session: row?.session,
        owned: (): StoredApplication | null => (owned ? toStored(owned) : null),
      };
    },
    async byId(db: Db, id: string): Promise<StoredApplication | null> {
      const [row] = await byId(db, { id });
      return row ? toStored(row) : null;
    },
    /**
     * Locks, until the caller's transaction ends, the application `userId` reads (owns, or answers a
     * part of as a member): the first statement of a save, so that two saves of one application
     * take turns and the second reads what the first committed (its revision check then refuses a
     * stale page), while other applications' saves go on beside it. By the unique indexes on the
     * owner and the member's user: one row, never a scan. The owned application is read by the
     * same statement (one round trip, not two: SELECT … FOR UPDATE returns the row it locks) and
     * returned, null when `userId` owns none; `readerOf` takes it instead of reading it again. On
     * SQLite, where a transaction holds the whole database, it is only read.
     */
    async lockOf(tx: Db, userId: string): Promise<StoredApplication | null> {
      const [row] = await lockByOwner(tx, { ownerId: userId });
      if (row) return toStored(row);
      await lockRows(
        tx,
        sql`SELECT ${applications.id} FROM ${applications} WHERE ${applications.id} = (SELECT ${applicationMembers.applicationId} FROM ${applicationMembers} WHERE ${applicationMembers.userId} = ${userId})`,
      );
      return null;
    },
    /** A new visitor's account and empty application, in the caller's transaction. */
    async createGuest(tx: Db, status: string, variant: string | null): Promise<StoredApplication> {
      const at = services.now();
      const ownerId = randomUUID();
      await tx.insert(users).values({ id: ownerId, createdAt: at });
      const { definitionsVersion } = services;
      const app = {
        id: randomUUID(),
        ownerId,
        status,
        variant,
        revision: 0,
        doc: {},
        definitionsVersion,
        recheck: null,
        completed: [],
        declineClockRuns: false,
      };
      await tx.insert(applications).values({
        id: app.id,
        ownerId,
        status,
        variant,
        document: "{}",
        revision: 0,
        definitionsVersion,
        completed: "[]",
        createdAt: at,
        updatedAt: at,
      });
      return app;
    },
    /**
     * Saves a new revision, stamped with the definitions version `app` carries; an open re-check
     * stays unless `recheck` says otherwise. False when someone saved in between (the caller
     * refuses the write, throwing in its transaction). A member's save (bumpRevision false) leaves
     * the owner's revision, so it never makes the owner's open page stale: the two change
     * different parts. `audit`: the save's audit row, sent right behind the UPDATE (pipelined on
     * the transaction's connection on PostgreSQL: one round trip for both); a save refused as
     * stale throws in the transaction, which takes the row back with it.
     */
    async save(
      tx: Db,
      app: StoredApplication,
      doc: unknown,
      status: string,
      recheck: Recheck | null = app.recheck,
      {
        bumpRevision = true,
        completed = app.completed,
        audit,
      }: { bumpRevision?: boolean; completed?: string[] | null; audit?: AuditEvent } = {},
    ): Promise<boolean> {
      const read = readFrom.get(app);
      const update = saveRevision(tx, {
        document: seal(doc, app.doc, read?.doc === app.doc ? read : undefined),
        status,
        revision: bumpRevision ? app.revision + 1 : app.revision,
        definitionsVersion: app.definitionsVersion,
        recheck: recheck ? JSON.stringify(recheck) : null,
        completed: completed ? JSON.stringify(completed) : null,
        updatedAt: services.now(),
        id: app.id,
        was: app.revision,
      });
      // Both are sent before either answer is awaited; PostgreSQL runs them in the order sent.
      const [changed] = await Promise.all([update, audit && writeAudit(tx, audit)]);
      return changed.length === 1;
    },
    /** Records that the document, unchanged, passed a check against the running definitions. */
    async stamp(tx: Db, app: StoredApplication): Promise<boolean> {
      const changed = await stampVersion(tx, {
        definitionsVersion: services.definitionsVersion,
        id: app.id,
        revision: app.revision,
      });
      return changed.length === 1;
    },
    audit: writeAudit,
    /**
     * Whether the account may claim the email the application now holds (rules/account.json says
     * which answer that is): false only when another account has proven that address, so that
     * person must sign in instead. A claim writes nothing here: the account's sign-in address
     * (users.email) is set once the address is proven by a code (server/features/auth/email-proof.ts), so a
     * guest's claim of someone else's address never blocks nor captures them.
     */
    async claimEmail(tx: Db, ownerId: string, email: string): Promise<boolean> {
      const [holder] = await userByEmail(tx, { email });
      return !holder || holder.id === ownerId;
    },
    /**
     * Seals, in every stored document, the identifiers written before their field was marked
     * (run on start). A document saved meanwhile is left for the next start. Returns how many
     * documents changed.
     */
    async sealStored(db: Db): Promise<number> {
      let changed = 0;
      for (const row of await db
        .select({ id: applications.id, document: applications.document })
        .from(applications)) {
        let clear = false;
        const doc = mapSensitive(JSON.parse(row.document), services.sensitive, (v) => {
          if (typeof v !== "string" || cipher.isSealed(v)) return v;
          clear = true;
          return cipher.encrypt(v);
        });
        if (!clear) continue;
        const done = await db
          .update(applications)
          .set({ document: JSON.stringify(doc) })
          .where(and(eq(applications.id, row.id), eq(applications.document, row.document)))
          .returning({ id: applications.id });
        changed += done.length;
      }
      return changed;
    },
    /**
     * A save's document, before its walks: shared now when it will be handed on as opened
     * (`asOpened`), so the walks the save makes on it are kept with it for the next page's read.
     */
    shareBeforeSave: (doc: Record<string, unknown>): void => void asOpened(doc),
    /** What a response may show: writeOnly identifiers masked. */
    view: (doc: unknown) => maskSensitive(doc, services.sensitive),
  };
}

export type ApplicationStore = ReturnType<typeof applicationStore>;
