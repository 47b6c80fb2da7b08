// The version of the definition files on disk now (the dev preview's and the "Definition changes"
// page's), hashed as a set's version is. Asked on every poll and by bursts of calls, so each call
// costs a stat per file: a file's text is read again only when its size or times changed, or
// while it changed in the last two seconds (as git treats a "racily clean" file: it may change
// again within its timestamp's tick). Calls within one turn of the event loop (a burst of
// requests read in one poll) share one answer. An edit shows on the very next call; a cache by
// time answered the old version for a second after an edit, and the preview judged old files.
import { readFileSync, statSync } from "node:fs";
import { setFiles, versionOfTexts, type DefinitionDirs } from "@engine/definitions/load";

const RACY_MS = 2000;

interface Seen {
  files: Map<string, { stamp: string; text: string }>;
  version: string;
}
const seen = new Map<string, Seen>();
const thisTurn = new Map<string, string>();

export function diskVersion(dirs: DefinitionDirs): string {
  const key = JSON.stringify(dirs);
  const answered = thisTurn.get(key);
  if (answered) return answered;
  if (!thisTurn.size) setImmediate(() => thisTurn.clear());
  const version = readVersion(key, dirs);
  thisTurn.set(key, version);
  return version;
}

function readVersion(key: string, dirs: DefinitionDirs): string {
  const before = seen.get(key);
  const now = Date.now();
  const files: Seen["files"] = new Map();
  let changed = !before;
  for (const { path, file } of setFiles(dirs)) {
    let stamp: string;
    let racy: boolean;
    let text: string;
    try {
      const stat = statSync(path);
      stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
      racy = now - Math.max(stat.mtimeMs, stat.ctimeMs) < RACY_MS;
      const old = before?.files.get(file);
      if (old && old.stamp === stamp && !racy) {
        files.set(file, old);
        continue;
      }
      text = readFileSync(path, "utf8");
      if (old?.text !== text) changed = true;
    } catch {
      continue; // removed between the listing and the read: the next call sees it gone
    }
    files.set(file, { stamp, text });
  }
  if (before && before.files.size !== files.size) changed = true;
  if (!changed) {
    before!.files = files;
    return before!.version;
  }
  const version = versionOfTexts(new Map([...files].map(([file, { text }]) => [file, text])));
  seen.set(key, { files, version });
  return version;
}
