// The development API (/api/dev): the definition files read fresh from disk with the linter's
// findings, a sample application, the preview's Validate; only in development, behind X-Same-Origin.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutDefinition } from "@engine/base/json-layout";
import { REPO_ROOT } from "@engine/base/paths";
import { readConfig } from "@server/config";
import { testServer, type TestServer } from "../helpers/server";

const same = { "X-Same-Origin": "1" };
let dev: TestServer;
let prod: TestServer;
let steps: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "heloc-dev-defs-"));
  steps = join(dir, "steps");
  cpSync(join(REPO_ROOT, "steps"), steps, { recursive: true });
  [dev, prod] = await Promise.all([
    testServer({ dev: true, definitions: { steps } }),
    testServer({ dev: false, encryptionKey: randomBytes(32).toString("hex") }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close()]);
});

type Body = {
  version: string;
  files: { steps: Record<string, { title?: string }> };
  problems: { file: string; message: string }[];
};

describe("the development API", { timeout: 60_000 }, () => {
  it("is on unless NODE_ENV=production or SECURE_COOKIES=1", () => {
    expect(readConfig({}).dev).toBe(true);
    expect(readConfig({ NODE_ENV: "test" }).dev).toBe(true);
    expect(readConfig({ NODE_ENV: "production" }).dev).toBe(false);
    expect(readConfig({ SECURE_COOKIES: "1" }).dev).toBe(false);
  });

  // Four versions are checked in the worker, seconds of a core each: under a CI run's load, more than 30 s.
  it("serves the definition files of the server's folders, read fresh on every call, with their problems", async () => {
    const res = await fetch(`${dev.url}/api/dev/definitions`, { headers: same });
    expect(res.status).toBe(200);
    const first = (await res.json()) as Body;
    expect(first.problems).toEqual([]);
    expect(first.files.steps["initial-setup/name.json"]?.title).toBe("Let's get started. What's your name?");
    expect(Object.keys(first.files)).toEqual(["schemas", "steps", "rules"]);

    const file = join(steps, "initial-setup/name.json");
    const original = readFileSync(file, "utf8");
    try {
      writeFileSync(file, original.replace("Let's get started. What's your name?", "Edited on disk"));
      const edited = (await (
        await fetch(`${dev.url}/api/dev/definitions`, { headers: same })
      ).json()) as Body;
      expect(edited.version).not.toBe(first.version);
      expect(edited.files.steps["initial-setup/name.json"]?.title).toBe("Edited on disk");

      writeFileSync(file, "{ not json");
      const broken = (await (
        await fetch(`${dev.url}/api/dev/definitions`, { headers: same })
      ).json()) as Body;
      expect(broken.problems.map((p) => p.file)).toContain("steps/initial-setup/name.json");
    } finally {
      writeFileSync(file, original);
    }
    const restored = (await (
      await fetch(`${dev.url}/api/dev/definitions`, { headers: same })
    ).json()) as Body;
    expect(restored.version).toBe(first.version);
    expect(restored.problems).toEqual([]);
  }, 90_000);

  it("answers 304 with no body while the version the page has is still current", async () => {
    const { version } = (await (
      await fetch(`${dev.url}/api/dev/definitions`, { headers: same })
    ).json()) as Body;
    const byHeader = await fetch(`${dev.url}/api/dev/definitions`, {
      headers: { ...same, "If-None-Match": `"${version}"` },
    });
    expect(byHeader.status).toBe(304);
    expect(await byHeader.text()).toBe("");
    expect((await fetch(`${dev.url}/api/dev/definitions?since=${version}`, { headers: same })).status).toBe(
      304,
    );
    expect((await fetch(`${dev.url}/api/dev/definitions?since=old`, { headers: same })).status).toBe(200);
  });

  it("serves the two-borrower sample, or the borrower alone with ?who=single", async () => {
    const two = (await (await fetch(`${dev.url}/api/dev/sample`, { headers: same })).json()) as {
      setup: { hasCoborrower: boolean };
      coborrower?: unknown;
    };
    expect(two.setup.hasCoborrower).toBe(true);
    expect(two.coborrower).toBeDefined();
    const single = (await (
      await fetch(`${dev.url}/api/dev/sample?who=single`, { headers: same })
    ).json()) as typeof two;
    expect(single.setup.hasCoborrower).toBe(false);
    expect(single.coborrower).toBeUndefined();
  });

  it("validates the preview's answers by the save's own checks, and saves nothing", async () => {
    const validate = async (body: unknown) =>
      (
        await fetch(`${dev.url}/api/dev/validate`, {
          method: "POST",
          headers: { ...same, "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json();
    expect(
      await validate({ stepId: "name", answers: { user: { firstName: "Dana", lastName: "Rivera" } } }),
    ).toEqual({ valid: true, answers: { user: { firstName: "Dana", lastName: "Rivera" } }, notRun: [] });
    expect(await validate({ stepId: "name", answers: { user: { firstName: "Dana" } } })).toMatchObject({
      valid: false,
      errors: [{ pointer: "/user/lastName" }],
    });
    // A step that asks more loosely than the application keeps: the step's own check passes, the save's whole-application check does not.
    const file = join(steps, "initial-setup/name.json");
    const original = readFileSync(file, "utf8");
    try {
      const step = JSON.parse(original);
      step.schema.properties.user.properties.firstName = {
        type: "string",
        title: "First name",
        maxLength: 100,
      };
      writeFileSync(file, layoutDefinition(step));
      expect(
        await validate({ stepId: "name", answers: { user: { firstName: "Da\nna", lastName: "Rivera" } } }),
      ).toMatchObject({ valid: false, errors: [{ pointer: "/user/firstName" }] });
    } finally {
      writeFileSync(file, original);
    }
    // A step whose effect checks stored records says it did not run it.
    expect(await validate({ stepId: "setupVerify", answers: { otpCode: "123456" } })).toMatchObject({
      valid: true,
      notRun: [expect.any(String)],
    });
    expect(await validate({ stepId: "nope", answers: {} })).toMatchObject({
      valid: false,
      errors: [{ pointer: "/stepId" }],
    });
  });

  it("needs X-Same-Origin: 1, refuses cross-site, and takes no other POST", async () => {
    const bare = await fetch(`${dev.url}/api/dev/definitions`);
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ error: { reason: "missing-same-origin" } });
    expect((await fetch(`${dev.url}/api/dev/sample`)).status).toBe(403);
    expect((await fetch(`${dev.url}/api/dev/sample`, { method: "POST", headers: same })).status).toBe(405);
    expect(
      (
        await fetch(`${dev.url}/api/dev/validate`, {
          method: "POST",
          headers: { ...same, "Sec-Fetch-Site": "cross-site" },
          body: "{}",
        })
      ).status,
    ).toBe(403);
  });

  it("does not exist in production", async () => {
    for (const path of ["/api/dev/definitions", "/api/dev/sample", "/api/dev/validate"]) {
      const res = await fetch(`${prod.url}${path}`, { headers: same });
      expect(res.status).toBe(404);
    }
  });
});
