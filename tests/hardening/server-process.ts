// The real server in a process of its own, for tests that kill it or measure it: `node --import
// tsx tests/hardening/server-process.ts` with DATA_DIR set (and PORT, default any free one).
// Prints its URL as the first line on stdout once it listens. DEFINITIONS_DIR: a copy of the
// definitions (its steps/, rules/, journeys/); DEMO=1 adds the demo applications; SIGHUP reloads
// the definitions, as server/main.ts does; with LOOP_DELAY=1, SIGUSR2 prints "loop <ms>": the
// longest the event loop waited since the last report. HELOC_PROCESSES=N: N processes sharing the
// port, as server/main.ts runs them (the URL printed once all serve); LOG_LEVEL: the log on stdout.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startServer } from "@server/start";
import { readConfig } from "@server/config";
import { serveInProcesses } from "@server/platform/processes";
import { widenedBudgets } from "../helpers/budgets";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must name the data folder");
const copy = process.env.DEFINITIONS_DIR;
const { processes } = readConfig();
if (processes > 1) {
  await serveInProcesses(
    processes,
    (role) => startServer({ ...options(), role }),
    (url) => void process.stdout.write(`${url}\n`),
    fileURLToPath(import.meta.url),
  );
} else await alone();

function options(): Parameters<typeof startServer>[0] {
  return {
    port: Number(process.env.PORT ?? 0),
    host: "127.0.0.1",
    dataDir,
    quiet: !process.env.LOG_LEVEL,
    webDir: undefined,
    budgetsFor: widenedBudgets, // a burst of 48 new applicants from one address
    demo: process.env.DEMO === "1",
    ...(copy
      ? {
          definitions: {
            steps: join(copy, "steps"),
            rules: join(copy, "rules"),
            journeys: join(copy, "journeys"),
          },
        }
      : {}),
  };
}

async function alone() {
  const server = await startServer(options());
  process.on("SIGHUP", () => void server.reloadDefinitions("SIGHUP"));
  if (process.env.LOOP_DELAY === "1") {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    // The CPU time this (the main) thread spent between two timer ticks 5 ms apart: the longest the
    // server's own work held its event loop, whatever other processes make it wait for a core.
    // Linux's per-thread counters, in clock ticks (10 ms).
    const statFile = `/proc/self/task/${process.pid}/stat`;
    const cpuMs = () => {
      const fields = readFileSync(statFile, "utf8").split(") ")[1]!.split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    };
    let last = existsSync(statFile) ? cpuMs() : 0;
    let held = 0;
    if (existsSync(statFile))
      setInterval(() => {
        const now = cpuMs();
        held = Math.max(held, now - last);
        last = now;
      }, 5).unref();
    process.on("SIGUSR2", () => {
      process.stdout.write(`loop ${(loop.max / 1e6).toFixed(1)} cpu ${held.toFixed(0)}\n`);
      loop.reset();
      held = 0;
    });
  }
  process.stdout.write(`${server.url}\n`);
}
