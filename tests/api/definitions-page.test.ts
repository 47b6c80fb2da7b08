// definitions.page over real HTTP: what a funnel page is sent of the definitions (engine/ship/page-files.ts;
// tests/unit/page-files.test.ts checks that a page decides with them as with the whole bundle).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

describe("definitions.page", () => {
  it("sends a page its step whole and the others outlined, by route, with the served version", async () => {
    const b = browser(server.url);
    const page = await b.trpc.definitions.page.query({ route: "/app/initial-setup/name/" });
    expect(page.version).toBe(server.services.definitionsVersion);
    expect(page.whole).toEqual(["name"]);
    expect(page.modules).toEqual(["step/name"]);
    expect(page.files.schemas).toEqual({});
    expect(page.files.steps["initial-setup/name.json"]).toMatchObject({
      id: "name",
      title: expect.any(String),
      uiSchema: {},
    });
    expect(page.files.steps["initial-setup/email.json"]).not.toHaveProperty("uiSchema");
    // A page with no step gets the outlines only.
    expect((await b.trpc.definitions.page.query({ route: "/app/bank-statement" })).whole).toEqual([]);
  });

  it("sends one step's own files by id, and refuses an unknown step or an input with both", async () => {
    const b = browser(server.url);
    const part = await b.trpc.definitions.page.query({ stepId: "email" });
    expect(part.whole).toEqual(["email"]);
    expect(Object.keys(part.files.steps)).toEqual(["initial-setup/email.json"]);
    await expect(b.trpc.definitions.page.query({ stepId: "noSuchStep" })).rejects.toSatisfy(
      (e) => (e as { data?: { httpStatus?: number } }).data?.httpStatus === 400,
    );
    await expect(
      b.trpc.definitions.page.query({ stepId: "email", route: "/app/initial-setup/email" } as never),
    ).rejects.toSatisfy((e) => (e as { data?: { httpStatus?: number } }).data?.httpStatus === 400);
  });
});
