// `npm start`. In development: installs the packages when missing or stale, builds the web app and
// the server when older than their sources, then runs the built server (demo data, the URL).
// In production (NODE_ENV=production): runs what the deploy built (`npm run build`, then
// `npm ci --omit=dev`): no install and no build here, as a production install has no build tools.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const production = process.env.NODE_ENV === "production";
if (!production) {
  execSync("node scripts/ensure-deps.mjs", { stdio: "inherit" });
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
}
const missing = ["dist/server/main.js", "dist/web/index.html"].filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`Not starting: ${missing.join(" and ")} missing: run npm run build before npm ci --omit=dev`);
  process.exit(1);
}
// Stack traces name the TypeScript lines (the build writes source maps beside the bundle).
process.setSourceMapsEnabled(true);
await import("../dist/server/main.js");
