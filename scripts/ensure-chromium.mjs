// The e2e tests drive Debian's Chromium (no browser download works here). Installs it with
// apt-get when it is missing and we may; otherwise says in one line how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  const apt = existsSync("/usr/bin/apt-get");
  if (!root || !apt) {
    console.error(
      `The e2e tests need Chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the e2e tests (apt-get)...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}
