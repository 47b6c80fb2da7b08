// Builds and starts one server: definitions, database, keys, mail, bot check, services, app.
// `npm start` (main.ts) and the tests both come through here, so tests run the real thing.
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { formatProblem } from "@engine/lint/lint";
import {
  licensingConflicts,
  pricingConflicts,
  pricingGaps,
  productionGaps,
  staleFigures,
} from "@engine/lending/lender";
import { todayIso } from "@engine/base/dates";
import { REPO_ROOT } from "@engine/base/paths";
import { bookletGaps, lenderFile, readLenderProfile, useLenderFile } from "@engine/lending/lender-file";
import type { DefinitionDirs } from "@engine/definitions/load";
import type { MessagingBudgets } from "@engine/generated/schema-types";
import { checkLendingSet as checkSet } from "@engine/lending/set-check";
import { createApp } from "./app";
import type { DestinationStream } from "pino";
import { countedBotCheck, createBotCheck } from "./platform/botcheck";
import { readConfig, type Config } from "./config";
import { describeUrl, observeTransactions, openDb } from "./persistence/db/client";
import { countedMailer, createMailer } from "./platform/mail/mailer";
import { createLog } from "./platform/observability/log";
import { createMetrics } from "./platform/observability/metrics";
import { loadKey } from "./platform/crypto/encryption";
import { deriveKey } from "./platform/crypto/keys";
import { ensureFirstAdmin } from "./features/portal/first-admin";
import { releaseUnprovenAddresses } from "./features/auth/email-proof";
import { sealAtRest } from "./persistence/store/at-rest";
import { seedDemoData } from "./features/demo/seed";
import { createServices, type ServiceDeps, type Services } from "./services";
import { dbSpentTokens } from "./persistence/store/spent-tokens";
import {
  describeReload,
  oneAtATime,
  reloadDefinitions,
  watchDefinitions,
  type Reload,
} from "./features/definitions/live";
import { recordPublished } from "./features/definitions/published";
import { issueUnconfirmedDeclines } from "./features/decisions/unconfirmed-declines";
import { startSweeps } from "./platform/jobs/sweeps";
import { clusterScrape, type ProcessRole } from "./platform/processes";

/** How long a stop waits for the requests in flight (a save mid-way) before cutting them. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  /** The messaging budgets as applied (tests widen them; services.ts). */
  budgetsFor?: (budgets: MessagingBudgets) => MessagingBudgets;
  /** The rate limits as applied (e2e servers widen those per IP address; services.ts). */
  limitsFor?: ServiceDeps["limitsFor"];
  /** In development (config.dev), reload the definitions when their files change (npm start does). */
  watchDefinitions?: boolean;
  /** Where the log goes instead of stdout (a test that reads the log of a journey). */
  logDestination?: DestinationStream;
  /** The process's own series (CPU, memory, event loop) in /metrics: the server a process runs for (server/main.ts). */
  processMetrics?: boolean;
  /**
   * This process's part when the server runs as several (HELOC_PROCESSES, server/platform/processes.ts):
   * only the leader runs what must run once. Absent: alone, the leader.
   */
  role?: ProcessRole;
}

export interface RunningServer {
  url: string;
  services: Services;
  /** Where mail goes and where the key came from, for the start banner. */
  notes: string[];
  /**
   * Reads, checks and judges the definitions again: a clean set serves from the next request, one
   * that fails check or would strand applicants is refused. `publishedBy` is recorded with the set.
   */
  reloadDefinitions(publishedBy?: string): Promise<Reload>;
  /** One round of the sweeps (server/platform/jobs/sweeps.ts) now, on the server's clock: what each did. */
  runSweeps(): Promise<Record<string, number>>;
  /** The last reload, whatever started it (the watcher, a signal, a call). */
  lastReload(): Reload | null;
  close(): Promise<void>;
}

