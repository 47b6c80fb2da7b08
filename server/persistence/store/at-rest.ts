// On start, everything stored before it was sealed is sealed now (docs/security.md, "Data at
// rest"): the personal identifiers the schemas mark in every application document, the addresses
// of live sign-in codes, and every uploaded file and signed PDF. Each step is idempotent (sealed
// data is left alone), so a restart costs a read of what is there. Then SQLite's write-ahead log is
// folded into the database and emptied, so the clear text it held is gone from the disk too.
import { compactDatabase } from "@server/persistence/db/client";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";

export async function sealAtRest(services: Services): Promise<string[]> {
  const documents = await applicationStore(services).sealStored(services.db);
  const codes = await services.codes.sealStoredAddresses();
  const files = (await services.storage.sealStored?.()) ?? 0;
  if (documents + codes + files === 0) return [];
  await compactDatabase(services.db);
  return [
    `Sealed at rest on start: ${documents} application(s), ${codes} sign-in code address(es), ${files} file(s)`,
  ];
}
