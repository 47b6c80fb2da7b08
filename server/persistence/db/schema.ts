// The relational tables. The application itself is one JSON document (validated by
// schemas/application.json); columns exist only for identity, ownership, status, time and indexes,
// so the same tables serve SQLite and PostgreSQL (./dialect.ts makes them for the one in use).
import type { BorrowerRole } from "@engine/lending/borrowers";
import { autoId, index, integer, table, text, timestamp, uniqueIndex } from "./dialect";

const createdAt = () => timestamp("created_at").notNull();

/** Applicants. A visitor becomes a user (without email) on the first saved answer. */
export const users = table("users", {
  id: text("id").primaryKey(),
  /** Lower-cased; unique once set. */
  email: text("email").unique(),
  emailVerifiedAt: timestamp("email_verified_at"),
  passwordHash: text("password_hash"),
  /**
   * An HMAC of the mobile number this account verified with a texted code (never the number):
   * it signs in by a code texted there. Unique: the latest account to verify a number holds it.
   */
  phoneMac: text("phone_mac").unique(),
  /** The language the applicant last chose (content/locales/locales.json code): their pages on any device follow it. */
  locale: text("locale"),
  createdAt: createdAt(),
});

/**
 * The organisations whose staff use the portal: the lender itself ("house", made by the first
 * migration) and any broker it works with. Staff see only their own partner's applications.
 */
export const partners = table("partners", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

/** Partner staff. Roles and what they allow live in rules/portal-roles.json. */
export const portalUsers = table(
  "portal_users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    partnerId: text("partner_id").notNull().default("house"),
    /** Null until the invitee sets one through their invite link. */
    passwordHash: text("password_hash"),
    disabledAt: timestamp("disabled_at"),
    invitedBy: text("invited_by"),
    /**
     * Their loan originator profile (URLA section 9, 12 CFR 1007.105(b)): their NMLS unique
     * identifier and the work phone shown to applicants with it; null until set.
     */
    nmlsId: text("nmls_id"),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [index("portal_users_partner").on(t.partnerId)],
);

/** Invite and password-reset links for portal users; only the token's hash is kept. */
export const portalTokens = table(
  "portal_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => portalUsers.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["invite", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    consumedAt: timestamp("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("portal_tokens_user").on(t.userId), uniqueIndex("portal_tokens_hash").on(t.tokenHash)],
);

// Lucia's session design: the cookie holds "<id>.<secret>"; only the secret's SHA-256 is stored.
const sessionColumns = {
  id: text("id").primaryKey(),
  secretHash: text("secret_hash").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
  createdAt: createdAt(),
};
export const applicantSessions = table(
  "applicant_sessions",
  {
    ...sessionColumns,
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("applicant_sessions_user").on(t.userId)],
);
export const portalSessions = table(
  "portal_sessions",
  {
    ...sessionColumns,
    userId: text("user_id")
      .notNull()
      .references(() => portalUsers.id, { onDelete: "cascade" }),
  },
  (t) => [index("portal_sessions_user").on(t.userId)],
);

/** One-time sign-in codes; only a hash is kept. */
export const signInCodes = table(
  "sign_in_codes",
  {
    id: text("id").primaryKey(),
    /** applicant and portal: mailed sign-in codes; phone: texted phone verification codes. */
    kind: text("kind", { enum: ["applicant", "portal", "phone"] }).notNull(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at").notNull(),
    consumedAt: timestamp("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_codes_email").on(t.kind, t.email)],
);

export const applications = table(
  "applications",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** applicationStatus: the funnel step the applicant is due at (spec §4). */
    status: text("status").notNull(),
    /** Early-funnel variant the applicant was assigned. */
    variant: text("variant"),
    /** JSON text; writeOnly fields (SSN...) inside are encrypted. */
    document: text("document").notNull(),
    /** Bumped on every save; a write with an older revision is refused. */
    revision: integer("revision").notNull().default(0),
    /** The partner whose staff handle this application. */
    partnerId: text("partner_id").notNull().default("house"),
    /** The portal user (loan officer) it is assigned to, if any. */
    loanOfficerId: text("loan_officer_id"),
    /** Hash of the definitions the saved answers were last checked against. */
    definitionsVersion: text("definitions_version"),
    /** JSON {steps, resume}: steps to answer again after a definitions change, and where to go after. */
    recheck: text("recheck"),
    /**
     * JSON list of the step ids the owner has saved, in the order first saved (the first is where
     * they entered): with the flows and the answers, the path the server lets them walk
     * (engine/funnel/journey.ts). Null for applications older than the list: taken from their status.
     */
    completed: text("completed"),
    /**
     * ISO instant: since when the answers lead to an early decline that waits for the applicant's
     * confirmation (rules/pricing.json confirmFirst), set by the save that led there and cleared by
     * one that leads elsewhere or by the decision. Not a decision: the clock after which the server
     * issues it (params.pricing.unconfirmedDeclineDays, server/features/decisions/unconfirmed-declines.ts).
     */
    pendingDeclineSince: text("pending_decline_since"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("applications_owner").on(t.ownerId),
    index("applications_pending_decline").on(t.pendingDeclineSince),
    index("applications_partner").on(t.partnerId, t.updatedAt),
    index("applications_loan_officer").on(t.loanOfficerId),
  ],
);

/**
 * People who answer part of someone else's application with their own account (the co-borrower),
 * by invite. Which part is theirs: rules/members.json. One per role and application; an account is
 * a member of at most one application. The invite link's token is kept only as its SHA-256.
 */
export const applicationMembers = table(
  "application_members",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    /** Lower-cased: the address the invite went to; only an account with it may accept. */
    email: text("email").notNull(),
    /** Null until the invite is accepted. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the invite link's token; null once accepted. */
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at").notNull(),
    invitedAt: timestamp("invited_at").notNull(),
    acceptedAt: timestamp("accepted_at"),
    /** JSON list of the step ids the member has saved. */
    completed: text("completed").notNull().default("[]"),
    /** Bumped on each of the member's saves: their stale-page check (the owner's is the application's revision). */
    revision: integer("revision").notNull().default(0),
  },
  (t) => [
    uniqueIndex("application_members_role").on(t.applicationId, t.role),
    uniqueIndex("application_members_user").on(t.userId),
    uniqueIndex("application_members_token").on(t.tokenHash),
  ],
);