/**
 * The configuration, the checked definitions, the database and the services built on them: what
 * a server runs on, and what a command that reads the database as a server would does
 * (npm run definitions:impact). Refuses definitions with any problem, with the check's messages.
 */
export async function openServices(options: StartOptions = {}) {
  const base = readConfig();
  const dataDir = options.dataDir ?? base.dataDir;
  // DATABASE_PATH when set; else the file in the data folder this server was given.
  const databasePath =
    base.databasePath === join(base.dataDir, "heloc.sqlite")
      ? join(dataDir, "heloc.sqlite")
      : base.databasePath;
  const config: Config = { ...base, databasePath, ...options, dataDir } as Config;

  // The profile checked here is the one every notice, disclosure and mail reads.
  if (config.lenderFile) useLenderFile(config.lenderFile);
  // A live site names a real lender: no sample profile, no empty field (one line naming them).
  if (config.production) {
    const profile = readLenderProfile();
    const gaps = [...productionGaps(profile), ...bookletGaps(profile)];
    if (gaps.length)
      throw new Error(
        `the lender profile (${relative(REPO_ROOT, lenderFile())}) is not ready for production: ${gaps.join("; ")}`,
      );
  }
  // The start checks what npm run check checks (and the live gate: engine/lending/set-check.ts).
  const { defs, problems } = checkSet(config.definitions);
  // The disclosures state the pricing figures too: a live site refuses to start without them. Said
  // first, in production's own words (the check lists the same findings by file and line), when
  // the pricing rules were read at all.
  const pricing = defs.params.pricing as Record<string, unknown> | undefined;
  if (config.production && pricing) {
    const gaps = pricingGaps(pricing);
    if (gaps.length)
      throw new Error(
        `the pricing rules (rules/pricing.json) are not ready for production: ${gaps.join("; ")}`,
      );
    // Each figure has one home (the profile or the pricing rules); they must still fit together.
    const profileName = relative(REPO_ROOT, lenderFile());
    const conflicts = pricingConflicts(readLenderProfile(), pricing);
    if (conflicts.length)
      throw new Error(
        `the lender profile (${profileName}) and the pricing rules (rules/pricing.json) disagree: ${conflicts.map((c) => `${c.in === "profile" ? profileName : "rules/pricing.json"}#${c.pointer} ${c.message}`).join("; ")}`,
      );
  }
  // The figures the disclosures state must be today's: a stale index or a table without the latest January is refused.
  if (config.production && pricing) {
    const profileName = relative(REPO_ROOT, lenderFile());
    const stale = staleFigures(readLenderProfile(), pricing, todayIso());
    if (stale.length)
      throw new Error(
        `the figures the disclosures state are out of date: ${stale.map((c) => `${c.in === "profile" ? profileName : "rules/pricing.json"}#${c.pointer} ${c.message}`).join("; ")}`,
      );
  }
  // The states the funnel serves are the states the lender is licensed in, and no others.
  if (config.production) {
    const profileName = relative(REPO_ROOT, lenderFile());
    const conflicts = licensingConflicts(
      readLenderProfile(),
      defs.params.licensing as Record<string, unknown> | undefined,
    );
    if (conflicts.length)
      throw new Error(
        `the lender profile (${profileName}) and the licensed states (rules/licensing.json) disagree: ${conflicts.map((c) => `${c.in === "profile" ? profileName : "rules/licensing.json"}#${c.pointer} ${c.message}`).join("; ")}`,
      );
  }
  if (problems.length)
    throw new Error(
      `${problems.length} problem(s) in the definitions:\n${problems.map(formatProblem).join("\n")}`,
    );
  const variants = [...defs.flows.values()].flatMap(({ def }) => def.variants.map((v) => v.id));
  if (config.funnelVariant !== undefined && !variants.includes(config.funnelVariant))
    throw new Error(
      `FUNNEL_VARIANT "${config.funnelVariant}" is not a variant of any flow (${[...new Set(variants)].join(", ")})`,
    );

  // Codes and invite links must reach people: production sends mail, unless told to keep an outbox.
  if (config.production && !config.smtpUrl && !config.mailOutbox)
    throw new Error(
      "SMTP_URL is not set: production mails sign-in codes and invite links through it (smtps://user:pass@host:465). To keep mail in the outbox folder instead (a staging site), set MAIL_OUTBOX=1",
    );
  // Before anything is created: outside development the key must come from APP_ENCRYPTION_KEY.
  const { key: masterKey, source: keySource } = loadKey(config.encryptionKey, dataDir, {
    required: !config.dev,
  });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const {
    db,
    dialect,
    close: closeDb,
  } = await openDb({
    url: config.databaseUrl,
    path: config.databasePath,
    // Several processes on one SQLite file wait for each other's write lock off the event loop.
    sharedWriters: (options.role?.of ?? 1) > 1,
  });
  const clustered = options.role && options.role.of > 1 ? options.role : undefined;
  const log = createLog({
    dev: config.dev,
    quiet: config.quiet,
    destination: options.logDestination,
    level: config.logLevel,
    // Which of the server's processes wrote a line, when there are several.
    ...(clustered ? { base: { process: clustered.index } } : {}),
  });
  const metrics = createMetrics({ process: options.processMetrics });
  // One of several processes: /metrics answers every process's series, summed by the primary.
  if (clustered) metrics.scrape = clusterScrape(metrics.registry) ?? metrics.scrape;
  observeTransactions(
    db,
    (seconds, outcome) => metrics.transactionDuration.observe({ outcome }, seconds),
    (reason) => metrics.transactionRetries.inc({ reason }),
  );
  const mailer = countedMailer(
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(dataDir, "outbox"),
      from: config.mailFrom,
    }),
    metrics,
  );
  const rawBotCheck = createBotCheck({
    RECAPTCHA_SECRET: config.recaptchaSecret,
    RECAPTCHA_SITE_KEY: config.recaptchaSiteKey,
    RECAPTCHA_MIN_SCORE: config.recaptchaMinScore,
    hmacSecret: deriveKey(masterKey, "bot-check").toString("hex"),
    spent: dbSpentTokens(db, options.now),
    altchaCost: options.botCheckCost,
  });
  const botCheck = countedBotCheck(rawBotCheck, metrics);
  const services = createServices({
    log,
    metrics,
    config,
    defs,
    db,
    masterKey,
    mailer,
    botCheck,
    ...(options.now ? { now: options.now } : {}),
    ...(options.pause ? { pause: options.pause } : {}),
    ...(options.budgetsFor ? { budgetsFor: options.budgetsFor } : {}),
    ...(options.limitsFor ? { limitsFor: options.limitsFor } : {}),
  });
  return { config, services, botCheck, mailer, dialect, keySource, closeDb };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { config, services, botCheck, mailer, dialect, keySource, closeDb } = await openServices(options);
  // Another process of the same server (HELOC_PROCESSES) did the start-up jobs and runs the sweeps.
  const leader = options.role?.leader ?? true;
  const notes = [
    `Database: ${dialect === "postgresql" ? `PostgreSQL at ${describeUrl(config.databaseUrl!)}` : `SQLite file ${config.databasePath}`}`,
    `Mail: ${mailer.kind === "smtp" ? `SMTP at ${mailer.location}` : `development outbox ${mailer.location} (set SMTP_URL to send)`}`,
    `Encryption key: ${keySource}`,
    `Bot check: ${botCheck.kind}`,
    `Files: ${services.storage.describe()}`,
  ];
  if (leader) {
    notes.push(...(await sealAtRest(services)));
    const released = await releaseUnprovenAddresses(services);
    if (released)
      notes.push(
        `Sign-in addresses never proven by a code: ${released} taken back (each stays a claim in its application)`,
      );
    if (options.demo) notes.push(...(await seedDemoData(services)));
    if (options.firstAdmin) notes.push(...(await ensureFirstAdmin(services)));
  }
  notes.push(
    `Texts: ${services.sms.kind === "twilio" ? services.sms.location : `development outbox ${services.sms.location} (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send)`}`,
  );
  if (mailer.kind === "outbox")
    notes.push(
      `Sign-in codes and portal invites are mailed to the outbox: open the newest .eml in ${mailer.location}`,
    );

  const app = createApp(services, botCheck);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  // The set this server starts with is the one published from now (unless it already is).
  if (leader)
    await recordPublished(services.db, {
      version: services.definitionsVersion,
      texts: services.defs.texts!,
      publishedBy: "start",
      at: services.now(),
    });
  notes.push(`Definitions: serving ${services.definitionsVersion}`);
  let last: Reload | null = null;
  const reload = (publishedBy = "reload") =>
    oneAtATime(services, async () => {
      try {
        last = await reloadDefinitions(services, config.definitions ?? {}, publishedBy);
      } catch (error) {
        last = {
          swapped: false,
          version: services.definitionsVersion,
          onDisk: null,
          problems: [{ file: "", pointer: "", message: `the reload failed: ${(error as Error).message}` }],
        };
      }
      const said = describeReload(last);
      if (said && !config.quiet) last.problems.length ? services.log.error(said) : services.log.info(said);
      return last;
    });
  // With several processes the leader watches, and the others reload when its reload is served.
  const watching = options.watchDefinitions && config.dev && leader;
  const unwatch = watching
    ? watchDefinitions(config.definitions ?? {}, () => void reload("file change"))
    : () => {};
  if (watching)
    notes.push(
      "Definitions: reloaded when steps/, rules/, schemas/, content/ or journeys/ change (a set that fails check, or would strand applicants, is refused)",
    );
  // The sweeps run in the leader only; another process's `runSweeps` still runs a round when asked.
  const sweeps = startSweeps(
    [{ name: "unconfirmed early declines", run: () => issueUnconfirmedDeclines(services) }],
    leader ? config.sweepEveryMs : 0,
    services.log,
  );
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" ? "localhost" : config.host;
  // Mailed links point at PUBLIC_URL; in development, at this server's own address, never at the
  // Host a request names (which anyone can set).
  if (config.dev && !config.publicUrl) config.publicUrl = `http://${host}:${port}`;
  return {
    url: `http://${host}:${port}`,
    services,
    notes,
    reloadDefinitions: reload,
    runSweeps: () => sweeps.runNow(),
    lastReload: () => last,
    close: async () => {
      // Readiness first (/readyz answers 503 from now on), then, after SHUTDOWN_DRAIN_MS of still
      // serving (a load balancer polling /readyz takes this server out meanwhile), the stop proper.
      services.lifecycle.stopping = true;
      if (config.shutdownDrainMs > 0)
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await stopServing();
    },
  };

  // A graceful stop (SIGTERM at a deploy): no new connections, idle ones closed as they go idle,
  // requests in flight answered (a save cut off mid-way used to find the database closed and
  // answer 500) for up to SHUTDOWN_GRACE_MS, then everything cut; the database closes last.
  function stopServing() {
    return new Promise<void>((resolve) => {
      unwatch();
      void sweeps.stop();
      void services.definitionsGate.close();
      const http = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
      const idle = setInterval(() => http.closeIdleConnections(), 50);
      const cut = setTimeout(() => http.closeAllConnections(), config.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
      server.close(() => {
        clearInterval(idle);
        clearTimeout(cut);
        // Work started after an answer (a save's signed PDF and mail, a sign-in code) finishes on
        // the open database, within the same grace.
        const grace = new Promise((done) =>
          setTimeout(done, config.shutdownGraceMs ?? SHUTDOWN_GRACE_MS).unref(),
        );
        void Promise.race([services.settled(), grace]).then(closeDb).then(resolve, resolve);
      });
      http.closeIdleConnections();
    });
  }
}
