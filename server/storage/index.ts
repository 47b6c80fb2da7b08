// File storage behind a small interface: bytes in, a key out. Content-addressed: the key is the
// SHA-256 of the bytes, so the same file is stored once however often it is uploaded, and a
// stored file can always be checked against its key. The local-disk implementation keeps files
// under <dataDir>/uploads; a later issue points the same interface at shared storage.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

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
}

const KEY = /^[0-9a-f]{64}$/;

export const isStorageKey = (key: unknown): key is string => typeof key === "string" && KEY.test(key);

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Files under `root`, two hex characters of fan-out (root/ab/abcdef…) so no folder grows huge.
 * A file is written to root/.tmp first, flushed, and renamed into place: a reader never sees half
 * a file, and a crash leaves at most a stray temporary file.
 */
export function localDiskStorage(root: string): FileStorage {
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

  return {
    async put(bytes) {
      const key = sha256Hex(bytes);
      const path = pathOf(key);
      if ((await sizeAt(path)) === bytes.length) return { key, sha256: key, size: bytes.length, created: false };
      await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
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
        await rename(tmp, path); // atomic; a concurrent put of the same content renames identical bytes
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      return { key, sha256: key, size: bytes.length, created: true };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
