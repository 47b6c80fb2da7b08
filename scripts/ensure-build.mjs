// `npm start` serves the built web app: builds it when dist/web is missing or older than its
// sources, so a fresh clone and an edited checkout both come up current without a slow build
// on every start.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const built = "dist/web/index.html";
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};
const sources = Math.max(...["web", "engine", "package-lock.json"].map(newest));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log("Building the web app (vite)...");
  execSync("npm run -s build", { stdio: "inherit" });
}
