// Runs npm scripts side by side, as many at a time as the machine has cores: `npm test` runs its
// static checks this way (check, lint, typecheck and build are each single-threaded, so two run
// in the time of one on a 2-core machine). Each script's output is printed whole when it ends,
// with its time; the exit code is non-zero when any failed.
// Usage: node scripts/parallel.mjs <npm script>…
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const scripts = process.argv.slice(2);
const slots = Math.max(1, Math.min(availableParallelism(), scripts.length));
let next = 0;
let failed = 0;

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "-s", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const text = Buffer.concat(output).toString();
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `${text}${text && !text.endsWith("\n") ? "\n" : ""}[${script}] ${code === 0 ? "done" : `FAILED (exit ${code})`} in ${seconds} s\n`,
      );
      if (code !== 0) failed++;
      resolve();
    });
  });
}

async function worker() {
  while (next < scripts.length) await run(scripts[next++]);
}

await Promise.all(Array.from({ length: slots }, worker));
process.exit(failed ? 1 : 0);
