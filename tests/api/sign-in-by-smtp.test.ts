// The whole code sign-in with SMTP_URL set: the server mails the code through a real SMTP peer on
// loopback, and the code from that mail signs the applicant in.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApplicant } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const inbox: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await testServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("sign-in codes by SMTP", () => {
  it("mails the code to the applicant through the SMTP server, and the code signs them in", async () => {
    const who = await makeApplicant(server.services, { status: "application3" });
    const b = browser(server.url);
    expect((await b.auth("Applicant", "signin/email", { email: who.email })).status).toBe(200);
    await server.services.settled(); // the code is mailed after the answer
    const mail = inbox.at(-1)!;
    expect(mail.to).toEqual([who.email]);
    const code = /code is (\d{6})/.exec(mail.raw)![1]!;
    expect((await b.auth("Applicant", "callback/credentials", { email: who.email, code })).status).toBe(200);
    expect(await b.session()).toMatchObject({
      applicationStatus: "application3",
      applicationRoute: "/app/application/2",
    });
  });
});
