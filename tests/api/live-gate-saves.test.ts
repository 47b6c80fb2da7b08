// Issue 39 item 4: the live gate never misses a save. An editor's safe save writes a temporary
// file and renames it over the old one; a watch held on the old file never hears of the file again
// (the server used to serve an old set, a bad one included, until a restart). Every way of saving
// is picked up, every time, in every folder of the set, content/ included.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDefinitions } from "../helpers/definitions";
import { testServer, type TestServer } from "../helpers/server";

const copy = copyDefinitions({ content: true });
let server: TestServer;

/** Waits (up to 90 s: a reload checks the whole set, slow on a busy machine) until the server serves a version other than `before`. */
async function servedAfter(before: string): Promise<string> {
  for (let waited = 0; waited < 90_000; waited += 100) {
    if (server.services.definitionsVersion !== before) return server.services.definitionsVersion;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still serving ${before}: the save was missed`);
}

/** Saves as an editor's safe save does: the whole text to a temporary file beside it, renamed over it. */
function safeSave(file: string, text: string) {
  const temporary = join(file, `../.${Date.now()}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

beforeAll(async () => {
  server = await testServer({ definitions: copy.dirs, watchDefinitions: true });
});
afterAll(() => server?.close());

describe("a development server watching its definition files", { timeout: 300_000 }, () => {
  it("picks up a write-and-rename save of the same file three times", async () => {
    const file = join(copy.steps, "initial-setup/email.json");
    for (const title of ["Where should we send your offer?", "Which email is yours?", "Your email address"]) {
      const before = server.services.definitionsVersion;
      // The file as it is (in the canonical layout), with one title changed.
      const laidOut = readFileSync(file, "utf8").replace(
        /"title": "[^"]*"/,
        `"title": ${JSON.stringify(title)}`,
      );
      safeSave(file, laidOut);
      await servedAfter(before);
      expect(server.services.defs.steps.get("email")!.def.title).toBe(title);
    }
  });

  it("picks up a file deleted and made again", async () => {
    const file = join(copy.steps, "initial-setup/zip.json");
    const before = server.services.definitionsVersion;
    const laidOut = readFileSync(file, "utf8").replace(/"title": "[^"]*"/, '"title": "Where is the home?"');
    rmSync(file);
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(file, laidOut);
    await servedAfter(before);
    expect(server.services.defs.steps.get("zip")!.def.title).toBe("Where is the home?");
  });

  it("picks up a save in content/, and serves the new text", async () => {
    const file = join(copy.dirs.content!, "mail/offer.md");
    const before = server.services.definitionsVersion;
    safeSave(
      file,
      readFileSync(file, "utf8").replace(
        "Here is the estimate you asked us",
        "Here is the estimate you asked us, as promised,",
      ),
    );
    await servedAfter(before);
    expect(server.services.defs.texts!.get("content/mail/offer.md")).toContain("as promised,");
  });

  it("refuses a bad save made safely, then picks up its fix", async () => {
    const file = join(copy.steps, "initial-setup/email.json");
    const good = readFileSync(file, "utf8");
    const serving = server.services.definitionsVersion;
    safeSave(file, good.replace('"rank": 0', '"rank": "first"'));
    for (let waited = 0; !server.lastReload()?.problems.length; waited += 100) {
      if (waited > 90_000) throw new Error("the bad save was not judged");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.services.definitionsVersion).toBe(serving);
    safeSave(file, good.replace(/"title": "[^"]*"/, '"title": "Your email, please"'));
    await servedAfter(serving);
    expect(server.services.defs.steps.get("email")!.def.title).toBe("Your email, please");
  });
});
