// Crash safety: the server is SIGKILLed in the middle of a burst of step submissions. After a
// restart on the same data folder, every submission it acknowledged must be there, whole, and
// the database must pass SQLite's integrity and foreign-key checks.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { solveBotToken } from "@web/src/api/bot-token";

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Starts tests/hardening/server-process.ts on `dataDir`; resolves with its URL once it listens. */
function startChild(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "tests/hardening/server-process.ts")],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line?.startsWith("http")) resolve({ url: line.trim(), child });
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("exit", (code, signal) =>
      reject(new Error(`the server process ended (${code ?? signal}) before listening:\n${err}`)),
    );
  });
}

async function botTokens(url: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const config = (await (await fetch(`${url}/api/botcheck/config?action=api_update`)).json()) as {
        challenge: never;
      };
      return solveBotToken(config.challenge);
    }),
  );
}

interface Acknowledged {
  firstName: string;
  cookie: string;
}

/** One visitor's first answer: it starts a guest account, an application and a session, in one transaction. */
async function submitName(url: string, token: string, firstName: string): Promise<Acknowledged | null> {
  try {
    const res = await fetch(`${url}/api/trpc/step.submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-same-origin": "1", "x-recaptcha-token": token },
      body: JSON.stringify({ stepId: "name", answers: { user: { firstName, lastName: "Crash" } } }),
    });
    if (res.status !== 200) throw new Error(`step.submit answered ${res.status}: ${await res.text()}`);
    await res.json();
    const cookie = res.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    return { firstName, cookie };
  } catch (error) {
    // Cut off by the kill: not acknowledged, so it may or may not have been saved.
    if (error instanceof TypeError) return null;
    throw error;
  }
}

describe("crash safety", () => {
  it("keeps every acknowledged step submission, and a sound database, when the server is killed mid-burst", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "heloc-crash-"));
    const first = await startChild(dataDir);
    const BURST = 48;
    const KILL_AFTER = 16;
    const tokens = await botTokens(first.url, BURST);

    // Eight visitors at a time; the moment the 16th answer is acknowledged, SIGKILL.
    const acknowledged: Acknowledged[] = [];
    let cut = 0;
    let next = 0;
    const killed = new Promise<void>((resolve) => first.child.on("exit", () => resolve()));
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < BURST) {
          const i = next++;
          const ack = await submitName(first.url, tokens[i]!, `Visitor${i}`);
          if (!ack) {
            cut++;
            continue;
          }
          acknowledged.push(ack);
          if (acknowledged.length === KILL_AFTER) first.child.kill("SIGKILL");
        }
      }),
    );
    await killed;
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(cut).toBeGreaterThan(0); // the kill really landed mid-burst

    // Restarted on the same folder: each acknowledged visitor's session and answer are there.
    const second = await startChild(dataDir);
    for (const { firstName, cookie } of acknowledged) {
      const res = await fetch(
        `${second.url}/api/trpc/step.get?input=${encodeURIComponent(JSON.stringify({ stepId: "name" }))}`,
        { headers: { cookie, "x-same-origin": "1" } },
      );
      expect(res.status, firstName).toBe(200);
      const { result } = (await res.json()) as {
        result: { data: { application: { user?: { firstName?: string } }; applicationStatus: string } };
      };
      expect(result.data.application.user?.firstName, firstName).toBe(firstName);
      expect(result.data.applicationStatus, firstName).toBe("email");
    }
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.on("exit", resolve));

    const db = new Database(join(dataDir, "heloc.sqlite"), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);
      // Whatever was saved was saved whole: every application has its owner, its session and a readable document.
      const rows = db
        .prepare(
          "select a.document, (select count(*) from applicant_sessions s where s.user_id = a.owner_id) as sessions from applications a",
        )
        .all() as { document: string; sessions: number }[];
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const row of rows) {
        expect(JSON.parse(row.document)).toMatchObject({ user: { lastName: "Crash" } });
        expect(row.sessions).toBe(1);
      }
    } finally {
      db.close();
    }
  }, 120_000);
});
