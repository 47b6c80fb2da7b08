// The file storage on the S3 API (AWS S3, or any S3-compatible store: MinIO, Ceph, R2), through
// the AWS SDK's S3 client: the same content addressing as the local disk (the key is the SHA-256
// of the bytes, so a file is stored once), the same envelope (./envelope.ts: each object sealed
// with a data key of its own, itself sealed with the key-encryption key; the bucket never holds
// a readable document), and on read the bytes are checked against their key. Several servers share
// one bucket as they share one PostgreSQL (docs/deploy.md).
//
// Objects are named <prefix><ab>/<abcdef…>, as on disk. Credentials come from the SDK's own chain
// (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or the instance's role): never from our config.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { ENVELOPE_OVERHEAD, isEnvelope, openFile, sealFile } from "./envelope";
import { isStorageKey, sha256Hex, type FileStorage } from "./index";

export interface S3StorageOptions {
  bucket: string;
  /** Folder-like prefix inside the bucket (S3_PREFIX; "uploads/"). */
  prefix?: string;
  /** An S3-compatible endpoint (S3_ENDPOINT): unset for AWS itself. */
  endpoint?: string;
  /** S3_REGION, else AWS_REGION; "us-east-1" for a store that ignores regions. */
  region?: string;
  /** Path-style addressing (S3_FORCE_PATH_STYLE=1): most S3-compatible stores need it. */
  forcePathStyle?: boolean;
  /** Tests: fixed credentials instead of the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** An object that is not there: S3 says NotFound to HEAD and NoSuchKey to GET. */
const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region ?? "us-east-1",
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where an operation requires one: the envelope's GCM tag and the SHA-256 key
    // already prove the bytes, and stores that speak an older S3 dialect refuse the trailing kind.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

export function s3Storage(options: S3StorageOptions, kek: Buffer, client = s3Client(options)): FileStorage {
  const { bucket } = options;
  const prefix = options.prefix ?? "uploads/";
  const nameOf = (key: string) => `${prefix}${key.slice(0, 2)}/${key}`;

  const sizeOf = async (key: string) => {
    try {
      return (
        (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: nameOf(key) }))).ContentLength ?? null
      );
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };

  return {
    async put(bytes) {
      const key = sha256Hex(bytes);
      if ((await sizeOf(key)) === bytes.length + ENVELOPE_OVERHEAD)
        return { key, sha256: key, size: bytes.length, created: false };
      // One PUT: S3 makes an object visible whole or not at all, as the disk's rename does.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: nameOf(key),
          Body: sealFile(kek, bytes, key),
          ContentType: "application/octet-stream",
        }),
      );
      return { key, sha256: key, size: bytes.length, created: true };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      let stored: Uint8Array;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
        stored = await object.Body!.transformToByteArray();
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      if (!isEnvelope(stored)) throw new Error("storage: an object in the bucket is not sealed");
      const bytes = openFile(kek, stored, key);
      if (sha256Hex(bytes) !== key) throw new Error("storage: an object does not match its key");
      return bytes;
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: nameOf(key) }));
    },
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return true;
      } catch {
        return false;
      }
    },
    describe: () => `S3 bucket ${bucket}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ""}`,
  };
}
