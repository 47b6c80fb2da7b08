// npm run definitions:rollback [-- --to <version>]: serves an earlier published version of the
// definitions again, in one command. Its files (kept in the database when it was published) are
// checked as npm run check checks and judged against the applications in flight as the live gate
// judges; only if they pass are they written over the definition folders. A development server
// (npm start) then reloads them by itself; production servers when told (kill -HUP on each). The
// set is recorded as published by this command. Without --to: the version served before the
// latest. --steps, --rules, --schemas, --content, --journeys: the folders to write (a copy).
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { userInfo } from "node:os";
import { writeFileSync } from "node:fs";
import { checkLendingSet as checkSet } from "@engine/lending/set-check";
import { formatProblem } from "@engine/lint/lint";
import { withPositions } from "@engine/definitions/load";
import { readConfig } from "@server/config";
import { openDb } from "@server/persistence/db/client";
import { definitionsImpact } from "@server/features/definitions/impact";
import { loadKey } from "@server/platform/crypto/encryption";
import { judgingServices, publishedSet } from "./judge";
import { PUBLISHER_NOTE, stagedCopy, writeSet } from "./live";
import { publishedSets, publishedTexts } from "./published";
import { SET_OPTIONS, setDirs } from "./set-args";

const { values } = parseArgs({
  options: {
    to: { type: "string" },
    ...SET_OPTIONS,
  },
});
const dirs = setDirs(values);

const config = readConfig();
const { db, close } = await openDb({ url: config.databaseUrl, path: config.databasePath });
const fail = async (message: string) => {
  console.error(`definitions:rollback: ${message}`);
  await close();
  process.exit(1);
};
const sets = await publishedSets(db, 200);
const latest = sets[0];
const target = values.to ?? sets.find((s) => s.version !== latest?.version)?.version;
if (!target) await fail("no earlier version was published on this database");
const texts = await publishedTexts(db, target!);
if (!texts) await fail(`no set of version ${target} was published on this database`);

const staged = stagedCopy(texts!);
try {
  const { defs, problems } = checkSet(staged);
  if (problems.length)
    await fail(`version ${target} no longer passes check:\n${problems.map(formatProblem).join("\n")}`);
  const { key } = loadKey(config.encryptionKey, config.dataDir, { required: !config.dev });
  const running = await publishedSet(db);
  const impact = await definitionsImpact(
    judgingServices(db, key, running ?? defs, () => new Date()),
    defs,
    running ? { running } : {},
  );
  if (impact.refusals.length)
    await fail(
      `the live gate would refuse version ${target}:\n${withPositions(
        impact.refusals,
        defs.texts as Map<string, string>,
      )
        .map(formatProblem)
        .join("\n")}`,
    );
  writeSet(dirs, texts!);
  const by = `npm run definitions:rollback by ${userInfo().username}`;
  writeFileSync(join(config.dataDir, PUBLISHER_NOTE), JSON.stringify({ version: target, publishedBy: by }));
  console.log(
    `Version ${target} written to the definition folders (${impact.checked} application(s) in flight judged, ${impact.sentBack} to be sent back). A development server reloads it by itself; send SIGHUP to each production server.`,
  );
} finally {
  rmSync(dirname(staged.steps!), { recursive: true, force: true });
}
await close();
process.exit(0);
