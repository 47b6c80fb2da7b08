// Outgoing mail (one-time sign-in codes): over SMTP when SMTP_URL is set, otherwise as .eml files
// (RFC 5322, CRLF line ends) in a development outbox that any mail client opens. Mail carries PII
// and codes, so neither the content nor the recipient ever reaches a log line or an error message.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { Metrics } from "../observability/metrics";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a notice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  /** where mail goes, safe to print: SMTP host:port without credentials, or the outbox folder */
  readonly location: string;
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

export function createMailer({ smtpUrl, outboxDir, from }: MailerOptions): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, from) : outboxMailer(outboxDir, from);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const location = smtpLocation(smtpUrl);
  const transport = createTransport(
    // Timeouts well below nodemailer's minutes-long defaults: a sign-in should fail, not hang.
    {
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      logger: false,
      debug: false,
    },
    { from },
  );
  return {
    kind: "smtp",
    location,
    async send(mail) {
      try {
        await transport.sendMail(mail);
      } catch (err) {
        throw sendFailure(`SMTP via ${location}`, err);
      }
    },
  };
}

function outboxMailer(outboxDir: string, from: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from });
  let sequence = 0;
  return {
    kind: "outbox",
    location: outboxDir,
    async send(mail) {
      try {
        const { message } = await transport.sendMail(mail);
        await mkdir(outboxDir, { recursive: true, mode: 0o700 });
        await writeFile(join(outboxDir, outboxFileName(++sequence)), message as Buffer, {
          flag: "wx",
          mode: 0o600,
        });
      } catch (err) {
        throw sendFailure(`the outbox ${outboxDir}`, err);
      }
    },
  };
}

/** `2026-11-22T10-04-05-123Z-000001-9f3a1c.eml`: sorts by time and says nothing about the recipient. */
function outboxFileName(sequence: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${String(sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.eml`;
}

/** host:port of an smtp:// or smtps:// URL, never its user name or password. */
function smtpLocation(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error("SMTP_URL is not a valid URL (expected smtp://user:pass@host:port or smtps://...)");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
}

// The cause is left out on purpose: nodemailer's messages can quote the recipient or the server's
// reply to it. Only the error code (ECONNREFUSED, EAUTH, ...) and SMTP status are kept.
function sendFailure(transport: string, err: unknown): Error {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  const detail = [code, responseCode]
    .filter((part) => typeof part === "string" || typeof part === "number")
    .join(" ");
  return new Error(`mail: sending through ${transport} failed${detail ? ` (${detail})` : ""}`);
}

/** The same mailer, its mail counted as it goes (heloc_mail_queued while sending, then heloc_mail_total by result). */
export function countedMailer(mailer: Mailer, metrics: Pick<Metrics, "mail" | "mailQueued">): Mailer {
  return {
    kind: mailer.kind,
    location: mailer.location,
    async send(mail) {
      metrics.mailQueued.inc();
      try {
        await mailer.send(mail);
        metrics.mail.inc({ result: "sent" });
      } catch (error) {
        metrics.mail.inc({ result: "failed" });
        throw error;
      } finally {
        metrics.mailQueued.dec();
      }
    },
  };
}
