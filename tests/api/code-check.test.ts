// A texted or mailed code's check (server/features/auth/codes.ts): the code's row is read and
// spent in one transaction, which joins the server's grouped commit, and what a right code grants
// (the phone held, the address proven) is written in that same transaction. Runs on both
// databases (`npm run test:postgres` for PostgreSQL).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDb, type OpenDb } from "@server/persistence/db/client";
import { createCodes } from "@server/features/auth/codes";
import { freshDatabaseUrl } from "../helpers/server";

let opened: OpenDb | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function codesOnAFreshDatabase() {
  opened = await openDb({
    url: await freshDatabaseUrl(),
    path: join(mkdtempSync(join(tmpdir(), "heloc-codes-")), "heloc.db"),
  });
  return createCodes(opened.db, Buffer.alloc(32, 7));
}

describe("a code's check", () => {
  it("keeps a right code unspent when what it grants fails, so the applicant can try it again", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("phone", "owner-1:3035550143");
    const failing = async () => {
      throw new Error("the grant failed");
    };
    await expect(codes.check("phone", "owner-1:3035550143", code, undefined, failing)).rejects.toThrow(
      "the grant failed",
    );
    let granted = 0;
    expect(
      await codes.check("phone", "owner-1:3035550143", code, undefined, async () => void granted++),
    ).toBe("ok");
    expect(granted).toBe(1);
  });

  it("spends a right code once when it is checked twice at the same moment", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("applicant", "ana@example.com");
    let granted = 0;
    const grant = async () => void granted++;
    const results = await Promise.all([
      codes.check("applicant", "ana@example.com", code, "203.0.113.9", grant),
      codes.check("applicant", "ana@example.com", code, "203.0.113.9", grant),
    ]);
    expect(results.sort()).toEqual(["none", "ok"]);
    expect(granted).toBe(1);
  });

  it("counts a wrong code against the code and locks it after 5 wrong tries, the right one then refused", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("phone", "owner-2:3035550144");
    const wrong = code === "000000" ? "111111" : "000000";
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await codes.check("phone", "owner-2:3035550144", wrong));
    expect(tries).toEqual(["invalid", "invalid", "invalid", "invalid", "locked"]);
    expect(await codes.check("phone", "owner-2:3035550144", code)).toBe("locked");
  });
});
