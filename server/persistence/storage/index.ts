// File storage behind a small interface: bytes in, a key out. Content-addressed: the key is the
// SHA-256 of the bytes, so the same file is stored once however often it is uploaded, and a
// stored file can always be checked against its key. The local-disk implementation keeps files
// under <dataDir>/uploads, each sealed in an envelope (./envelope.ts: its own data key, sealed
// with the key-encryption key from the master key), readable only with the master key.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { access, constants, mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { ENVELOPE_OVERHEAD, isEnvelope, openFile, sealFile } from "./envelope";

export interface StoredFile {
  /** Where the bytes are: the hex SHA-256 of the content. */
  key: string;
  sha256: string;
  size: number;
}

export interface FileStorage {
  /** Stores the bytes (once per content); `created` is false when the same content was already there. */
  put(bytes: Uint8Array): Promise<StoredFile & { created: boolean }>;
  /** The bytes under a key, or null when there are none (or the key is not a key). */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under a key; nothing happens when there are none. The caller decides that nothing refers to them. */
  delete(key: string): Promise<void>;
  /** Seals every file stored before files were sealed (run on start); how many it sealed. */
  sealStored?(): Promise<number>;
  /** Whether files can be stored now (GET /readyz): the folder is writable, the bucket answers. */
  ready(): Promise<boolean>;
  /** Where the files go, for the start banner (no credentials). */
  describe(): string;
}

const KEY = /^[0-9a-f]{64}$/;

export const isStorageKey = (key: unknown): key is string => typeof key === "string" && KEY.test(key);

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Files under `root`, two hex characters of fan-out (root/ab/abcdef…) so no folder grows huge,
 * each sealed with `kek` (the key-encryption key) and readable by this process only (0600).
 * A file is written to root/.tmp first, flushed, and renamed into place: a reader never sees half
 * a file, and a crash leaves at most a stray temporary file.
 */
export function localDiskStorage(root: string, kek: Buffer): FileStorage {
  const tmpDir = join(root, ".tmp");
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);

  const sizeAt = async (path: string) => {
    try {
      return (await stat(path)).size;
    } catch {
      return null;
    }
  };

  /** Writes `bytes` at `path` whole or not at all. */
  const writeWhole = async (path: string, key: string, bytes: Uint8Array) => {
    const tmp = join(tmpDir, `${key}.${randomBytes(6).toString("hex")}`);
    const handle = await open(tmp, "wx", 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(tmp, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(tmp, path); // atomic; a concurrent put of the same content renames equivalent bytes
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  };

  return {
    async put(bytes) {
      const key = sha256Hex(bytes);
      const path = pathOf(key);
      if ((await sizeAt(path)) === bytes.length + ENVELOPE_OVERHEAD)
        return { key, sha256: key, size: bytes.length, created: false };
      await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
      await writeWhole(path, key, sealFile(kek, bytes, key));
      return { key, sha256: key, size: bytes.length, created: true };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      let stored: Buffer;
      try {
        stored = await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      return isEnvelope(stored) ? openFile(kek, stored, key) : stored; // a file from before sealing, until the next start seals it
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
    async sealStored() {
      let sealed = 0;
      const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
      for (const folder of folders.filter((d) => d.isDirectory() && /^[0-9a-f]{2}$/.test(d.name)))
        for (const key of (await readdir(join(root, folder.name))).filter(isStorageKey)) {
          const bytes = await readFile(pathOf(key));
          if (isEnvelope(bytes) || sha256Hex(bytes) !== key) continue; // sealed already, or not ours to judge
          await writeWhole(pathOf(key), key, sealFile(kek, bytes, key));
          sealed++;
        }
      return sealed;
    },
    async ready() {
      try {
        await access(tmpDir, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    describe: () => `local disk ${root}`,
  };
}
