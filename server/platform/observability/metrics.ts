// What operators watch, as Prometheus series (prom-client), one registry per server so tests can
// run many servers in one process. Labels take only names the server itself defines (procedures,
// routes, steps, reasons, kinds), never anything a request carries, so no label holds personal
// data and the number of series stays bounded. Served at /metrics behind METRICS_TOKEN
// (server/transport/http/ops.ts); docs/deploy.md has a sample scrape.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Seconds: from a cached read (1 ms) to a slow save under load (10 s). */
const LATENCY = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ process = false }: { process?: boolean } = {}) {
  const registry = new Registry();
  // The process's own figures (CPU, memory, event-loop delay, GC): one set per process, so only
  // the server a process runs for (server/main.ts) collects them.
  if (process) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    /** /metrics's text: this registry's, or, in one of several processes, every process's summed (server/start.ts). */
    scrape: (): Promise<string> => registry.metrics(),
    requestDuration: new Histogram({
      name: "heloc_request_duration_seconds",
      help: "Time to answer a request, by tRPC procedure (a batch counts for each of its procedures) or HTTP route, and status class",
      labelNames: ["procedure", "status"] as const,
      buckets: LATENCY,
      registers,
    }),
    stepSaves: new Counter({
      name: "heloc_step_saves_total",
      help: "Steps saved (step.submit committed), by step",
      labelNames: ["step"] as const,
      registers,
    }),
    transactionDuration: new Histogram({
      name: "heloc_db_transaction_seconds",
      help: "Time a database transaction takes as its caller waits for it (SQLite: including its turn and the group's commit), by outcome",
      labelNames: ["outcome"] as const,
      buckets: LATENCY,
      registers,
    }),
    transactionRetries: new Counter({
      name: "heloc_db_transaction_retries_total",
      help: "Transactions run again after PostgreSQL aborted them (serialization failure, deadlock), by reason",
      labelNames: ["reason"] as const,
      registers,
    }),
    mail: new Counter({
      name: "heloc_mail_total",
      help: "Mail handed to the mailer, by result (sent, failed)",
      labelNames: ["result"] as const,
      registers,
    }),
    mailQueued: new Gauge({
      name: "heloc_mail_queued",
      help: "Mail being sent now: handed to the mailer and neither sent nor failed yet",
      registers,
    }),
    signInFailures: new Counter({
      name: "heloc_sign_in_failures_total",
      help: "Sign-ins refused for a wrong password or code, by who signs in (applicant, portal) and what was wrong",
      labelNames: ["kind", "factor"] as const,
      registers,
    }),
    botCheckRefusals: new Counter({
      name: "heloc_bot_check_refusals_total",
      help: "Requests refused by the bot check, by reason (missing, forged, expired, replayed, …)",
      labelNames: ["reason"] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
