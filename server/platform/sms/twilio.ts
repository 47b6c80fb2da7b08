// The adapter for a real SMS provider: Twilio's Messages API over HTTPS (no SDK: one form POST).
// Chosen by TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM; without them texts go to the
// development outbox. It cannot be exercised here (no network), so nothing in the tests calls it.
import type { SmsSender } from "./sender";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number in E.164 (+15551234567) or a messaging service SID. */
  from: string;
  /** Only to test against a local stand-in; Twilio's own address otherwise. */
  apiBase?: string;
}

export function twilioSender({
  accountSid,
  authToken,
  from,
  apiBase = "https://api.twilio.com",
}: TwilioSettings): SmsSender {
  const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const sender: Record<string, string> = from.startsWith("MG")
    ? { MessagingServiceSid: from }
    : { From: from };
  return {
    kind: "twilio",
    location: `Twilio account ${accountSid.slice(0, 6)}…`,
    async send({ to, text }) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: `+1${to}`, Body: text, ...sender }),
        signal: AbortSignal.timeout(10_000),
      });
      // The status only: Twilio's error body may repeat the number.
      if (!res.ok) throw new Error(`Twilio answered ${res.status}`);
    },
  };
}
