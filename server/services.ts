// Everything a request handler needs, built once at start and passed down explicitly (no module
// singletons), so tests can build as many servers as they like side by side.
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { Definitions } from "@engine/definitions/definitions";
import type { MessagingBudgets } from "@engine/generated/schema-types";
import { versionOfTexts } from "@engine/definitions/load";
import { legacyScalarFields } from "@engine/definitions/legacy-answers";
import { sensitiveFields } from "@engine/validation/sensitive";
import { createCodes, GUESS_WINDOW_MS, GUESSES_PER_IP } from "./features/auth/codes";
import { cookieJar, type CookieIO } from "./features/auth/cookies";
import { createCsrf } from "./features/auth/csrf";
import { createPendingSignIn } from "./features/auth/pending";
import { afterResponse } from "./features/auth/after-response";
import { createSessions, type SessionKind, type SessionRow } from "./features/auth/sessions";
import type { BotCheckVerifier } from "./platform/botcheck/types";
import type { Config } from "./config";
import type { Db } from "./persistence/db/client";
import { ManualReviewProvider } from "./features/identity/manual-review";
import type { IdentityProvider } from "./features/identity/provider";
import { InPersonNotarization, type NotarizationProvider } from "./features/loan/notarization";
import { ManualValuationEntry, type ValuationProvider } from "./features/loan/valuations";
import type { Mailer } from "./platform/mail/mailer";
import { createCipher } from "./platform/crypto/encryption";
import { deriveKey } from "./platform/crypto/keys";
import { dbRateLimiter, rateLimitKeyMac, type RateLimit } from "./transport/security/rate-limit";
import { portalPolicy } from "./features/portal/roles";
import { LOS_REFUSALS_PER_IP } from "./features/los/credentials";
import { createSmsSender, type SmsSender } from "./platform/sms/sender";
import { createEvents } from "./platform/events";
import { localDiskStorage, type FileStorage } from "./persistence/storage";
import { createDefinitionsGate } from "./features/definitions/gate";
import { s3Storage } from "./persistence/storage/s3";
import { createLog, type Log } from "./platform/observability/log";
import { createMetrics, type Metrics } from "./platform/observability/metrics";

export interface ServiceDeps {
  config: Config;
  defs: Definitions;
  db: Db;
  masterKey: Buffer;
  mailer: Mailer;
  botCheck: BotCheckVerifier;
  now?: () => Date;
  /** Where uploaded files go; by default files under UPLOAD_DIR (<dataDir>/uploads) on local disk. */
  storage?: FileStorage;
  /** Who verifies identity documents; by default the portal's manual review. */
  identityProvider?: IdentityProvider;
  /** Who notarizes the security instrument; by default an in-person notarization staff record. */
  notarization?: NotarizationProvider;
  /** Where valuations come from; by default staff's manual entry with the report uploaded. */
  valuation?: ValuationProvider;
  /** Where text messages go; by default the development outbox, or Twilio when configured. */
  sms?: SmsSender;
  /** Waits (a slowed sign-in); tests may watch the waits instead of sitting through them. */
  pause?: (ms: number) => Promise<void>;
  /**
   * The budgets of rules/messaging.json as the server applies them; by default as written. Tests
   * that are not about budgets widen them (many applicants from one loopback address).
   */
  budgetsFor?: (budgets: MessagingBudgets) => MessagingBudgets;
  /**
   * Each rate limit as the server applies it, by its name; by default as written here. The e2e
   * servers widen the limits counted per IP address (every page of a worker comes from loopback).
   */
  limitsFor?: (name: string, rule: RateLimit) => RateLimit;
  /** The server's log (server/platform/observability/log.ts); by default none. */
  log?: Log;
  /** The server's Prometheus series; by default a registry of their own. */
  metrics?: Metrics;
}

const MINUTE = 60_000;
export const EVENTS_PER_IP = { limit: 300, windowMs: 15 * MINUTE };

