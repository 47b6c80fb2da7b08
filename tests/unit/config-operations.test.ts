// The operations settings read from the environment (server/config.ts): each bad value refused
// at start, naming the variable, rather than a server running half-configured.
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { readConfig } from "@server/config";

describe("operations settings", () => {
  it("stores files on the local disk unless S3_BUCKET names a bucket", () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(
      readConfig({
        S3_BUCKET: "heloc-files",
        S3_ENDPOINT: "https://minio.internal:9000",
        S3_REGION: "eu-west-1",
        S3_FORCE_PATH_STYLE: "1",
      }).s3,
    ).toEqual({
      bucket: "heloc-files",
      endpoint: "https://minio.internal:9000",
      region: "eu-west-1",
      prefix: "uploads/",
      forcePathStyle: true,
    });
    expect(readConfig({ S3_BUCKET: "b", AWS_REGION: "us-west-2" }).s3).toMatchObject({
      region: "us-west-2",
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it("refuses an S3 endpoint with a path and a prefix that is not folders", () => {
    expect(() => readConfig({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => readConfig({ S3_BUCKET: "b", S3_ENDPOINT: "https://x/bucket" })).toThrow(/S3_ENDPOINT/);
    expect(() => readConfig({ S3_BUCKET: "b", S3_PREFIX: "uploads" })).toThrow(/S3_PREFIX/);
    expect(() => readConfig({ S3_BUCKET: "b", S3_PREFIX: "../x/" })).toThrow(/S3_PREFIX/);
  });

  it("refuses a short or odd METRICS_TOKEN, an unknown LOG_LEVEL and a negative SHUTDOWN_DRAIN_MS", () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    expect(readConfig({ METRICS_TOKEN: "a".repeat(32) }).metricsToken).toBe("a".repeat(32));
    expect(() => readConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => readConfig({ METRICS_TOKEN: `${"a".repeat(20)} b` })).toThrow(/METRICS_TOKEN/);
    expect(readConfig({}).logLevel).toBe("info");
    expect(() => readConfig({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
    expect(readConfig({ SHUTDOWN_DRAIN_MS: "5000" }).shutdownDrainMs).toBe(5000);
    expect(() => readConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
  it("serves as HELOC_PROCESSES processes: one unless told, one per core for auto, and refuses anything else", () => {
    expect(readConfig({}).processes).toBe(1);
    expect(readConfig({ HELOC_PROCESSES: "2" }).processes).toBe(2);
    expect(readConfig({ HELOC_PROCESSES: "auto" }).processes).toBe(availableParallelism());
    for (const bad of ["0", "1.5", "two", "65", "-1"])
      expect(() => readConfig({ HELOC_PROCESSES: bad })).toThrow(/HELOC_PROCESSES/);
  });
});
