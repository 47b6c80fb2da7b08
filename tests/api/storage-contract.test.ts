// One contract for every file storage (issue 34, item 6): the local disk and the S3 API (against
// s3rver, a real S3-protocol server on loopback) keep files by the SHA-256 of their bytes, store a
// content once, give back exactly what was stored, seal every file at rest, refuse a changed one,
// and say whether they are ready. A server configured with a bucket keeps its uploads there.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage, type FileStorage } from "@server/persistence/storage";
import { s3Client, s3Storage } from "@server/persistence/storage/s3";
import { s3Server } from "../helpers/s3";
import { makeApplicant } from "../helpers/accounts";
import { browser, testServer } from "../helpers/server";

const KEK = Buffer.alloc(32, 7);
const bytesOf = (text: string) => new TextEncoder().encode(text);
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A storage, and the raw stored bytes under a key (read and written behind its back). */
interface Subject {
  storage: FileStorage;
  raw(key: string): Promise<Buffer>;
  overwrite(key: string, bytes: Buffer): Promise<void>;
}

let s3: Awaited<ReturnType<typeof s3Server>>;
beforeAll(async () => (s3 = await s3Server()));
afterAll(() => s3.close());

const subjects: [string, () => Subject][] = [
  [
    "local disk",
    () => {
      const root = join(mkdtempSync(join(tmpdir(), "heloc-storage-")), "uploads");
      const path = (key: string) => join(root, key.slice(0, 2), key);
      return {
        storage: localDiskStorage(root, KEK),
        raw: async (key) => readFileSync(path(key)),
        overwrite: async (key, bytes) => writeFileSync(path(key), bytes),
      };
    },
  ],
  [
    "S3 (s3rver on loopback)",
    () => {
      // A prefix of its own for each test: one bucket, no test sees another's objects.
      const prefix = `t${Math.random().toString(36).slice(2, 10)}/`;
      const client = s3Client(s3.options);
      const name = (key: string) => `${prefix}${key.slice(0, 2)}/${key}`;
      return {
        storage: s3Storage({ ...s3.options, prefix }, KEK, client),
        raw: async (key) =>
          Buffer.from(
            await (
              await client.send(new GetObjectCommand({ Bucket: s3.options.bucket, Key: name(key) }))
            ).Body!.transformToByteArray(),
          ),
        overwrite: async (key, bytes) =>
          void (await client.send(
            new PutObjectCommand({ Bucket: s3.options.bucket, Key: name(key), Body: bytes }),
          )),
      };
    },
  ],
];

describe.each(subjects)("file storage: %s", (_name, make) => {
  it("keys a file by the SHA-256 of its bytes and gives the same bytes back", async () => {
    const { storage } = make();
    const bytes = bytesOf("%PDF-1.7 statement for March");
    const stored = await storage.put(bytes);
    expect(stored).toEqual({ key: sha(bytes), sha256: sha(bytes), size: bytes.length, created: true });
    expect(Buffer.compare((await storage.get(stored.key))!, Buffer.from(bytes))).toBe(0);
  });

  it("stores the same content once however often it is put", async () => {
    const { storage } = make();
    const first = await storage.put(bytesOf("same bytes"));
    expect(await storage.put(bytesOf("same bytes"))).toEqual({ ...first, created: false });
    const [again, other] = await Promise.all([
      storage.put(bytesOf("same bytes")),
      storage.put(bytesOf("other")),
    ]);
    expect(again.key).toBe(first.key);
    expect(other.key).toBe(sha(bytesOf("other")));
  });

  it("keeps a large binary file byte for byte", async () => {
    const { storage } = make();
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31 + (i >> 9)) & 0xff);
    const stored = await storage.put(bytes);
    expect(sha((await storage.get(stored.key))!)).toBe(sha(bytes));
  });

  it("answers null for a key with nothing under it, and for anything that is not a key", async () => {
    const { storage } = make();
    expect(await storage.get(sha(bytesOf("never stored")))).toBeNull();
    expect(await storage.get("../../etc/passwd")).toBeNull();
    expect(await storage.get("ABC")).toBeNull();
  });

  it("deletes a file, and deleting what is not there changes nothing", async () => {
    const { storage } = make();
    const stored = await storage.put(bytesOf("to be removed"));
    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    expect((await storage.put(bytesOf("to be removed"))).created).toBe(true);
  });

  it("seals each file at rest: the stored bytes do not hold the document", async () => {
    const { storage, raw } = make();
    const stored = await storage.put(bytesOf("Maria Alvarez SSN 518-27-4961"));
    const atRest = await raw(stored.key);
    expect(atRest.toString("latin1")).not.toContain("Alvarez");
    expect(atRest.subarray(0, 4).toString("latin1")).toBe("HLCF");
  });

  it("refuses a stored file that was changed, rather than giving back other bytes", async () => {
    const { storage, raw, overwrite } = make();
    const stored = await storage.put(bytesOf("bank statement, balance $12,000"));
    const changed = await raw(stored.key);
    changed[changed.length - 20]! ^= 0xff;
    await overwrite(stored.key, changed);
    await expect(storage.get(stored.key)).rejects.toThrow();
  });

  it("does not open a file moved to another key", async () => {
    const { storage, raw, overwrite } = make();
    const a = await storage.put(bytesOf("first document"));
    const b = await storage.put(bytesOf("second document"));
    await overwrite(b.key, await raw(a.key));
    await expect(storage.get(b.key)).rejects.toThrow();
  });

  it("is ready, and says where its files go", async () => {
    const { storage } = make();
    expect(await storage.ready()).toBe(true);
    expect(storage.describe()).toMatch(/^(local disk \/|S3 bucket heloc-test at 127\.0\.0\.1:\d+)/);
  });
});