function authOf(kind: SessionKind, deps: ServiceDeps, now: () => Date) {
  const jar = cookieJar(kind, deps.config.secureCookies);
  const sessions = createSessions(deps.db, kind, now);
  return {
    kind,
    jar,
    sessions,
    csrf: createCsrf(deriveKey(deps.masterKey, "csrf"), jar),
    pending: createPendingSignIn(deriveKey(deps.masterKey, "pending-sign-in"), jar, now),
    /** The session the request's cookie stands for (the cookie renewed when the session was), or null. */
    async current(cookies: CookieIO) {
      const token = jar.get(cookies, "session");
      if (!token) return null; // no cookie of this kind, nothing to look up
      const found = await sessions.validate(token);
      if (found?.renewed) jar.set(cookies, "session", token, found.session.expiresAt);
      return found?.session ?? null;
    },
    /**
     * `current`, the session's row read by `read` with what the caller reads beside it in the
     * same statement (sessions.ts `validateWith`): handed back only with a valid session.
     */
    async currentWith<R extends { session: SessionRow | undefined }>(
      cookies: CookieIO,
      read: (id: string) => Promise<R>,
    ) {
      const token = jar.get(cookies, "session");
      if (!token) return null;
      const found = await sessions.validateWith(token, read);
      if (found?.renewed) jar.set(cookies, "session", token, found.session.expiresAt);
      return found;
    },
  };
}

/**
 * What the server takes from one set of definitions: the set, its version, the fields it seals,
 * the portal's policy. One function, so a reload (server/features/definitions/live.ts) swaps them together.
 */
export function definitionFacts(defs: Definitions) {
  return {
    defs,
    /** Recorded with every audit event: which definitions (and texts) an answer was checked against. */
    definitionsVersion: defs.version
      ? defs.version
      : defs.texts
        ? versionOfTexts(defs.texts)
        : createHash("sha256").update(JSON.stringify(defs.files)).digest("hex").slice(0, 12),
    sensitive: sensitiveFields(defs.files),
    /** Lists that once held a single value: a stored single value is read as a list of one. */
    legacyScalars: legacyScalarFields(defs.files),
    /** Portal roles and account rules (rules/portal-roles.json). */
    portal: portalPolicy(defs),
  };
}

/**
 * Serves another definition set from the next request on: every fact is worked out first (a
 * portal policy that throws leaves the running set), then all are put in place at once. Handlers
 * read services.defs per request, so none sees half of each.
 */
export function swapDefinitions(services: Services, defs: Definitions): void {
  Object.assign(services, definitionFacts(defs));
}