/** Metadata of uploaded files; the bytes live in file storage. */
export const uploads = table(
  "uploads",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    borrower: text("borrower").$type<BorrowerRole>().notNull(),
    documentType: text("document_type").notNull(),
    documentSubtype: text("document_subtype"),
    side: text("side"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    /** For a per-property document: the property it is for. */
    propertyId: text("property_id"),
    /** The portal's decision on the file: null while nobody has looked; a rejected file no longer counts toward its requirement. */
    reviewStatus: text("review_status", { enum: ["accepted", "rejected"] }),
    /** Why it was rejected, for the applicant's checklist and mail. */
    reviewReason: text("review_reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_application").on(t.applicationId)],
);

/**
 * An electronic signature: who typed which name on which exact document versions (the SHA-256 of
 * each text), when, from where. The signed PDF, once made, is in file storage under pdfKey.
 */
export const signatures = table(
  "signatures",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    signer: text("signer").$type<BorrowerRole>().notNull(),
    typedName: text("typed_name").notNull(),
    /** JSON array of {id, version, sha256} of the documents signed. */
    documents: text("documents").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    signedAt: timestamp("signed_at").notNull(),
    pdfKey: text("pdf_key"),
    definitionsVersion: text("definitions_version"),
    /**
     * JSON {pointer: HMAC of the value}: the answers the signed figures rest on, as they were when
     * signed (the step effect's `covers`). A later change to one of them voids the signature.
     */
    covered: text("covered"),
    /** When a change to a covered answer voided this signature; null while it stands. */
    voidedAt: timestamp("voided_at"),
  },
  (t) => [index("signatures_application").on(t.applicationId)],
);

/** Identity checks: the built-in provider queues each for manual review in the portal. */
export const identityReviews = table(
  "identity_reviews",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    borrower: text("borrower").$type<BorrowerRole>().notNull(),
    /** The ID document subtype (driver_license, passport, ...). */
    idType: text("id_type").notNull(),
    /** JSON array of the upload ids (front, and back when the sides rule asks for it). */
    uploadIds: text("upload_ids").notNull(),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull(),
    reason: text("reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at"),
    definitionsVersion: text("definitions_version"),
    createdAt: createdAt(),
  },
  (t) => [
    index("identity_reviews_application").on(t.applicationId),
    index("identity_reviews_status").on(t.status),
  ],
);

/**
 * Portal staff's notes on an application's file, for their colleagues (never shown to the
 * applicant). The text is sealed like the document's sensitive fields: staff may write anything.
 */
export const applicationNotes = table(
  "application_notes",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The portal user who wrote it. */
    authorId: text("author_id").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_notes_application").on(t.applicationId, t.createdAt)],
);

/** Who changed what, when, under which definitions. Holds pointers, never values (no PII). */
export const auditEvents = table(
  "audit_events",
  {
    id: autoId("id"),
    at: timestamp("at").notNull(),
    actorKind: text("actor_kind", { enum: ["applicant", "portal", "system", "los"] }).notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    applicationId: text("application_id"),
    /** JSON array of the JSON pointers that changed. */
    changed: text("changed").notNull().default("[]"),
    /** Hash of the definition files in force. */
    definitionsVersion: text("definitions_version").notNull(),
  },
  (t) => [index("audit_events_application").on(t.applicationId, t.at)],
);

