// `npm start` serves the built web app with the built server: builds the web app when dist/web is
// missing or older than its sources, and the server (dist/server, scripts/build-server.mjs) when it
// is older than its own, so a fresh clone and an edited checkout both come up current without a
// slow build on every start. The public pages carry the lender profile's facts (filled at build
// time), so a change to the profile, or to which file LENDER_PROFILE names, rebuilds them too.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const built = "dist/web/index.html";
const stamp = "dist/web-lender-profile.txt"; // written by the build (web/build/markdown-plugin.ts)
const lender = process.env.LENDER_PROFILE
  ? resolve(process.env.LENDER_PROFILE)
  : resolve("content/lender.json");
const sources = Math.max(...["web", "engine", "content", "package-lock.json", lender].map(newest));
const builtFor = existsSync(stamp) ? readFileSync(stamp, "utf8") : null;
const server = ["server", "engine", "package-lock.json", "tsconfig.json", "scripts/build-server.mjs"];

if (builtAt(built) < sources || builtFor !== lender) {
  console.log("Building the web app (vite) and the server (esbuild)...");
  // For production whoever asks: a test runner's NODE_ENV=test would make Vite bundle React's
  // development build (138 kB gzipped instead of 79 kB on the home page).
  execSync("npm run -s build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
} else if (builtAt("dist/server/main.js") < Math.max(...server.map(newest))) {
  console.log("Building the server (esbuild)...");
  execSync("node scripts/build-server.mjs", { stdio: "inherit" });
}
