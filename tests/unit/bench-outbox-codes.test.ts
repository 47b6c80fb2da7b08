// The capacity bench's applicants read their codes from the outbox through one shared index
// (tests/helpers/outbox-codes.ts): a wrong or missed code would fail a level for the apparatus's sake.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OutboxCodes } from "../helpers/outbox-codes";

const parse = (text: string) => {
  const to = /^To: ([^\n]*)\n/.exec(text)?.[1];
  const code = /(\d{6}) is your code/.exec(text)?.[1];
  return to && code ? { to, code } : undefined;
};

describe("the capacity bench's outbox codes", () => {
  let dir = "";
  let codes: OutboxCodes | undefined;
  afterEach(() => {
    codes?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = async () => {
    dir = mkdtempSync(join(tmpdir(), "outbox-codes-"));
    codes = new OutboxCodes(dir, ".txt", parse);
    await codes.open();
    return codes;
  };

  it("gives a recipient the newest code sent since their step asked, not another's or an older one", async () => {
    const outbox = await open();
    writeFileSync(join(dir, "2026-01-01T10-00-00-000Z-000001-aa.txt"), "To: 1111\n\n111111 is your code\n");
    writeFileSync(join(dir, "2026-01-01T10-00-05-000Z-000002-bb.txt"), "To: 2222\n\n222222 is your code\n");
    writeFileSync(join(dir, "2026-01-01T10-00-06-000Z-000003-cc.txt"), "To: 1111\n\n333333 is your code\n");
    writeFileSync(join(dir, "2026-01-01T10-00-07-000Z-000004-dd.txt"), "To: 1111\n\na notice, no code\n");
    expect(await outbox.codeFor("1111", "2026-01-01T10-00-01")).toBe("333333");
    expect(await outbox.codeFor("2222", "2026-01-01T10-00-01")).toBe("222222");
  });

  it("waits for a code sent after the lookup began", async () => {
    const outbox = await open();
    const lookup = outbox.codeFor("4444", "2026-01-01T11");
    setTimeout(
      () =>
        writeFileSync(
          join(dir, "2026-01-01T11-00-00-000Z-000001-ee.txt"),
          "To: 4444\n\n444444 is your code\n",
        ),
      300,
    );
    expect(await lookup).toBe("444444");
  });
});