describe("S3 storage readiness", () => {
  it("is not ready when the bucket does not exist", async () => {
    expect(await s3Storage({ ...s3.options, bucket: "no-such-bucket" }, KEK).ready()).toBe(false);
  });

  it("is not ready when the server does not answer", async () => {
    const gone = await s3Server("gone");
    await gone.close();
    expect(await s3Storage(gone.options, KEK).ready()).toBe(false);
  });
});

describe("a server storing its files in an S3 bucket (S3_BUCKET)", () => {
  it("keeps an applicant's upload in the bucket, sealed, gives it back whole, and is ready only while the bucket answers", async () => {
    const bucket = await s3Server("heloc-server");
    const server = await testServer({ s3: { ...bucket.options, prefix: "uploads/" } });
    try {
      expect(server.notes).toContain(
        `Files: S3 bucket heloc-server at ${new URL(bucket.options.endpoint!).host}`,
      );
      const who = await makeApplicant(server.services, { status: "incomeDocs" });
      const b = browser(server.url);
      await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
      const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)]);
      const form = new FormData();
      form.append("documentType", "bank_statements");
      form.append("file", new Blob([bytes], { type: "application/pdf" }), "statement.pdf");
      const sent = await b.fetch(`${server.url}/api/upload`, {
        method: "POST",
        headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
        body: form,
      });
      expect(sent.status).toBe(201);
      const { upload } = (await sent.json()) as { upload: { id: string; sha256: string } };
      expect(upload.sha256).toBe(sha(bytes));

      // In the bucket under its hash, sealed; nothing in the data folder.
      const client = s3Client(bucket.options);
      const object = await client.send(
        new GetObjectCommand({
          Bucket: "heloc-server",
          Key: `uploads/${upload.sha256.slice(0, 2)}/${upload.sha256}`,
        }),
      );
      const atRest = Buffer.from(await object.Body!.transformToByteArray());
      expect(atRest.subarray(0, 4).toString("latin1")).toBe("HLCF");
      expect(atRest.includes(bytes.subarray(9, 200))).toBe(false);
      expect(existsSync(join(server.dataDir, "uploads", upload.sha256.slice(0, 2)))).toBe(false);

      const back = await b.fetch(`${server.url}/api/upload/${upload.id}`, {
        headers: { "X-Same-Origin": "1" },
      });
      expect(back.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await back.arrayBuffer()), bytes)).toBe(0);

      expect(
        ((await (await fetch(`${server.url}/readyz`)).json()) as { checks: object }).checks,
      ).toMatchObject({
        storage: "ok",
      });
      await bucket.close();
      const unready = await fetch(`${server.url}/readyz`);
      expect(unready.status).toBe(503);
      expect(await unready.json()).toMatchObject({ checks: { storage: "failing", database: "ok" } });
    } finally {
      await server.close();
      await bucket.close().catch(() => {});
    }
  });
});