/**
 * Answers to step submissions, kept for a few minutes by the client's idempotency key (its HMAC),
 * so a submission sent twice (a double click, a retry) is answered once: the same response, no
 * second account, no false conflict.
 */
export const submitReceipts = table(
  "submit_receipts",
  {
    key: text("key").primaryKey(),
    applicationId: text("application_id").notNull(),
    /** The account that sent it; null for a visitor's first answer (which made the account). */
    userId: text("user_id"),
    /** JSON of the procedure's answer (route, status, revision: no personal data). */
    response: text("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submit_receipts_created").on(t.createdAt)],
);

/** Bot-check tokens already used, kept until they expire so each works once. */
export const spentBotTokens = table("spent_bot_tokens", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at").notNull(),
});

/**
 * A stored file (by its content key) claimed by one upload or removal at a time, across every
 * server process on the database (server/features/uploads/key-lock.ts): a removal never deletes
 * bytes that an upload of the same content is about to refer to. The holder renews `claimed_at`
 * while it works; a claim not renewed for a while (its process died) may be taken over.
 */
export const fileClaims = table("file_claims", {
  storageKey: text("storage_key").primaryKey(),
  /** A random id of the claim, so only its holder renews or releases it. */
  holder: text("holder").notNull(),
  /** Epoch milliseconds of the claim or its last renewal. */
  claimedAt: integer("claimed_at").notNull(),
});

/**
 * A stored file a record of ours keeps (a notice's PDF, a signed copy, the closing package, a
 * valuation report), by its content key. Storage is content-addressed and shared by everyone, so an
 * applicant who uploads the same bytes (a notice they were mailed) and removes them again must not
 * delete the lender's copy: deleteIfUnreferenced (server/features/uploads/access.ts) keeps a key
 * named here. Written by keepFile (server/features/uploads/kept-files.ts), never deleted.
 */
export const keptFiles = table("kept_files", {
  storageKey: text("storage_key").primaryKey(),
  /** What first kept it (kept-files.ts KeptKind). */
  kind: text("kind").notNull(),
  createdAt: createdAt(),
});

/**
 * First-party funnel analytics: one row per step viewed, completed or left, by a random journey
 * id (one per browser tab). Nothing in it identifies a person: no user id, email, name or answer.
 */
export const funnelEvents = table(
  "funnel_events",
  {
    id: autoId("id"),
    at: timestamp("at").notNull(),
    journeyId: text("journey_id").notNull(),
    kind: text("kind", { enum: ["viewed", "completed", "left"] }).notNull(),
    stepId: text("step_id").notNull(),
    /** The early-funnel variant the journey walks, when known. */
    variant: text("variant"),
    /** Whose step it was: a borrower role (rules/members.json); null before sign-in, which is the owner's. */
    role: text("role"),
    /**
     * JSON {experiment: arm}: the wording experiments' arms the reader was in when it was sent
     * (rules/experiments.json; the server's record of the session's account, never the browser's word).
     */
    arms: text("arms"),
    /** Time on the step before it was completed or left. */
    durationMs: integer("duration_ms"),
    /** The partner whose applicant sent it (the session's application's); null for a visitor without one, who is the house's. */
    partnerId: text("partner_id"),
  },
  (t) => [
    index("funnel_events_step").on(t.stepId, t.kind),
    index("funnel_events_journey").on(t.journeyId, t.at),
  ],
);

/**
 * Wording experiments' arms (rules/experiments.json), one per account and experiment: drawn once,
 * the first time the account reads the experiment's flow while it runs, and kept, so a reload,
 * another device and a later change of the weights all show the same arm. A guest's account is
 * the one that signs up, so the arm carries over.
 */
export const experimentAssignments = table(
  "experiment_assignments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    experimentId: text("experiment_id").notNull(),
    arm: text("arm").notNull(),
    assignedAt: timestamp("assigned_at").notNull(),
  },
  (t) => [uniqueIndex("experiment_assignments_user").on(t.userId, t.experimentId)],
);

/**
 * Rate-limit windows, shared by every server on the database: one row per limiter and key (the
 * key's HMAC, never the email or address itself), counting hits since the window started.
 */
