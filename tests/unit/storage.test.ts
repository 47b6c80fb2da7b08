// File storage (server/storage): content-addressed local disk, written through a temporary file
// and renamed, each content stored once; and the magic-byte sniffing that decides what a file is.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isStorageKey, localDiskStorage } from "@server/persistence/storage";
import { cleanFileName } from "@server/features/uploads/file-name";
import { sniffType } from "@server/features/uploads/sniff";

const KEY = Buffer.alloc(32, 7);
const freshRoot = () => join(mkdtempSync(join(tmpdir(), "heloc-storage-")), "uploads");
const bytesOf = (text: string) => new TextEncoder().encode(text);
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every stored file under the root (not the temporary folder). */
function storedFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== ".tmp")
    .flatMap((d) => readdirSync(join(root, d.name)).map((f) => join(d.name, f)));
}

describe("local-disk storage", () => {
  it("keys a file by the SHA-256 of its bytes and gives the same bytes back", async () => {
    const root = freshRoot();
    const storage = localDiskStorage(root, KEY);
    const bytes = bytesOf("%PDF-1.7 statement for March");
    const stored = await storage.put(bytes);
    expect(stored).toEqual({ key: sha(bytes), sha256: sha(bytes), size: bytes.length, created: true });
    expect(isStorageKey(stored.key)).toBe(true);
    expect(Buffer.compare((await storage.get(stored.key)) as Buffer, Buffer.from(bytes))).toBe(0);
    expect(existsSync(join(root, stored.key.slice(0, 2), stored.key))).toBe(true);
  });

  it("stores the same content once however often it is put", async () => {
    const root = freshRoot();
    const storage = localDiskStorage(root, KEY);
    const first = await storage.put(bytesOf("same bytes"));
    const second = await storage.put(bytesOf("same bytes"));
    const [third, fourth] = await Promise.all([
      storage.put(bytesOf("same bytes")),
      storage.put(bytesOf("other bytes")),
    ]);
    expect(second).toEqual({ ...first, created: false });
    expect(third.key).toBe(first.key);
    expect(storedFiles(root).sort()).toEqual(
      [join(first.key.slice(0, 2), first.key), join(fourth.key.slice(0, 2), fourth.key)].sort(),
    );
  });

  it("leaves no temporary file behind and keeps files private to the server's user", async () => {
    const root = freshRoot();
    const storage = localDiskStorage(root, KEY);
    const { key } = await storage.put(bytesOf("private"));
    expect(readdirSync(join(root, ".tmp"))).toEqual([]);
    expect(statSync(join(root, key.slice(0, 2), key)).mode & 0o077).toBe(0);
  });

  it("deletes a file, and deleting or reading a missing one is harmless", async () => {
    const root = freshRoot();
    const storage = localDiskStorage(root, KEY);
    const { key } = await storage.put(bytesOf("to be removed"));
    await storage.delete(key);
    expect(existsSync(join(root, key.slice(0, 2), key))).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("refuses anything that is not a key, so no path outside the folder can be named", async () => {
    const root = freshRoot();
    const storage = localDiskStorage(root, KEY);
    for (const bad of ["../../etc/passwd", "", "ABCDEF", "a".repeat(63), `${"a".repeat(64)}/..`]) {
      expect(isStorageKey(bad)).toBe(false);
      expect(await storage.get(bad)).toBeNull();
    }
  });
});

describe("files encrypted at rest (envelope encryption)", () => {
  const statement = bytesOf("%PDF-1.7 Statement of Dana Rivera, account 000987654321");

  it("writes no byte of the file in the clear, and only the master key opens it", async () => {
    const root = freshRoot();
    const { key } = await localDiskStorage(root, KEY).put(statement);
    const onDisk = readFileSync(join(root, key.slice(0, 2), key));
    expect(onDisk.toString("latin1")).not.toContain("Dana Rivera");
    expect(onDisk.toString("latin1")).not.toContain("%PDF");
    expect((await localDiskStorage(root, KEY).get(key))!.toString()).toBe(Buffer.from(statement).toString());
    await expect(localDiskStorage(root, Buffer.alloc(32, 8)).get(key)).rejects.toThrow();
  });

  it("gives each file a data key of its own: the same content stored twice is not the same bytes on disk", async () => {
    const [a, b] = [freshRoot(), freshRoot()];
    const { key } = await localDiskStorage(a, KEY).put(statement);
    await localDiskStorage(b, KEY).put(statement);
    expect(
      readFileSync(join(a, key.slice(0, 2), key)).equals(readFileSync(join(b, key.slice(0, 2), key))),
    ).toBe(false);
  });

  it("refuses a file changed on disk or moved under another file's key", async () => {
    const root = freshRoot();
    const storage = localDiskStorage(root, KEY);
    const { key } = await storage.put(statement);
    const other = await storage.put(bytesOf("another file"));
    const path = join(root, key.slice(0, 2), key);
    const sealed = readFileSync(path);
    writeFileSync(join(root, other.key.slice(0, 2), other.key), sealed);
    await expect(storage.get(other.key)).rejects.toThrow();
    sealed[sealed.length - 20]! ^= 1;
    writeFileSync(path, sealed);
    await expect(storage.get(key)).rejects.toThrow();
  });

  it("still reads a file stored in the clear by an older version, and seals it when asked", async () => {
    const root = freshRoot();
    const key = sha(statement);
    mkdirSync(join(root, key.slice(0, 2)), { recursive: true });
    writeFileSync(join(root, key.slice(0, 2), key), statement);
    const storage = localDiskStorage(root, KEY);
    expect(Buffer.from((await storage.get(key))!).equals(Buffer.from(statement))).toBe(true);
    expect(await storage.sealStored!()).toBe(1);
    expect(readFileSync(join(root, key.slice(0, 2), key)).toString("latin1")).not.toContain("Dana Rivera");
    expect(Buffer.from((await storage.get(key))!).equals(Buffer.from(statement))).toBe(true);
    expect(await storage.sealStored!()).toBe(0);
  });
});

describe("what a file is, from its first bytes", () => {
  const ftyp = (brand: string) =>
    new Uint8Array([
      0,
      0,
      0,
      24,
      ...bytesOf("ftyp"),
      ...bytesOf(brand),
      0,
      0,
      0,
      0,
      ...bytesOf("mif1"),
      ...bytesOf("heic"),
      0,
      0,
    ]);

  it("recognises PDF, JPEG, PNG and HEIC", () => {
    expect(sniffType(bytesOf("%PDF-1.4\n..."))?.contentType).toBe("application/pdf");
    expect(sniffType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.contentType).toBe("image/jpeg");
    expect(
      sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))?.contentType,
    ).toBe("image/png");
    for (const brand of ["heic", "heix", "hevc", "mif1", "msf1"])
      expect(sniffType(ftyp(brand))?.contentType).toBe("image/heic");
  });

  it("refuses everything else, whatever it is called", () => {
    expect(sniffType(bytesOf("just some text that claims to be a PDF"))).toBeNull();
    expect(sniffType(bytesOf("GIF89a......"))).toBeNull();
    expect(sniffType(bytesOf(" %PDF-1.4"))).toBeNull(); // not at the start
    expect(sniffType(ftyp("isom"))).toBeNull(); // an MP4 video is ISO BMFF too
    expect(sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // a truncated PNG signature
    expect(sniffType(new Uint8Array([]))).toBeNull();
  });
});

describe("the file name kept with an upload", () => {
  const pdf = sniffType(bytesOf("%PDF-1.4"))!;
  const jpeg = sniffType(new Uint8Array([0xff, 0xd8, 0xff]))!;

  it("keeps only the last path segment, on one line, with the extension of what the file is", () => {
    expect(cleanFileName("C:\\Users\\dana\\March statement.pdf", pdf, "bank_statements")).toBe(
      "March statement.pdf",
    );
    expect(cleanFileName("../../etc/passwd", pdf, "bank_statements")).toBe("passwd.pdf");
    expect(cleanFileName("scan.PDF", jpeg, "id_document")).toBe("scan.jpg");
    expect(cleanFileName("IMG_0001.JPEG", jpeg, "id_document")).toBe("IMG_0001.JPEG");
    expect(cleanFileName('line\nbreak\t"quoted".jpeg', jpeg, "id_document")).toBe("linebreakquoted.jpeg");
    expect(cleanFileName("", pdf, "w2")).toBe("w2.pdf");
    expect(cleanFileName("x".repeat(400) + ".pdf", pdf, "w2")).toHaveLength(200);
  });

  it("strips right-to-left overrides and the other bidi, zero-width and control characters, so a name reads as what it is", () => {
    expect(cleanFileName("invoice\u202Efdp.exe.pdf", pdf, "w2")).toBe("invoicefdp.exe.pdf");
    expect(cleanFileName("\u2066pay\u2069stub\u200F\u200E\u061C\u200B\uFEFF\u00AD.pdf", pdf, "w2")).toBe(
      "paystub.pdf",
    );
    expect(cleanFileName("bell\u0007and\u0085next\u2028line.pdf", pdf, "w2")).toBe("bellandnextline.pdf");
    expect(cleanFileName("Extrait de compte – März ☕.pdf", pdf, "w2")).toBe(
      "Extrait de compte – März ☕.pdf",
    );
  });
});
