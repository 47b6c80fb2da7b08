// Every definitions set a server published, kept in the database (shared by every server on it):
// its version, when, who or what published it, and its files, each text stored once by its SHA-256.
// Any earlier version can be written back to the definition folders and served again (rollback).
import { createHash, randomUUID } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { definitionSets, definitionTexts } from "@server/persistence/db/schema";

export interface PublishedSet {
  id: string;
  version: string;
  publishedAt: Date;
  publishedBy: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The latest set published, or null before the first. */
export async function latestPublished(db: Db): Promise<PublishedSet | null> {
  const [row] = await db
    .select({
      id: definitionSets.id,
      version: definitionSets.version,
      publishedAt: definitionSets.publishedAt,
      publishedBy: definitionSets.publishedBy,
    })
    .from(definitionSets)
    .orderBy(desc(definitionSets.publishedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records that `version` (its files' texts) is served from now, by `publishedBy`. A server that
 * starts on the set already last published (a restart, another server of the same deploy) adds
 * nothing.
 */
export async function recordPublished(
  db: Db,
  set: { version: string; texts: ReadonlyMap<string, string>; publishedBy: string; at: Date },
): Promise<boolean> {
  const latest = await latestPublished(db);
  if (latest?.version === set.version && set.publishedBy === "start") return false;
  const manifest: Record<string, string> = {};
  const rows: { sha256: string; text: string }[] = [];
  for (const [name, text] of [...set.texts].sort(([a], [b]) => a.localeCompare(b))) {
    const hash = sha256(text);
    manifest[name] = hash;
    rows.push({ sha256: hash, text });
  }
  const known = new Set(
    (
      await db
        .select({ sha256: definitionTexts.sha256 })
        .from(definitionTexts)
        .where(
          inArray(
            definitionTexts.sha256,
            rows.map((r) => r.sha256),
          ),
        )
    ).map((r) => r.sha256),
  );
  const fresh = rows.filter(
    (r, i) => !known.has(r.sha256) && rows.findIndex((o) => o.sha256 === r.sha256) === i,
  );
  // A few at a time: SQLite takes at most 999 parameters in one statement.
  for (let i = 0; i < fresh.length; i += 200)
    await db
      .insert(definitionTexts)
      .values(fresh.slice(i, i + 200))
      .onConflictDoNothing();
  await db.insert(definitionSets).values({
    id: randomUUID(),
    version: set.version,
    publishedAt: set.at,
    publishedBy: set.publishedBy,
    manifest: JSON.stringify(manifest),
  });
  return true;
}

/** The sets published, newest first. */
export async function publishedSets(db: Db, limit = 50): Promise<PublishedSet[]> {
  return db
    .select({
      id: definitionSets.id,
      version: definitionSets.version,
      publishedAt: definitionSets.publishedAt,
      publishedBy: definitionSets.publishedBy,
    })
    .from(definitionSets)
    .orderBy(desc(definitionSets.publishedAt))
    .limit(limit);
}

/** The files of a published version, by name (`steps/zip.json`), or null when no set of that version was published. */
export async function publishedTexts(db: Db, version: string): Promise<Map<string, string> | null> {
  const [set] = await db
    .select({ manifest: definitionSets.manifest })
    .from(definitionSets)
    .where(eq(definitionSets.version, version))
    .orderBy(desc(definitionSets.publishedAt))
    .limit(1);
  if (!set) return null;
  const manifest = JSON.parse(set.manifest) as Record<string, string>;
  const hashes = [...new Set(Object.values(manifest))];
  const found = new Map<string, string>();
  for (let i = 0; i < hashes.length; i += 200)
    for (const row of await db
      .select()
      .from(definitionTexts)
      .where(inArray(definitionTexts.sha256, hashes.slice(i, i + 200))))
      found.set(row.sha256, row.text);
  const texts = new Map<string, string>();
  for (const [name, hash] of Object.entries(manifest)) {
    const text = found.get(hash);
    if (text === undefined)
      throw new Error(`the text of ${name} in version ${version} is missing from the database`);
    texts.set(name, text);
  }
  return texts;
}
