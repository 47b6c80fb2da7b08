// Text messages (phone verification codes) behind one interface. Locally they go to a development
// outbox, one .txt file each; with TWILIO_* set they go through Twilio's Messages API
// (./twilio.ts). Texts carry codes and phone numbers, so neither reaches a log line or an error.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { twilioSender, type TwilioSettings } from "./twilio";

export interface TextMessage {
  /** 10 US digits, as the application stores a phone. */
  to: string;
  text: string;
}

export interface SmsSender {
  readonly kind: "outbox" | "twilio";
  /** Where texts go, safe to print. */
  readonly location: string;
  send(message: TextMessage): Promise<void>;
}

export function createSmsSender({
  outboxDir,
  twilio,
}: {
  outboxDir: string;
  twilio?: TwilioSettings;
}): SmsSender {
  return twilio ? twilioSender(twilio) : outboxSender(outboxDir);
}

/** How the outbox names a phone: its last 4 digits, enough to tell test phones apart, too little to be personal data at rest. */
export const outboxPhone = (to: string) => `(***) ***-${to.slice(-4)}`;

/**
 * The development outbox: `<time>-<sequence>-<random>.txt` holding "To: <phone's last 4>", a blank line
 * and the text, readable only by the server's user.
 */
function outboxSender(outboxDir: string): SmsSender {
  let sequence = 0;
  return {
    kind: "outbox",
    location: outboxDir,
    async send({ to, text }) {
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(++sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.txt`;
      await writeFile(join(outboxDir, name), `To: ${outboxPhone(to)}\n\n${text}\n`, {
        flag: "wx",
        mode: 0o600,
      });
    },
  };
}
