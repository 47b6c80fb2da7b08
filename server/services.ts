// Everything a request handler needs, built once at start and passed down explicitly (no module
// singletons), so tests can build as many servers as they like side by side.
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { Definitions } from "../engine/definitions";
import { sensitiveFields } from "../engine/sensitive";
import { createCodes } from "./auth/codes";
import { cookieJar } from "./auth/cookies";
import { createCsrf } from "./auth/csrf";
import { createSessions, type SessionKind } from "./auth/sessions";
import type { BotCheckVerifier } from "./botcheck/types";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { ManualReviewProvider } from "./identity/manual-review";
import type { IdentityProvider } from "./identity/provider";
import type { Mailer } from "./mail/mailer";
import { createCipher } from "./security/encryption";
import { deriveKey } from "./security/keys";
import { createRateLimiter } from "./security/rate-limit";
import { portalPolicy } from "./portal/roles";
import { localDiskStorage, type FileStorage } from "./storage";

export interface ServiceDeps {
  config: Config;
  defs: Definitions;
  db: Db;
  masterKey: Buffer;
  mailer: Mailer;
  botCheck: BotCheckVerifier;
  now?: () => Date;
  /** Where uploaded files go; by default <dataDir>/uploads on local disk. */
  storage?: FileStorage;
  /** Who verifies identity documents; by default the portal's manual review. */
  identityProvider?: IdentityProvider;
}

const MINUTE = 60_000;

function authOf(kind: SessionKind, deps: ServiceDeps, now: () => Date) {
  const jar = cookieJar(kind, deps.config.secureCookies);
  return { kind, jar, sessions: createSessions(deps.db, kind, now), csrf: createCsrf(deriveKey(deps.masterKey, "csrf"), jar) };
}

export function createServices(deps: ServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  return {
    ...deps,
    now,
    /** Recorded with every audit event: which definitions an answer was checked against. */
    definitionsVersion: createHash("sha256").update(JSON.stringify(deps.defs.files)).digest("hex").slice(0, 12),
    cipher: createCipher(deriveKey(deps.masterKey, "fields")),
    sensitive: sensitiveFields(deps.defs.files),
    auth: { applicant: authOf("applicant", deps, now), portal: authOf("portal", deps, now) },
    codes: createCodes(deps.db, deriveKey(deps.masterKey, "sign-in-codes"), now),
    storage: deps.storage ?? localDiskStorage(join(deps.config.dataDir, "uploads")),
    identityProvider: deps.identityProvider ?? new ManualReviewProvider(deps.db, now),
    /** Portal roles and account rules (rules/portal-roles.json). */
    portal: portalPolicy(deps.defs),
    limits: {
      signInPerEmail: createRateLimiter({ limit: 10, windowMs: 15 * MINUTE }, clock),
      signInPerIp: createRateLimiter({ limit: 50, windowMs: 15 * MINUTE }, clock),
      codePerEmail: createRateLimiter({ limit: 3, windowMs: 15 * MINUTE }, clock),
      codePerIp: createRateLimiter({ limit: 20, windowMs: 15 * MINUTE }, clock),
      /** Upload attempts per applicant: room for every document of two self-employed borrowers, not for a flood. */
      uploadsPerApplicant: createRateLimiter({ limit: 60, windowMs: 15 * MINUTE }, clock),
      /** Invite and password-reset links used, per address: enough for a typo, not for guessing. */
      portalTokenPerIp: createRateLimiter({ limit: 20, windowMs: 15 * MINUTE }, clock),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