export const rateLimitWindows = table(
  "rate_limit_windows",
  {
    bucket: text("bucket").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limit_windows_start").on(t.windowStart)],
);

/**
 * Funnel journeys a bot-checked request opened: events are stored only for these (a page that is
 * being left can send its last events without a proof of work, on a journey opened earlier).
 */
export const analyticsJourneys = table("analytics_journeys", {
  journeyId: text("journey_id").primaryKey(),
  /** The partner of the applicant who opened it; null for a visitor, who is the house's. */
  partnerId: text("partner_id"),
  openedAt: timestamp("opened_at").notNull(),
});

/**
 * Every text and mail the server sent, refused or queued, for the portal's messaging page and
 * the spend cap: the channel, what happened and why, and for a text the area code only (never a
 * number, an address or a text).
 */
export const messageEvents = table(
  "message_events",
  {
    id: autoId("id"),
    at: timestamp("at").notNull(),
    channel: text("channel", { enum: ["text", "mail"] }).notNull(),
    outcome: text("outcome", { enum: ["sent", "refused", "queued", "failed"] }).notNull(),
    /** What the message was (a code, a notice...) and, for a refusal, which rule refused it. */
    kind: text("kind").notNull(),
    reason: text("reason"),
    areaCode: text("area_code"),
    /** What it cost, in cents (a text sent), to count the day's spend. */
    costCents: integer("cost_cents").notNull().default(0),
  },
  (t) => [index("message_events_at").on(t.at, t.channel)],
);

/**
 * Every definitions set this server (or another on the database) has served: its version, when
 * and by whom it was published (the server's start, a file change, a signal, a rollback and the
 * person who asked), and its files by name and SHA-256 of their text, so any version can be
 * written back and served again (npm run definitions:rollback, the portal's rollback).
 */
export const definitionSets = table(
  "definition_sets",
  {
    /** Its own key: a set published again (a rollback) gets a new row with the same version. */
    id: text("id").primaryKey(),
    version: text("version").notNull(),
    publishedAt: timestamp("published_at").notNull(),
    /** Who or what published it: "start", "file change", "SIGHUP", "rollback by admin@…". */
    publishedBy: text("published_by").notNull(),
    /** JSON {"steps/zip.json": "<sha256 of its text>", …}: every file of the set. */
    manifest: text("manifest").notNull(),
  },
  (t) => [
    index("definition_sets_published").on(t.publishedAt),
    index("definition_sets_version").on(t.version),
  ],
);

/** The texts of published definition files, once each by SHA-256 (most files are the same from one set to the next). */
export const definitionTexts = table("definition_texts", {
  sha256: text("sha256").primaryKey(),
  text: text("text").notNull(),
});

/**
 * The lender's half of a loan, from submission to funding (schemas/loan-file.json): one per
 * submitted application, kept apart from the applicant's document so staff's work and the
 * applicant's uploads never race for one revision. The milestone moves along rules/milestones.json;
 * the columns beside the document are what the pipeline filters and sorts on.
 */
export const loanFiles = table(
  "loan_files",
  {
    applicationId: text("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The state of rules/milestones.json the file is in. */
    milestone: text("milestone").notNull(),
    /** JSON of schemas/loan-file.json; sealed fields (none yet) would be sealed like the application's. */
    document: text("document").notNull(),
    /** Bumped on every save; a write with an older revision is refused. */
    revision: integer("revision").notNull().default(0),
    /** yyyy-MM-dd: while the 30-day decision clock runs (Regulation B 1002.9), the day it ends; else null. */
    decisionDueOn: text("decision_due_on"),
    /** ",permission,...,": who can move the file now (",applicant," when it waits on the borrowers), for "waiting on me". */
    waitingOn: text("waiting_on").notNull().default(""),
    receivedAt: timestamp("received_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("loan_files_milestone").on(t.milestone), index("loan_files_due").on(t.decisionDueOn)],
);

/**
 * Mail a loan's events send (rules/notifications.json), sent after the commit that made the event
 * and retried on failure: the row names its recipient by role or staff id, never by address (the
 * address is read when it is sent, and only a proven one is used). The file's timeline lists them.
 */
export const notificationOutbox = table(
  "notification_outbox",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    template: text("template").notNull(),
    /** "role:<borrower role>" or "staff:<portal user id>". */
    recipient: text("recipient").notNull(),
    /** JSON of the template's values that are not personal (dates, labels, amounts, links). */
    values: text("values").notNull().default("{}"),
    status: text("status", { enum: ["pending", "sent", "failed", "skipped"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at"),
    /** Why the last attempt failed or the mail was skipped (a kind of error, never its text). */
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [
    index("notification_outbox_application").on(t.applicationId, t.createdAt),
    index("notification_outbox_due").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Service credentials a partner's loan origination system pulls its MISMO files with (the LOS API,
 * /api/los/v1): the bearer token is "<id>.<secret>", and only the secret's SHA-256 is kept (a
 * 256-bit random secret needs no slow hash). Scoped to one partner; revoked, never deleted, so
 * the audit trail's pulls keep naming it.
 */
export const losCredentials = table(
  "los_credentials",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id").notNull(),
    /** Staff's name for it ("Encompass production"). */
    label: text("label").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** The portal user who created it. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    revokedBy: text("revoked_by"),
  },
  (t) => [index("los_credentials_partner").on(t.partnerId, t.createdAt)],
);
