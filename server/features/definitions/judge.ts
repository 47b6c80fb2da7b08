// What judging a set against the stored applications needs, outside a running server (the
// definitions worker, npm run check, npm run definitions:impact): the database, the key that opens
// sealed identifiers, the clock, and a set's facts (persistence/store/impact.ts reads no more).
import { buildDefinitions, type DefinitionFiles, type Definitions } from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import type { Db } from "@server/persistence/db/client";
import { createCipher } from "@server/platform/crypto/encryption";
import { deriveKey } from "@server/platform/crypto/keys";
import { definitionFacts, type Services } from "@server/services";
import { latestPublished, publishedTexts } from "./published";

/** Just enough of the services for the impact report: the store's reader and the journeys. */
export function judgingServices(db: Db, masterKey: Uint8Array, defs: Definitions, now: () => Date): Services {
  return {
    db,
    now,
    cipher: createCipher(deriveKey(Buffer.from(masterKey), "fields")),
    ...definitionFacts(defs),
  } as unknown as Services;
}

/** A set rebuilt from its texts (trusted: it was checked when it was published); `files` when known (already merged). */
export function setFromTexts(texts: ReadonlyMap<string, string>, files?: DefinitionFiles): Definitions {
  const parsed: DefinitionFiles = { schemas: {}, steps: {}, rules: {} };
  if (!files)
    for (const [name, text] of texts) {
      const [folder, ...rest] = name.split("/");
      if (folder === "schemas" || folder === "steps" || folder === "rules")
        parsed[folder][rest.join("/")] = JSON.parse(text);
    }
  const { defs } = buildDefinitions(files ?? parsed, { trusted: true, compiler: createAjv });
  defs.texts = new Map(texts);
  return defs;
}

/** The set last published on this database (what the servers serve), or null before any. */
export async function publishedSet(db: Db): Promise<Definitions | null> {
  const latest = await latestPublished(db);
  const texts = latest && (await publishedTexts(db, latest.version));
  return texts ? setFromTexts(texts) : null;
}
