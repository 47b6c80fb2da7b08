// Mail as it really leaves the server: through a real SMTP peer on loopback, or into the
// development outbox as .eml files. Failures must name the transport and never the recipient.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type Mail } from "@server/platform/mail/mailer";

const FROM = "HELOC <no-reply@heloc.test>";
const mail: Mail = {
  to: "applicant@example.com",
  subject: "Your sign-in code",
  text: "Your sign-in code is 482913.\nIt expires in 10 minutes.",
};

type Received = { from?: string; to: string[]; user?: string; raw: string };

describe("mail over SMTP", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      allowInsecureAuth: true, // loopback only, and the test checks the credentials arrive
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          const { mailFrom, rcptTo } = session.envelope;
          received.push({
            from: mailFrom ? mailFrom.address : undefined,
            to: rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw,
          });
          callback();
        });
      },
      logger: false,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the message with its sender, recipient, subject and body", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${port}`,
      outboxDir: "/unused",
      from: FROM,
    });
    expect(mailer.kind).toBe("smtp");
    expect(mailer.location).toBe(`127.0.0.1:${port}`);
    await mailer.send(mail);

    const [message] = received;
    expect(message).toMatchObject({
      from: "no-reply@heloc.test",
      to: ["applicant@example.com"],
      user: "mailer",
    });
    expect(message!.raw).toMatch(/^From: HELOC <no-reply@heloc\.test>\r?$/m);
    expect(message!.raw).toMatch(/^To: applicant@example\.com\r?$/m);
    expect(message!.raw).toMatch(/^Subject: Your sign-in code\r?$/m);
    expect(message!.raw).toContain("Your sign-in code is 482913.");
  });

  it("rejects with an error naming the transport but not the recipient when the server is unreachable", async () => {
    const closedPort = await freePort();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      outboxDir: "/unused",
      from: FROM,
    });
    const error = await mailer.send(mail).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain(`SMTP via 127.0.0.1:${closedPort}`);
    expect(error!.message).not.toContain("applicant@example.com");
    expect(error!.message).not.toContain("482913");
    expect(error!.cause).toBeUndefined();
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps:// without echoing it", () => {
    expect(() =>
      createMailer({ smtpUrl: "https://user:pw-123@mail.test", outboxDir: "/unused", from: FROM }),
    ).toThrow(/^SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/);
  });
});

describe("mail into the development outbox", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "heloc-mail-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes one .eml per message into the folder, creating it, named by time and not by recipient", async () => {
    const outboxDir = join(dir, "outbox");
    const mailer = createMailer({ outboxDir, from: FROM });
    expect(mailer).toMatchObject({ kind: "outbox", location: outboxDir });
    await mailer.send(mail);
    await mailer.send({ ...mail, subject: "Second message", html: "<p>Second</p>" });

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(2);
    for (const name of files) {
      expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-\d{6}-[0-9a-f]{6}\.eml$/);
      expect(name).not.toContain("applicant");
    }
    const [first, second] = await Promise.all(
      [...files].sort().map((f) => readFile(join(outboxDir, f), "utf8")),
    );
    expect(first).toMatch(/^Subject: Your sign-in code\r?$/m);
    expect(first).toMatch(/^To: applicant@example\.com\r?$/m);
    expect(first).toContain("Your sign-in code is 482913.");
    expect(second).toMatch(/^Subject: Second message\r?$/m);
    expect(second).toContain("<p>Second</p>");
  });

  it("rejects with an error naming the outbox but not the recipient when the folder cannot be written", async () => {
    const notADir = join(dir, "a-file");
    await writeFile(notADir, "");
    const error = await createMailer({ outboxDir: notADir, from: FROM })
      .send(mail)
      .then(
        () => null,
        (err: unknown) => err as Error,
      );
    expect(error!.message).toContain(`the outbox ${notADir}`);
    expect(error!.message).not.toContain("applicant@example.com");
  });
});

/** A port nothing listens on: bind one, then let it go. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
