// An S3-protocol server on loopback for the tests (s3rver: a real HTTP server speaking the S3 API
// and checking signatures, its objects in a temporary folder), and the storage options to reach it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { S3StorageOptions } from "@server/persistence/storage/s3";

/** s3rver's fixed credentials: it checks every request's signature against them. */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function s3Server(bucket = "heloc-test") {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), "heloc-s3-")),
    configureBuckets: [{ name: bucket, configs: [] }],
  }) as { run(): Promise<AddressInfo>; close(): Promise<void> };
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials,
  };
  return { options, close: () => server.close() };
}
