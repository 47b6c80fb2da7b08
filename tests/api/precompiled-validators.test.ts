// The validators the browser runs come from the server, compiled for the definitions it serves
// (/api/validators/<version>/...), so no page compiles code: the content security policy has no
// 'unsafe-eval', except on development's live preview, which compiles the files being edited.
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testServer, type TestServer } from "../helpers/server";

let dev: TestServer;
let prod: TestServer;
beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), "heloc-web-"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>app</title>");
  [dev, prod] = await Promise.all([
    testServer({ dev: true, webDir }),
    testServer({ dev: false, webDir, encryptionKey: randomBytes(32).toString("hex") }),
  ]);
});
afterAll(() => Promise.all([dev.close(), prod.close()]));

const scriptSrc = async (url: string) =>
  (await fetch(url)).headers
    .get("content-security-policy")
    ?.split("; ")
    .find((d) => d.startsWith("script-src"));

describe("validators compiled by the server", () => {
  it("serves a funnel page and the API with no 'unsafe-eval', in production and development", async () => {
    for (const server of [prod, dev])
      for (const path of ["/app/initial-setup/name", "/", "/definitions"])
        expect(await scriptSrc(`${server.url}${path}`), path).toBe("script-src 'self'");
  });

  it("lets only development's live preview compile", async () => {
    expect(await scriptSrc(`${dev.url}/dev/steps/name`)).toBe("script-src 'self' 'unsafe-eval'");
    expect(await scriptSrc(`${prod.url}/dev/steps/name`)).toBe("script-src 'self'");
  });

  it("sends a step's validator as a JavaScript module for the definitions version served", async () => {
    const res = await fetch(`${prod.url}/api/validators/${prod.services.definitionsVersion}/step/name.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    const code = await res.text();
    expect(code).toMatch(/^export const requires = \[/);
    expect(code).toContain("https://heloc.local/steps/initial-setup/name.json");
    expect(code).not.toMatch(/new Function|eval\(/);
  });

  it("sends a rule set's input validator", async () => {
    const res = await fetch(
      `${prod.url}/api/validators/${prod.services.definitionsVersion}/rules/redirect.js`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("https://heloc.local/rules/redirect.json");
  });

  it("answers 304 to a page that has the module already", async () => {
    const url = `${prod.url}/api/validators/${prod.services.definitionsVersion}/step/name.js`;
    const etag = (await fetch(url)).headers.get("etag")!;
    expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("refuses another definitions version, an unknown step and a rule set with no input, with a 404", async () => {
    const version = prod.services.definitionsVersion;
    expect((await fetch(`${prod.url}/api/validators/000000000000/step/name.js`)).status).toBe(404);
    expect((await fetch(`${prod.url}/api/validators/${version}/step/no-such-step.js`)).status).toBe(404);
    expect((await fetch(`${prod.url}/api/validators/${version}/rules/funnel.js`)).status).toBe(404);
    expect((await fetch(`${prod.url}/api/validators/${version}/other/name.js`)).status).toBe(404);
  });
});
