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

export function createSmsSender({ outboxDir, twilio }: { outboxDir: string; twilio?: TwilioSettings }): SmsSender {
  return twilio ? twilioSender(twilio) : outboxSender(outboxDir);
}

/** The development outbox: `<time>-<sequence>-<random>.txt` holding "To: <phone>", a blank line and the text. */
function outboxSender(outboxDir: string): SmsSender {
  let sequence = 0;
  return {
    kind: "outbox",
    location: outboxDir,
    async send({ to, text }) {
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(++sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.txt`;
      await writeFile(join(outboxDir, name), `To: ${to}\n\n${text}\n`, { flag: "wx" });
    },
  };
}
