// Installs the npm dependencies when they are missing or older than package-lock.json, so
// `npm start` and `npm test` work on a fresh clone as the first command.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync("package-lock.json").mtimeMs;
if (stale) {
  console.log("Installing dependencies (npm ci)...");
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}

// The stock NextAuth client tests/api/nextauth-client.test.ts signs in with: a test-only folder of
// its own (never the product's dependencies), installed with `npm test` like the rest.
const nextAuthClient = "tests/nextauth-client";
const clientMarker = `${nextAuthClient}/node_modules/.package-lock.json`;
if (
  process.argv.includes("--tests") &&
  (!existsSync(clientMarker) ||
    statSync(clientMarker).mtimeMs < statSync(`${nextAuthClient}/package-lock.json`).mtimeMs)
) {
  console.log(`Installing the test-only NextAuth client (${nextAuthClient})...`);
  execSync("npm ci --legacy-peer-deps --no-audit --no-fund", { cwd: nextAuthClient, stdio: "inherit" });
}
