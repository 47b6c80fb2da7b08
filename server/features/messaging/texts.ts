// Every text the server sends goes through here (docs/security.md, "Texts"): first the number must
// be one the lender may text (rules/messaging.json: the regions of its market and the kinds of
// number, so premium-rate, toll-free, Caribbean and Canadian numbers are refused before anything is
// spent), then every budget must hold at once: per device (the applicant's account or browser),
// per IP address and its network, per number, for the whole site per hour, and the day's spend
// cap. Each text sent or refused is counted in message_events (its area code only) for the portal.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { said, type Said } from "@engine/locale/server-words";
import { networkOf } from "@server/transport/security/network";
import type { Services } from "@server/services";
import { budgetsOf, spend } from "./budgets";
import { recordMessage } from "./events";

export type TextRefusal =
  | "region"
  | "numberType"
  | "areaCode"
  | "perSession"
  | "perIp"
  | "perNetwork"
  | "perNumber"
  | "perHour"
  | "dailySpend";

/** What the person is told when a text is refused: the number's own problem, or "not now" (engine words, said in the reader's language). */
export const TEXT_REFUSALS: Record<TextRefusal, Said> = {
  region: said("refusal.text.region"),
  numberType: said("refusal.text.numberType"),
  areaCode: said("refusal.text.areaCode"),
  perSession: said("refusal.text.tooManyCodes"),
  perIp: said("refusal.text.tooManyCodes"),
  perNetwork: said("refusal.text.perNetwork"),
  perNumber: said("refusal.text.perNumber"),
  perHour: said("refusal.text.perHour"),
  dailySpend: said("refusal.text.dailySpend"),
};

export interface TextRequest {
  /** 10 digits, as the application stores a phone. */
  to: string;
  /** Who asks: the connection's address, and their device (the applicant's account, or the browser's sign-in cookie). */
  ip: string;
  device: string;
  /** What it is, for the portal's counts (never the text itself). */
  kind: string;
}

/** Why the lender may not text this number at all, or null when it may (nothing is counted). */
export function numberRefusal(
  services: Pick<Services, "defs" | "budgetsFor">,
  to: string,
): TextRefusal | null {
  const rules = budgetsOf(services).texts;
  const number = /^\d{10}$/.test(to) ? parsePhoneNumberFromString(`+1${to}`) : undefined;
  if (!number?.isValid() || !number.country || !rules.allowedRegions.includes(number.country))
    return "region";
  const type = number.getType();
  if (!type || !(rules.allowedTypes as string[]).includes(type)) return "numberType";
  if (rules.refusedAreaCodes.includes(to.slice(0, 3))) return "areaCode";
  return null;
}

/** Today (UTC) as the key of the day's spend. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function textGate(services: Services) {
  /**
   * Whether this text may go: the number first, then each budget (counting the attempt). A
   * refusal is recorded and returned; nothing is sent either way.
   */
  async function admit(request: TextRequest): Promise<{ ok: true } | { ok: false; reason: TextRefusal }> {
    const refused = async (reason: TextRefusal) => {
      await recordMessage(services, {
        channel: "text",
        outcome: "refused",
        kind: request.kind,
        reason,
        areaCode: request.to.slice(0, 3),
      });
      return { ok: false as const, reason };
    };
    const byNumber = numberRefusal(services, request.to);
    if (byNumber) return refused(byNumber);
    const rules = budgetsOf(services).texts;
    const budgets: [TextRefusal, Parameters<typeof spend>[2], string][] = [
      ["perSession", rules.perSession, request.device],
      ["perIp", rules.perIp, request.ip],
      ["perNetwork", rules.perNetwork, networkOf(request.ip)],
      ["perNumber", rules.perNumber, request.to],
      ["perHour", [{ limit: rules.perHour, minutes: 60 }], "site"],
      [
        "dailySpend",
        [{ limit: Math.floor(rules.dailySpendCapCents / rules.costCents), minutes: 1440 }],
        dayOf(services.now()),
      ],
    ];
    for (const [reason, windows, key] of budgets)
      if (!(await spend(services, `texts.${reason}`, windows, key)).ok) return refused(reason);
    return { ok: true };
  }

  /** Sends a text `admit` let through, and counts it (or its failure). */
  async function deliver(request: TextRequest, text: string): Promise<void> {
    const { costCents } = budgetsOf(services).texts;
    const areaCode = request.to.slice(0, 3);
    try {
      await services.sms.send({ to: request.to, text });
    } catch (error) {
      await recordMessage(services, { channel: "text", outcome: "failed", kind: request.kind, areaCode });
      throw error;
    }
    await recordMessage(services, {
      channel: "text",
      outcome: "sent",
      kind: request.kind,
      areaCode,
      costCents,
    });
  }

  return { admit, deliver };
}
