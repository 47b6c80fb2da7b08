// The server's log (server/platform/observability/log.ts): JSON lines with a level name and a
// time, and personal fields censored wherever a line names them, at the top or one level down.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLog, errorKind, flatLineLog } from "@server/platform/observability/log";

function capture(level?: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLog({ dev: false, quiet: false, destination: stream, level }), lines };
}

describe("the server's log", () => {
  it("writes one JSON object a line with the level's name and an ISO time, and no host or pid", () => {
    const { log, lines } = capture();
    log.info({ route: "/healthz", status: 200 }, "GET /healthz 200");
    expect(lines).toEqual([
      {
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        route: "/healthz",
        status: 200,
        msg: "GET /healthz 200",
      },
    ]);
  });

  it("redacts emails, SSNs, dates of birth, phone numbers, names, account numbers and tokens a line names", () => {
    const { log, lines } = capture();
    log.error(
      {
        email: "maria.alvarez@example.com",
        user: {
          ssn: "518274961",
          dateOfBirth: "1981-06-14",
          phone: "8135550142",
          firstName: "Maria",
          lastName: "Alvarez",
        },
        bankAccount: { accountNumber: "000123456789", routingNumber: "021000021" },
        token: "session-token-value",
        headers: { cookie: "session=abc", authorization: "Bearer xyz" },
        step: "name",
      },
      "something failed",
    );
    const text = JSON.stringify(lines);
    for (const value of [
      "maria.alvarez",
      "518274961",
      "1981-06-14",
      "8135550142",
      "Maria",
      "Alvarez",
      "000123456789",
      "021000021",
      "session-token-value",
      "session=abc",
      "xyz",
    ])
      expect(text).not.toContain(value);
    expect(lines[0]).toMatchObject({ email: "[redacted]", user: { ssn: "[redacted]" }, step: "name" });
  });

  it("writes a request's flat line as the log writes it, its personal fields censored all the same", () => {
    const { log, lines } = capture();
    const flat = flatLineLog(log);
    flat.info({ route: "/healthz", status: 200 }, "GET /healthz 200");
    flat.info({ email: "maria.alvarez@example.com", token: "session-token-value", step: "name" }, "x");
    expect(lines[0]).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      route: "/healthz",
      status: 200,
      msg: "GET /healthz 200",
    });
    expect(lines[1]).toMatchObject({ email: "[redacted]", token: "[redacted]", step: "name" });
    expect(JSON.stringify(lines)).not.toMatch(/maria\.alvarez|session-token-value/);
  });

  it("writes nothing below its level, and nothing at all when quiet without a destination", () => {
    const { log, lines } = capture("warn");
    log.info("not written");
    log.warn("written");
    expect(lines.map((l) => l.msg)).toEqual(["written"]);
    expect(createLog({ dev: false, quiet: true }).level).toBe("silent");
  });

  it("names an error by its kind, never its message (which may quote the applicant)", () => {
    expect(errorKind(new TypeError("SSN 518274961 is not a number"))).toBe("TypeError");
    expect(errorKind("518274961")).toBe("string");
  });
});
