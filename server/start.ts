// Builds and starts one server: definitions, database, keys, mail, bot check, services, app.
// `npm start` (main.ts) and the tests both come through here, so tests run the real thing.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { formatProblem } from "../engine/lint";
import { loadDefinitions, type DefinitionDirs } from "../engine/load";
import { createApp } from "./app";
import { createBotCheck } from "./botcheck";
import { readConfig, type Config } from "./config";
import { describeUrl, openDb } from "./db/client";
import { createMailer } from "./mail/mailer";
import { loadKey } from "./security/encryption";
import { deriveKey } from "./security/keys";
import { ensureFirstAdmin } from "./portal/first-admin";
import { releaseUnprovenAddresses } from "./auth/email-proof";
import { sealAtRest } from "./security/at-rest";
import { seedDemoData } from "./seed";
import { createServices, type Services } from "./services";
import { dbSpentTokens } from "./store/spent-tokens";

export interface StartOptions extends Partial<Config> {
  /** Other definition folders (tests drop changed steps or rules into a copy). */
  definitions?: DefinitionDirs;
  /** Adds the demo applicant and portal users when the database is empty. */
  demo?: boolean;
  /** Makes the first portal administrator when there is no portal user (npm start). */
  firstAdmin?: boolean;
  now?: () => Date;
  /** The self-hosted bot check's work per attempt (altcha.ts); unset, the production cost. API tests lower it (tests/helpers/server.ts). */
  botCheckCost?: number;
  /** How a slowed sign-in waits (tests record the waits instead of sitting through them). */
  pause?: (ms: number) => Promise<void>;
}

export interface RunningServer {
  url: string;
  services: Services;
  /** Where mail goes and where the key came from, for the start banner. */
  notes: string[];
  close(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const base = readConfig();
  const dataDir = options.dataDir ?? base.dataDir;
  // DATABASE_PATH when set; else the file in the data folder this server was given.
  const databasePath = base.databasePath === join(base.dataDir, "heloc.sqlite") ? join(dataDir, "heloc.sqlite") : base.databasePath;
  const config: Config = { ...base, databasePath, ...options, dataDir } as Config;

  const { defs, problems } = loadDefinitions(config.definitions);
  if (problems.length) throw new Error(`${problems.length} problem(s) in the definitions:\n${problems.map(formatProblem).join("\n")}`);

  // Before anything is created: outside development the key must come from APP_ENCRYPTION_KEY.
  const { key: masterKey, source: keySource } = loadKey(config.encryptionKey, dataDir, { required: !config.dev });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { db, dialect, close: closeDb } = await openDb({ url: config.databaseUrl, path: config.databasePath });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(dataDir, "outbox"), from: config.mailFrom });
  const botCheck = createBotCheck({
    RECAPTCHA_SECRET: config.recaptchaSecret,
    RECAPTCHA_SITE_KEY: config.recaptchaSiteKey,
    RECAPTCHA_MIN_SCORE: config.recaptchaMinScore,
    hmacSecret: deriveKey(masterKey, "bot-check").toString("hex"),
    spent: dbSpentTokens(db, options.now),
    altchaCost: options.botCheckCost,
  });
  const services = createServices({ config, defs, db, masterKey, mailer, botCheck, ...(options.now ? { now: options.now } : {}), ...(options.pause ? { pause: options.pause } : {}) });
  const notes = [`Database: ${dialect === "postgresql" ? `PostgreSQL at ${describeUrl(config.databaseUrl!)}` : `SQLite file ${config.databasePath}`}`, `Mail: ${mailer.kind === "smtp" ? `SMTP at ${mailer.location}` : `development outbox ${mailer.location} (set SMTP_URL to send)`}`, `Encryption key: ${keySource}`, `Bot check: ${botCheck.kind}`];
  notes.push(...(await sealAtRest(services)));
  const released = await releaseUnprovenAddresses(services);
  if (released) notes.push(`Sign-in addresses never proven by a code: ${released} taken back (each stays a claim in its application)`);
  if (options.demo) notes.push(...(await seedDemoData(services)));
  if (options.firstAdmin) notes.push(...(await ensureFirstAdmin(services)));
  notes.push(`Texts: ${services.sms.kind === "twilio" ? services.sms.location : `development outbox ${services.sms.location} (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send)`}`);
  if (mailer.kind === "outbox") notes.push(`Sign-in codes and portal invites are mailed to the outbox: open the newest .eml in ${mailer.location}`);

  const app = createApp(services, botCheck);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" ? "localhost" : config.host;
  // Mailed links point at PUBLIC_URL; in development, at this server's own address, never at the
  // Host a request names (which anyone can set).
  if (config.dev && !config.publicUrl) config.publicUrl = `http://${host}:${port}`;
  return {
    url: `http://${host}:${port}`,
    services,
    notes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => void closeDb().then(resolve, resolve));
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
