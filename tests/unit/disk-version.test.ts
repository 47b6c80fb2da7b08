// The version of the definition files on disk (the dev preview's and the "Definition changes"
// page's): an edit shows on the very next call, however soon after the last one.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diskVersion } from "@server/features/definitions/disk-version";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("the version of the definition files on disk", () => {
  const steps = join(mkdtempSync(join(tmpdir(), "heloc-disk-version-")), "steps");
  mkdirSync(steps);
  const file = join(steps, "a.json");

  it("moves on the next call after an edit of the same size, and comes back when the edit is undone", async () => {
    writeFileSync(file, '{"id":"a"}');
    const first = diskVersion({ steps });
    await nextTurn();
    writeFileSync(file, '{"id":"b"}');
    expect(diskVersion({ steps })).not.toBe(first);
    await nextTurn();
    writeFileSync(file, '{"id":"a"}');
    expect(diskVersion({ steps })).toBe(first);
  });

  it("moves when a file is added", async () => {
    writeFileSync(file, '{"id":"a"}');
    const before = diskVersion({ steps });
    await nextTurn();
    writeFileSync(join(steps, "b.json"), "{}");
    expect(diskVersion({ steps })).not.toBe(before);
  });

  it("answers a burst of calls in one turn of the event loop from one reading", () => {
    writeFileSync(file, '{"id":"c"}');
    const burst = diskVersion({ steps });
    writeFileSync(file, '{"id":"d"}');
    expect(diskVersion({ steps })).toBe(burst);
  });
});
