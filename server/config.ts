// Everything the server reads from the environment, read once and in one place.
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { DefinitionDirs } from "@engine/definitions/load";
import { LENDER_FILE } from "@engine/lending/lender-file";
import { REPO_ROOT } from "@engine/base/paths";
import type { S3StorageOptions } from "./persistence/storage/s3";

export interface Config {
  port: number;
  host: string;
  /**
   * How many processes serve (HELOC_PROCESSES; 1): each its own event loop and database connection,
   * sharing the port; "auto" is one per core. server/platform/processes.ts, docs/deploy.md.
   */
  processes: number;
  /** How long a stop waits for the requests in flight before cutting their connections (ms; default 10 s). */
  shutdownGraceMs?: number;
  /**
   * How long a stop keeps serving after /readyz turns false, before it closes the listener
   * (SHUTDOWN_DRAIN_MS; 0): time for a load balancer polling /readyz to stop sending requests.
   */
  shutdownDrainMs: number;
  /**
   * How often the server sweeps for work come due on its own clock (SWEEP_EVERY_MS; 5 minutes; 0:
   * never, a test runs a round itself): server/platform/jobs/sweeps.ts.
   */
  sweepEveryMs: number;
  /** The bearer token /metrics asks for (METRICS_TOKEN); unset, there is no /metrics. */
  metricsToken?: string;
  /** The least level the log writes (LOG_LEVEL: fatal, error, warn, info, debug, trace; info). */
  logLevel: string;
  /** The SQLite file (when there is no DATABASE_URL); its folder also holds the development key and outbox. */
  databasePath: string;
  /** postgres://… (DATABASE_URL): PostgreSQL instead of the SQLite file, for several servers on one database. */
  databaseUrl?: string;
  dataDir: string;
  /** Secure cookies everywhere but plain-http development on loopback. */
  secureCookies: boolean;
  /**
   * Development tools (/api/dev: live step preview, funnel map): on unless NODE_ENV=production or
   * SECURE_COOKIES=1, i.e. exactly when secureCookies is off; in production the routes do not exist.
   */
  dev: boolean;
  /** NODE_ENV=production: the lender profile must be complete and real, or the server does not start. */
  production: boolean;
  /**
   * A server started with demo data (startServer's demo option: npm start, the demo test servers).
   * Outside production it also runs the wording experiments marked demoOnly (rules/experiments.json).
   */
  demo?: boolean;
  /** The lender profile every text reads (LENDER_PROFILE; content/lender.json, a sample). */
  lenderFile?: string;
  encryptionKey?: string;
  recaptchaSecret?: string;
  recaptchaSiteKey?: string;
  recaptchaMinScore?: string;
  smtpUrl?: string;
  /**
   * MAIL_OUTBOX=1: write mail to the outbox folder even outside development. Without it (and without
   * SMTP_URL) production refuses to start: codes and invite links would otherwise sit in a folder.
   */
  mailOutbox?: boolean;
  mailFrom: string;
  /** The site's public address (PUBLIC_URL), for links in mail; development sets it at start to the server's own address. */
  publicUrl?: string;
  /** Built web app served at /; absent in API-only tests. */
  webDir?: string;
  /** Nothing logged to stdout (tests): a test that reads the log gives the server a destination. */
  quiet: boolean;
  /**
   * Uploaded files and signed PDFs in an S3 bucket instead of the folder (S3_BUCKET, with
   * S3_ENDPOINT, S3_REGION, S3_PREFIX, S3_FORCE_PATH_STYLE; credentials from the AWS SDK's chain).
   */
  s3?: S3StorageOptions;
  /** The folder of uploaded files and signed PDFs (UPLOAD_DIR; <dataDir>/uploads): a shared mount when several servers run. */
  uploadDir?: string;
  /** Twilio for text messages (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); absent, texts go to <dataDir>/sms-outbox. */
  twilio?: { accountSid: string; authToken: string; from: string };
  /** The largest file one upload may carry (UPLOAD_MAX_BYTES; 15 MB). */
  uploadMaxBytes: number;
  /**
   * A save answers once its data is committed, and its work after the commit (a signed PDF, mail,
   * texts) goes on after the answer (services.later; a stop waits for it). Tests set this to do that
   * work before the answer, so what a test reads after a save (the outbox, a stored PDF) is there.
   */
  awaitWorkAfterSave?: boolean;
  /** The definition folders (steps/, rules/, schemas/); absent, the repository's. Tests point them at a copy. */
  definitions?: DefinitionDirs;
  /**
   * Development only (FUNNEL_VARIANT): every new applicant walks this variant of their flow instead
   * of a weighted random one, so a change to one variant is quick to try. Ignored in production.
   */
  funnelVariant?: string;
}

