// What the disclosure tests of both funnels read: the texts given before the first credit question,
// their sources and fingerprints as a signature or a record computes them, and the application's
// record of them.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import type { GivenDisclosure, OpenedDisclosure } from "@server/features/esign/give-disclosures";
import { applicationStore } from "@server/persistence/store/applications";
import type { Browser, TestServer } from "./server";

/** The important terms and the CFPB booklet, as the disclosures steps give them. */
export const GIVEN = ["heloc-important-terms", "heloc-booklet"];

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A source with its {{tokens}} filled, a missing value as the text says it. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(
    /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g,
    (_, name: string) => values[name] ?? "[not available yet]",
  );

export const source = (id: string) =>
  readFileSync(join(REPO_ROOT, "content/disclosures", `${id}.md`), "utf8");

/** The reader's application as stored. */
export async function applicationOf(server: TestServer, b: Browser) {
  const { id } = await b.trpc.application.get.query();
  return (await applicationStore(server.services).byId(server.services.db, id))!;
}

/** What the application records of the texts given and opened. */
export const disclosuresOf = async (server: TestServer, b: Browser) =>
  ((await applicationOf(server, b)).doc.disclosuresGiven ?? {}) as {
    records?: GivenDisclosure[];
    opened?: OpenedDisclosure[];
  };

/** A call's refusal (its message and data), or null when it succeeded. */
export const errorOf = (p: Promise<unknown>) =>
  p.then(() => null).catch((e: { message: string; data: unknown }) => e);
