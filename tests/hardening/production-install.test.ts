// A production install, as a deploy makes it (issue 34, item 2): the repository's files and the
// build (`npm run build`: dist/web and dist/server/main.js) in a temporary copy with only the
// runtime packages (`npm ci --omit=dev`), started with NODE_ENV=production, a key and a complete
// lender profile. It must answer /readyz and the home page: nothing the server runs may be a
// devDependency, and production must not reach for tsx, vite or esbuild.
//
// The copy's packages are the clone's own, pruned offline with `npm prune --omit=dev` (the same
// tree `npm ci --omit=dev` installs from the same lockfile, in seconds rather than minutes of
// downloads and native builds): hard links, so the clone's files are never written.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { todayIso } from "@engine/base/dates";
import { layoutDefinition } from "@engine/base/json-layout";
import { liveLender } from "../helpers/lender";

const copy = mkdtempSync(join(tmpdir(), "heloc-production-"));
let server: ChildProcess | undefined;
let base = "";
let output = "";

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: REPO_ROOT, stdio: "ignore" });
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(join(REPO_ROOT, file)));
  for (const file of tracked) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, file), join(copy, file));
  }
  cpSync(join(REPO_ROOT, "dist/web"), join(copy, "dist/web"), { recursive: true });
  cpSync(join(REPO_ROOT, "dist/server"), join(copy, "dist/server"), { recursive: true });
  execFileSync("cp", ["-al", join(REPO_ROOT, "node_modules"), join(copy, "node_modules")]);
  // npm rewrites this one file: a copy of its own, not a link to the clone's.
  rmSync(join(copy, "node_modules/.package-lock.json"));
  copyFileSync(
    join(REPO_ROOT, "node_modules/.package-lock.json"),
    join(copy, "node_modules/.package-lock.json"),
  );
  execFileSync("npm", ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund"], {
    cwd: copy,
    stdio: "ignore",
  });
  expect(existsSync(join(copy, "node_modules/tsx"))).toBe(false);
  expect(existsSync(join(copy, "node_modules/vite"))).toBe(false);

  const lender = join(copy, "lender.json");
  writeFileSync(lender, JSON.stringify(liveLender));
  // A live lender reads the index before going live: the copy's pricing rules say it was read today.
  const pricingFile = join(copy, "rules/pricing.json");
  const pricing = JSON.parse(readFileSync(pricingFile, "utf8"));
  pricing.params.indexRateAsOf = todayIso();
  writeFileSync(pricingFile, layoutDefinition(pricing));
  const dataDir = mkdtempSync(join(tmpdir(), "heloc-production-data-"));
  server = spawn("npm", ["start"], {
    cwd: copy,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      LENDER_PROFILE: lender,
      PUBLIC_URL: "https://apply.example.com",
      PORT: "0",
      DATA_DIR: dataDir,
      MAIL_OUTBOX: "1", // a staging site keeps mail in the outbox folder (production refuses to start without SMTP_URL)
    },
    detached: true, // npm start's node is the group's: a stop reaches it
  });
  base = await new Promise<string>((resolve, reject) => {
    server!.stdout!.on("data", (chunk) => {
      output += chunk;
      const m = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (m) resolve(m[1]!);
    });
    server!.stderr!.on("data", (chunk) => (output += chunk));
    server!.on("exit", (code) => reject(new Error(`the production server exited with ${code}: ${output}`)));
  });
}, 180_000);

afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(copy, { recursive: true, force: true });
});

describe("a production install (npm ci --omit=dev, NODE_ENV=production, npm start)", () => {
  it("starts the built server with node and is ready", async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
    expect(output).not.toMatch(/Demo applicant/); // no demo data in production
  });

  it("serves the home page and the API", async () => {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect(home.headers.get("strict-transport-security")).toMatch(/max-age=/);
    const api = await fetch(`${base}/api/trpc/definitions.bundle`, { headers: { "X-Same-Origin": "1" } });
    expect(api.status).toBe(200);
  });

  it("logs one JSON line per request, with its id", async () => {
    const res = await fetch(`${base}/definitions.json`);
    const id = res.headers.get("x-request-id")!;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = output.split("\n").find((l) => l.includes(id));
    expect(JSON.parse(line!)).toMatchObject({
      level: "info",
      reqId: id,
      status: 200,
      route: expect.any(String),
    });
  });
});