const DEFAULT_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR ?? join(REPO_ROOT, "data");
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("PORT must be a port number");
  const uploadMaxBytes = Number(env.UPLOAD_MAX_BYTES ?? DEFAULT_UPLOAD_MAX_BYTES);
  if (!Number.isInteger(uploadMaxBytes) || uploadMaxBytes < 1)
    throw new Error("UPLOAD_MAX_BYTES must be a whole number of bytes");
  const shutdownDrainMs = Number(env.SHUTDOWN_DRAIN_MS ?? 0);
  if (!Number.isInteger(shutdownDrainMs) || shutdownDrainMs < 0)
    throw new Error("SHUTDOWN_DRAIN_MS must be a whole number of milliseconds");
  const sweepEveryMs = Number(env.SWEEP_EVERY_MS ?? 300_000);
  if (!Number.isInteger(sweepEveryMs) || sweepEveryMs < 0)
    throw new Error("SWEEP_EVERY_MS must be a whole number of milliseconds (0: no sweeps)");
  const metricsToken = env.METRICS_TOKEN || undefined;
  // What a bearer token may hold (RFC 6750), and long enough not to be guessed.
  if (metricsToken && !/^[A-Za-z0-9._~+/-]{16,}=*$/.test(metricsToken))
    throw new Error(
      "METRICS_TOKEN must be at least 16 characters of letters, digits and ._~+/- (openssl rand -hex 32)",
    );
  const processes =
    env.HELOC_PROCESSES === "auto" ? availableParallelism() : Number(env.HELOC_PROCESSES || 1);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64)
    throw new Error(
      'HELOC_PROCESSES must be a whole number of processes from 1 to 64, or "auto" (one per core)',
    );
  const logLevel = env.LOG_LEVEL || "info";
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel))
    throw new Error("LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
  const s3 = env.S3_BUCKET ? readS3(env) : undefined;
  return {
    port,
    processes,
    s3,
    shutdownDrainMs,
    sweepEveryMs,
    metricsToken,
    logLevel,
    host: env.HOST ?? "127.0.0.1",
    dataDir,
    databasePath: env.DATABASE_PATH ?? join(dataDir, "heloc.sqlite"),
    databaseUrl: env.DATABASE_URL || undefined,
    secureCookies: env.NODE_ENV === "production" || env.SECURE_COOKIES === "1",
    dev: env.NODE_ENV !== "production" && env.SECURE_COOKIES !== "1",
    production: env.NODE_ENV === "production",
    lenderFile: LENDER_FILE,
    encryptionKey: env.APP_ENCRYPTION_KEY,
    recaptchaSecret: env.RECAPTCHA_SECRET,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    recaptchaMinScore: env.RECAPTCHA_MIN_SCORE,
    smtpUrl: env.SMTP_URL,
    mailOutbox: env.MAIL_OUTBOX === "1",
    mailFrom: env.MAIL_FROM ?? "HELOC <no-reply@heloc.local>",
    publicUrl: env.PUBLIC_URL,
    webDir: env.WEB_DIR ?? join(REPO_ROOT, "dist/web"),
    quiet: env.QUIET === "1",
    funnelVariant:
      env.NODE_ENV !== "production" && env.SECURE_COOKIES !== "1"
        ? env.FUNNEL_VARIANT || undefined
        : undefined,
    uploadMaxBytes,
    uploadDir: env.UPLOAD_DIR || undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
        : undefined,
  };
}

function readS3(env: NodeJS.ProcessEnv): S3StorageOptions {
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint))
    throw new Error(
      "S3_ENDPOINT must be an http(s) address without a path, e.g. https://minio.internal:9000",
    );
  const prefix = env.S3_PREFIX ?? "uploads/";
  if (!/^((?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/.test(prefix))
    throw new Error("S3_PREFIX must be folder names each ending in /, e.g. uploads/ (or empty)");
  return {
    bucket: env.S3_BUCKET!,
    endpoint,
    region: env.S3_REGION || env.AWS_REGION || undefined,
    prefix,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
  };
}
