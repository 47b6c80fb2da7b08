// npm start, as a person runs it: a real process on a loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../engine/load";

let server: ChildProcess;
let base = "";

beforeAll(async () => {
  server = spawn(join(REPO_ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], { cwd: REPO_ROOT, env: { ...process.env, PORT: "0" } });
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (chunk) => {
      out += chunk;
      const m = /running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m) resolve(m[1]!);
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
});

afterAll(() => {
  server?.kill("SIGTERM");
});

describe("npm start", () => {
  it("prints its URL and serves the definitions overview", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Employment History");
    expect(html).toContain("redirect.fresh-load");
  });

  it("serves the steps and flows as JSON", async () => {
    const json = (await (await fetch(`${base}/api/definitions`)).json()) as { steps: { id: string; rank: number }[]; flows: { id: string }[] };
    expect(json.steps.find((s) => s.id === "application5")?.rank).toBe(16);
    expect(json.flows.map((f) => f.id).sort()).toEqual(["application", "earlyFunnel"]);
  });
});
