// A stop (SIGTERM at a deploy, server/main.ts) answers the requests in flight before it closes the
// database: a save the applicant is waiting for is saved and acknowledged, not cut off mid-way.
import { describe, expect, it } from "vitest";
import { users } from "@server/persistence/db/schema";
import { browser, testServer } from "../helpers/server";

describe("stopping the server", () => {
  it("answers a save in flight, then closes", async () => {
    const server = await testServer();
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    // The save is held at its bot check while the stop begins.
    let held!: () => void;
    const reached = new Promise<void>((resolve) => (held = resolve));
    const verify = server.services.botCheck.verify;
    server.services.botCheck.verify = async (...args) => {
      held();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return verify(...args);
    };
    const saving = b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "King" } },
    });
    await reached;
    const stopped = server.close();
    await expect(saving).resolves.toMatchObject({ stepId: "email" });
    await stopped;
    await expect(fetch(`${server.url}/definitions.json`)).rejects.toThrow(); // nothing listens any more
  });

  it("lets the work a save left for after its answer finish before it closes the database", async () => {
    // As a server runs (tests otherwise do that work before the answer).
    const server = await testServer({ awaitWorkAfterSave: false });
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    let finished = false;
    server.services.later(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Still open: a save's work after its answer writes to the database (a signed PDF's key).
      await server.services.db.select().from(users);
      finished = true;
    });
    await server.close();
    expect(finished).toBe(true);
  });
});
