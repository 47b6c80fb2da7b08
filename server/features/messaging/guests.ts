// A visitor's first saved answer starts a guest account and application (step.submit): each one
// is a row, a session and a way to reach the text and mail budgets, so an IP address and its
// network may start only so many (rules/messaging.json guests).
import { said } from "@engine/locale/server-words";
import { refuse } from "@server/features/refusal";
import { networkOf } from "@server/transport/security/network";
import type { Services } from "@server/services";
import { budgetsOf, spend } from "./budgets";

export async function admitGuest(services: Services, ip: string): Promise<void> {
  const { guests } = budgetsOf(services);
  const byIp = await spend(services, "guests.ip", guests.perIp, ip);
  const byNetwork = byIp.ok
    ? await spend(services, "guests.network", guests.perNetwork, networkOf(ip))
    : byIp;
  if (!byNetwork.ok) throw refuse("tooMany", said("refusal.guests.tooMany"));
}
