// A texted or mailed code's check (server/features/auth/codes.ts): a wrong code is counted at once,
// in a transaction of its own that joins the server's grouped commit; a right one is spent in the
// transaction of what it grants (the phone held, the address proven, a step's save), only if it
// still may be spent there. Runs on both databases (`npm run test:postgres` for PostgreSQL).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDb, transaction, type OpenDb } from "@server/persistence/db/client";
import {
  CODE_MAX_ATTEMPTS,
  createCodes,
  GUESSES_PER_IP,
  type CodeVerdict,
} from "@server/features/auth/codes";
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

  it("spends a right code judged by two requests once: only the first transaction to spend it is granted", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("phone", "owner-3:3035550145");
    const judged = await Promise.all([0, 1].map(() => codes.verify("phone", "owner-3:3035550145", code)));
    expect(judged.map((v) => v.result)).toEqual(["ok", "ok"]);
    const spent = await Promise.all(
      judged.map((v) =>
        transaction(opened!.db, (tx) => (v as Extract<CodeVerdict, { result: "ok" }>).spend(tx)),
      ),
    );
    expect(spent.sort()).toEqual(["none", "ok"]);
  });

  it("does not spend a right code that wrong tries locked after it was judged", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("phone", "owner-4:3035550146");
    const wrong = code === "000000" ? "111111" : "000000";
    const right = await codes.verify("phone", "owner-4:3035550146", code);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) await codes.verify("phone", "owner-4:3035550146", wrong);
    expect(right.result).toBe("ok");
    const spend = (right as Extract<CodeVerdict, { result: "ok" }>).spend;
    expect(await transaction(opened!.db, spend)).toBe("locked");
  });

  it("does not spend a right code after a newer code retired it", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("applicant", "ben@example.com");
    const right = (await codes.verify("applicant", "ben@example.com", code, "203.0.113.10")) as Extract<
      CodeVerdict,
      { result: "ok" }
    >;
    await codes.issue("applicant", "ben@example.com");
    expect(await transaction(opened!.db, right.spend)).toBe("none");
  });

  it("counts every wrong try made at the same moment, so they lock the code as one after another would", async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("phone", "owner-5:3035550147");
    const wrong = code === "000000" ? "111111" : "000000";
    const tries = await Promise.all(
      Array.from({ length: CODE_MAX_ATTEMPTS }, () => codes.verify("phone", "owner-5:3035550147", wrong)),
    );
    expect(tries.map((t) => t.result).sort()).toEqual([
      ...Array(CODE_MAX_ATTEMPTS - 1).fill("invalid"),
      "locked",
    ]);
    expect((await codes.verify("phone", "owner-5:3035550147", code)).result).toBe("locked");
  });

  it(`counts a guesser's wrong tries: after ${GUESSES_PER_IP} the guesser's right code is refused, another's is not`, async () => {
    const codes = await codesOnAFreshDatabase();
    const code = await codes.issue("applicant", "cy@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const tries = [];
    for (let i = 0; i < GUESSES_PER_IP; i++)
      tries.push(await codes.check("applicant", "cy@example.com", wrong, "198.51.100.7"));
    expect(tries).toEqual([...Array(GUESSES_PER_IP - 1).fill("invalid"), "locked"]);
    expect(await codes.check("applicant", "cy@example.com", code, "198.51.100.7")).toBe("locked");
    expect(await codes.check("applicant", "cy@example.com", code, "203.0.113.11")).toBe("ok");
  });
});