export function createServices(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const keyMac = rateLimitKeyMac(deriveKey(deps.masterKey, "rate-limit-keys"));
  /** A limiter counted in the database, so every server on it counts together. */
  const rateLimiter = (name: string, rule: RateLimit) =>
    dbRateLimiter(deps.db, name, deps.limitsFor?.(name, rule) ?? rule, keyMac, clock);
  const log = deps.log ?? createLog({ dev: false, quiet: true });
  const background = afterResponse("after an answer", log);
  return {
    ...deps,
    now,
    log,
    metrics: deps.metrics ?? createMetrics(),
    /** A stop has begun: /readyz says not ready (server/start.ts sets it). */
    lifecycle: { stopping: false },
    ...definitionFacts(deps.defs),
    cipher: createCipher(deriveKey(deps.masterKey, "fields")),
    auth: { applicant: authOf("applicant", deps, now), portal: authOf("portal", deps, now) },
    // Wrong tries are counted per guesser (the IP) and address in the database, so every server counts together.
    codes: createCodes(
      deps.db,
      deriveKey(deps.masterKey, "sign-in-codes"),
      now,
      rateLimiter("codeGuesses", { limit: GUESSES_PER_IP - 1, windowMs: GUESS_WINDOW_MS }),
    ),
    /** An application's events (submitted, ...), for the features that act on them after the commit. */
    events: createEvents(log),
    /** Work after an answer is sent (a sign-in code's mail, a save's signed PDF and mail); settled() waits for it. */
    later: background.later,
    settled: background.settled,
    pause: deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    budgetsFor: deps.budgetsFor ?? ((budgets: MessagingBudgets) => budgets),
    storage:
      deps.storage ??
      (deps.config.s3
        ? s3Storage(deps.config.s3, deriveKey(deps.masterKey, "files"))
        : localDiskStorage(
            deps.config.uploadDir ?? join(deps.config.dataDir, "uploads"),
            deriveKey(deps.masterKey, "files"),
          )),
    identityProvider: deps.identityProvider ?? new ManualReviewProvider(deps.db, now),
    notarization: deps.notarization ?? new InPersonNotarization(),
    valuation: deps.valuation ?? new ManualValuationEntry(),
    /** Checks sets and judges their impact on a thread of its own (features/definitions/gate.ts). */
    definitionsGate: createDefinitionsGate(deps.masterKey),
    sms:
      deps.sms ??
      createSmsSender({ outboxDir: join(deps.config.dataDir, "sms-outbox"), twilio: deps.config.twilio }),
    rateLimiter,
    limits: {
      // Sign-in attempts and code requests are limited per attacker (server/features/auth/attempts.ts): per
      // address from one IP, and per IP. The account itself is only slowed, never locked.
      signInPerEmailIp: rateLimiter("signInPerEmailIp", { limit: 10, windowMs: 15 * MINUTE }),
      signInPerIp: rateLimiter("signInPerIp", { limit: 50, windowMs: 15 * MINUTE }),
      codePerEmailIp: rateLimiter("codePerEmailIp", { limit: 3, windowMs: 15 * MINUTE }),
      /** Failed sign-ins on an account from anywhere: they slow its next attempts down. */
      accountFailures: rateLimiter("accountFailures", {
        limit: Number.MAX_SAFE_INTEGER,
        windowMs: 15 * MINUTE,
      }),
      /** Verification texts per applicant: each costs money and reaches a person's phone. */
      textsPerApplicant: rateLimiter("textsPerApplicant", { limit: 5, windowMs: 15 * MINUTE }),
      /** Co-borrower invite mails per application: each reaches another person's inbox. */
      invitesPerApplicant: rateLimiter("invitesPerApplicant", { limit: 5, windowMs: 60 * MINUTE }),
      /** "Email me this offer" per application: the account's own inbox, but not a flood of it. */
      offerMailsPerApplicant: rateLimiter("offerMailsPerApplicant", { limit: 3, windowMs: 60 * MINUTE }),
      codePerIp: rateLimiter("codePerIp", { limit: 20, windowMs: 15 * MINUTE }),
      /** Upload attempts per applicant: room for every document of two self-employed borrowers, not for a flood. */
      uploadsPerApplicant: rateLimiter("uploadsPerApplicant", { limit: 60, windowMs: 15 * MINUTE }),
      /** Invite and password-reset links used, per address: enough for a typo, not for guessing. */
      portalTokenPerIp: rateLimiter("portalTokenPerIp", { limit: 20, windowMs: 15 * MINUTE }),
      /** Signed-PDF downloads per applicant or staff member: each may render a PDF. */
      pdfDownloads: rateLimiter("pdfDownloads", { limit: 30, windowMs: 15 * MINUTE }),
      /** Refused LOS API tokens per IP: past it, that IP is refused before any token is looked at. */
      losRefusedPerIp: rateLimiter("losRefusedPerIp", LOS_REFUSALS_PER_IP),
      /** LOS API requests per service credential: a poll a minute and every file pulled, not a scrape loop. */
      losPullsPerCredential: rateLimiter("losPullsPerCredential", { limit: 600, windowMs: 15 * MINUTE }),
      /** The impact report per portal user: each is kept once computed, but not asked for without end. */
      definitionsImpactPerUser: rateLimiter("definitionsImpactPerUser", { limit: 60, windowMs: 15 * MINUTE }),
      /** Analytics events per IP: a long journey (about 40 steps, 3 events each) several times over, not a flood. */
      analyticsEventsPerIp: rateLimiter("analyticsEventsPerIp", EVENTS_PER_IP),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
