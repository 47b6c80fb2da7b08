// A real server on a loopback port with its own temporary data folder, and "browsers" that talk
// to it over HTTP with @trpc/client: cookies kept per browser, the spec §7 headers sent, bot-check
// tokens really solved.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from "@trpc/client";
import { startServer, type StartOptions } from "@server/start";
import { outboxPhone } from "@server/platform/sms/sender";
import { appRouter, type AppRouter } from "@server/transport/trpc/router";
import { aloneProcedures } from "@server/transport/security/request-shape";
import { solveBotToken } from "@web/src/api/bot-token";
import { widenedBudgets } from "./budgets";

/**
 * The newest mail in a data folder's development outbox (to `email` when given; with `containing`,
 * the newest whose text matches it), its quoted-printable soft breaks and =XX escapes decoded, unless
 * `raw` (an attachment's base64 must be read undecoded).
 */
export function newestMail(
  dataDir: string,
  email?: string,
  { containing, raw = false }: { containing?: RegExp; raw?: boolean } = {},
): string {
  const outbox = join(dataDir, "outbox");
  const to = email && new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}\\r?$`, "mi");
  const decoded = (text: string) =>
    raw
      ? text
      : text
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse()
    .map((f) => decoded(readFileSync(join(outbox, f), "utf8")))
    .find((m) => (!to || to.test(m)) && (!containing || containing.test(m)));
  if (!mail) throw new Error(`no mail${email ? ` to ${email}` : ""} in the outbox`);
  return mail;
}

/** The 6-digit code of the newest text in a data folder's development SMS outbox (to `phone`, 10 digits, when given). */
export function newestTextCode(dataDir: string, phone?: string): string {
  const outbox = join(dataDir, "sms-outbox");
  const text = readdirSync(outbox)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .reverse()
    .map((f) => readFileSync(join(outbox, f), "utf8"))
    .find((t) => !phone || t.startsWith(`To: ${outboxPhone(phone)}\n`));
  const code = text && /(\d{6}) (?:is your verification code|es su código de verificación)/.exec(text)?.[1];
  if (!code) throw new Error(`no verification text${phone ? ` to ${phone}` : ""} in the SMS outbox`);
  return code;
}

/** The 6-digit sign-in code of the newest mail (to `email` when given). */
export const newestCode = (dataDir: string, email?: string) =>
  /code is (\d{6})/.exec(newestMail(dataDir, email))![1]!;

/**
 * The sign-in code mailed to `email`, waiting for it (codes are mailed after the server answers):
 * the newest one that is not `previous`.
 */
export async function mailedCode(dataDir: string, email: string, previous?: string): Promise<string> {
  for (let waited = 0; ; waited += 25) {
    try {
      const code = newestCode(dataDir, email);
      if (code !== previous) return code;
    } catch (error) {
      if (waited > 5000) throw error;
    }
    if (waited > 5000) throw new Error(`no new sign-in code to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * On a PostgreSQL run (DATABASE_URL=postgres://…, see scripts/with-postgres.mjs), a new empty
 * database of its own for one test server; on SQLite, undefined (the server makes its own file).
 */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base || !/^postgres(ql)?:\/\//.test(base)) return undefined;
  const name = `heloc_test_${randomUUID().replace(/-/g, "")}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Test configuration: the API tests' servers ask one PBKDF2 iteration per attempt of the bot check
 * instead of production's ALTCHA_DEFAULT_COST (500). Every mutation still carries a real token,
 * solved, signed, bound to its action and spent once; only the work per attempt is less (~95 ms
 * of CPU per token down to ~25 ms, over several hundred tokens a run). The production cost is what
 * tests/unit/botcheck.test.ts, the e2e servers and the spawned servers (start, scale-out,
 * crash-safety) run with.
 */
export const TEST_BOT_CHECK_COST = 1;

export async function testServer(options: StartOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "heloc-server-"));
  const databaseUrl = options.databaseUrl ?? (await freshDatabaseUrl());
  // A slowed sign-in (server/features/auth/attempts.ts) is recorded here rather than waited for.
  const pauses: number[] = [];
  const pause = async (ms: number) => void pauses.push(ms);
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    quiet: true,
    webDir: undefined,
    botCheckCost: TEST_BOT_CHECK_COST,
    pause,
    budgetsFor: widenedBudgets,
    mailOutbox: true, // mail to the outbox even on a production-mode test server
    awaitWorkAfterSave: true, // what a test reads after a save (mail, PDFs) is there when it answers
    sweepEveryMs: 0, // a test runs the sweeps itself (runSweeps), on its injected clock
    ...options,
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir,
  });
  return {
    ...server,
    dataDir,
    /** Each wait a slowed sign-in asked for, in milliseconds. */
    pauses,
    /** The 6-digit code of the newest mail in the development outbox. */
    lastCode: () => newestCode(dataDir),
    lastMail: (email?: string, options?: Parameters<typeof newestMail>[2]) =>
      newestMail(dataDir, email, options),
  };
}

export type TestServer = Awaited<ReturnType<typeof testServer>>;

/**
 * fetch over node:http from a given loopback address (127.0.0.2, …): the server sees another IP,
 * as it would another computer.
 */
function fetchFrom(localAddress: string): typeof fetch {
  return ((input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const req = httpRequest(
        url,
        {
          method: init.method ?? "GET",
          headers: Object.fromEntries(new Headers(init.headers)),
          localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const v of ([] as (string | undefined)[]).concat(value))
                if (v !== undefined) headers.append(name, v);
            const status = res.statusCode ?? 500;
            resolve(
              new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
                status,
                headers,
              }),
            );
          });
        },
      );
      req.on("error", reject);
      req.end(init.body === undefined || init.body === null ? undefined : String(init.body));
    })) as typeof fetch;
}

export function browser(
  base: string,
  { batch = true, from, userAgent }: { batch?: boolean; from?: string; userAgent?: string } = {},
) {
  const cookies = new Map<string, string>();
  const requests: { method: string; url: string }[] = [];
  const fetch = from ? fetchFrom(from) : globalThis.fetch;

  const fetchWithCookies = async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (userAgent) headers.set("user-agent", userAgent);
    if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    requests.push({ method: init.method ?? "GET", url });
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };

  const botToken = async () => {
    const config = (await (await fetch(`${base}/api/botcheck/config?action=api_update`)).json()) as {
      challenge: never;
    };
    return solveBotToken(config.challenge);
  };

  const linkOptions = {
    url: `${base}/api/trpc`,
    fetch: fetchWithCookies as typeof fetch,
    headers: async ({ opList }: { opList: readonly { type: string }[] }) => ({
      "X-Same-Origin": "1",
      ...(opList.some((op) => op.type === "mutation") ? { "X-Recaptcha-Token": await botToken() } : {}),
    }),
  };
  // As the web app does: queries batched, each mutation alone (a batch of one) with its own bot-check token.
  const link: TRPCLink<AppRouter> = batch
    ? splitLink({
        condition: (op) => op.type === "mutation" || aloneProcedures(appRouter).has(op.path),
        true: httpBatchLink({ ...linkOptions, maxItems: 1 }),
        false: httpBatchLink(linkOptions),
      })
    : httpLink({ ...linkOptions, headers: ({ op }) => linkOptions.headers({ opList: [op] }) });
  const trpc = createTRPCClient<AppRouter>({ links: [link] });

  /** NextAuth-style form POST to an auth endpoint, with a fresh CSRF token unless one is given. */
  const auth = async (
    kind: "Applicant" | "Portal",
    path: string,
    form: Record<string, string>,
    { csrf, bot = true }: { csrf?: string; bot?: boolean } = {},
  ) => {
    const csrfToken =
      csrf ??
      ((await (await fetchWithCookies(`${base}/api/auth${kind}/csrf`)).json()) as { csrfToken: string })
        .csrfToken;
    const res = await fetchWithCookies(`${base}/api/auth${kind}/${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "X-Same-Origin": "1",
        ...(bot ? { "X-Recaptcha-Token": await botToken() } : {}),
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/app", json: "true", ...form }),
    });
    const body = (await res.json()) as { url: string; error?: string; message?: string };
    // A stock NextAuth client reads the answer's url with `new URL`: it is absolute, on this
    // server. Tests compare its path and query.
    if (typeof body.url === "string") {
      const url = new URL(body.url);
      if (url.origin !== new URL(base).origin)
        throw new Error(`an auth answer's url is not on this server: ${body.url}`);
      body.url = `${url.pathname}${url.search}`;
    }
    return { status: res.status, body };
  };
  const session = async (kind: "Applicant" | "Portal" = "Applicant") =>
    (await (await fetchWithCookies(`${base}/api/auth${kind}/session`)).json()) as Record<string, any>;

  return { trpc, fetch: fetchWithCookies, cookies, requests, botToken, auth, session };
}

export type Browser = ReturnType<typeof browser>;
