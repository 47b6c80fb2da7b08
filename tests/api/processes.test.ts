// The server as several processes (HELOC_PROCESSES, server/platform/processes.ts): they share the
// port and the SQLite file (or PostgreSQL), the requests go to both, only one runs the sweeps,
// and applicants saving at the same moment in both processes are all saved: a process that
// finds the other writing waits its turn, and no save is answered 500.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, freshDatabaseUrl } from "../helpers/server";

let child: ChildProcess;
let url: string;
/** The log's lines so far (development's readable lines: each names the process that wrote it). */
const lines: string[] = [];
/** Which process wrote each line with `text` in it (the log's "process" field). */
const processesOf = (text: string) =>
  lines.filter((l) => l.includes(text)).map((l) => Number(/"process":(\d+)/.exec(l)?.[1] ?? 0));

beforeAll(async () => {
  const databaseUrl = await freshDatabaseUrl();
  child = spawn(process.execPath, ["--import", "tsx", "tests/hardening/server-process.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      HELOC_PROCESSES: "2",
      DATA_DIR: mkdtempSync(join(tmpdir(), "heloc-processes-")),
      APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      SWEEP_EVERY_MS: "100",
      LOG_LEVEL: "debug",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the server ended (exit ${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      lines.push(line);
      if (/^http:\/\/\S+$/.test(line)) resolve(line);
    });
  });
}, 90_000);

afterAll(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

describe("the server as two processes", () => {
  it("serves requests from both processes on the one port", async () => {
    for (let i = 0; i < 12; i++) expect((await fetch(`${url}/readyz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last lines written
    expect(new Set(processesOf("/readyz"))).toEqual(new Set([1, 2]));
  });

  it("runs the scheduled sweeps in one process only", async () => {
    await new Promise((resolve) => setTimeout(resolve, 500)); // several rounds at 100 ms
    const rounds = processesOf("sweep round");
    expect(rounds.length).toBeGreaterThan(2);
    expect(new Set(rounds)).toEqual(new Set([1]));
  });

  it("saves every applicant saving at the same moment in both processes, none answered 500", async () => {
    // Each from an address of their own, as people are (the per-address sign-up limits).
    const applicants = Array.from({ length: 16 }, (_, i) => browser(url, { from: `127.0.3.${i + 1}` }));
    const firstAnswers = (i: number) => ({ user: { firstName: `Ada ${i}`, lastName: "Two-Processes" } });
    const save = async (b: (typeof applicants)[number], answers: object, revision?: number) => {
      const token = await b.botToken();
      return async () => {
        const res = await b.fetch(`${url}/api/trpc/step.submit`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-same-origin": "1", "x-recaptcha-token": token },
          body: JSON.stringify({ stepId: "name", answers, ...(revision === undefined ? {} : { revision }) }),
        });
        return {
          status: res.status,
          body: (await res.json()) as { result?: { data: { revision: number } } },
        };
      };
    };
    let sends = await Promise.all(applicants.map((b, i) => save(b, firstAnswers(i))));
    for (let round = 0; ; round++) {
      const answers = await Promise.all(sends.map((send) => send()));
      expect(answers.map((a) => a.status)).toEqual(applicants.map(() => 200));
      if (round === 3) break;
      // All at once again, each correcting their name from the page their last save answered.
      sends = await Promise.all(
        applicants.map((b, i) =>
          save(
            b,
            { user: { firstName: `Ada ${i} ${round}`, lastName: "Two-Processes" } },
            answers[i]!.body.result!.data.revision,
          ),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Both processes took saves.
    expect(new Set(processesOf("step.submit"))).toEqual(new Set([1, 2]));
    // Each applicant reads back their own last save, from whichever process answers.
    const names = await Promise.all(
      applicants.map(async (b) => {
        const step = await b.trpc.step.get.query({ stepId: "name" });
        return (step.application as { user: { firstName: string } }).user.firstName;
      }),
    );
    expect(names).toEqual(applicants.map((_, i) => `Ada ${i} 2`));
  }, 90_000);
});
