// /portal/messaging: what the site sent and refused (portal.messaging, permission messaging.view,
// the lender's own staff): texts and mails of the last hour and of today, each refusal by the rule
// of rules/messaging.json that made it, the day's text spend against its cap, and the budgets.
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@web/src/api/trpc";
import type { MessagingReport } from "./portal-types";
import { PortalFrame } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

const dollars = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** What each refusal reason means, in a line staff read. */
const REASONS: Record<string, string> = {
  region: "Number outside the lender's market (not a US number)",
  numberType: "Premium-rate, toll-free or personal number",
  areaCode: "Area code refused",
  perSession: "Device budget spent",
  perIp: "IP address budget spent",
  perNetwork: "Network budget spent",
  perNumber: "Number's budget spent",
  perHour: "Site's hourly budget spent",
  dailySpend: "Daily spend cap reached",
  unproven: "Address not proven by its owner",
  perRecipient: "Recipient's budget spent",
  perApplication: "Application's budget spent",
  codesPerRecipient: "Recipient's code budget spent",
};

type Windows = { limit: number; minutes: number }[];
const windows = (w: Windows) =>
  w
    .map(({ limit, minutes }) => `${limit} per ${minutes % 60 ? `${minutes} min` : `${minutes / 60} h`}`)
    .join(", ");

function Counts({ report, channel }: { report: MessagingReport; channel: "text" | "mail" }) {
  const rows = report.counts.filter((c) => c.channel === channel);
  const name = channel === "text" ? "Texts" : "Mail";
  return (
    <section>
      <h2>{name}</h2>
      {rows.length === 0 ? (
        <p>None in the last hour or today.</p>
      ) : (
        <TableRegion label={name} stack>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Why</th>
              <th scope="col">Last hour</th>
              <th scope="col">Today (UTC)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.outcome}|${r.reason ?? ""}`}>
                <td data-label="Outcome">{r.outcome[0]!.toUpperCase() + r.outcome.slice(1)}</td>
                <td data-label="Why">{r.reason ? (REASONS[r.reason] ?? r.reason) : "—"}</td>
                <td data-label="Last hour">{r.lastHour}</td>
                <td data-label="Today (UTC)">{r.today}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </section>
  );
}

function Messaging() {
  const report = useQuery(trpc.portal.messaging.queryOptions({}));
  if (report.isPending) return <Loading label="Counting texts and mail" />;
  if (report.error)
    return <Failure error={report.error} retry={() => void report.refetch()} what="the messaging figures" />;
  const data = report.data;
  const { texts, mail, guests } = data.budgets;
  return (
    <>
      <p className="page-intro">
        Every text costs the lender money and every mail reaches a real inbox: both go out only within the
        budgets below (rules/messaging.json), texts only to numbers of the lender&apos;s market, and mail only
        to addresses their owner proved.
      </p>
      <p>
        Text spend today: <strong>{dollars(data.spentTodayCents)}</strong> of a{" "}
        {dollars(texts.dailySpendCapCents)} cap.
      </p>
      <Counts report={data} channel="text" />
      <Counts report={data} channel="mail" />
      <section>
        <h2>Budgets</h2>
        <dl className="budget-list">
          <dt>Texts to</dt>
          <dd>
            {texts.allowedRegions.join(", ")} numbers ({texts.allowedTypes.join(", ")}); area codes refused:{" "}
            {texts.refusedAreaCodes.join(", ") || "none"}
          </dd>
          <dt>Texts per number</dt>
          <dd>{windows(texts.perNumber)}</dd>
          <dt>Texts per device</dt>
          <dd>{windows(texts.perSession)}</dd>
          <dt>Texts per IP address</dt>
          <dd>{windows(texts.perIp)}</dd>
          <dt>Texts per network</dt>
          <dd>{windows(texts.perNetwork)}</dd>
          <dt>Texts for the whole site</dt>
          <dd>
            {texts.perHour} per hour, {dollars(texts.costCents)} each, at most{" "}
            {dollars(texts.dailySpendCapCents)} a day
          </dd>
          <dt>Mail per recipient</dt>
          <dd>{windows(mail.perRecipient)}</dd>
          <dt>Codes per recipient</dt>
          <dd>{windows(mail.codesPerRecipient)}</dd>
          <dt>Mail per application</dt>
          <dd>{windows(mail.perApplication)}</dd>
          <dt>New applications per IP address</dt>
          <dd>{windows(guests.perIp)}</dd>
        </dl>
      </section>
    </>
  );
}

export default function MessagingPage() {
  return (
    <PortalFrame title="Texts and mail" requires={["messaging.view"]}>
      <Messaging />
    </PortalFrame>
  );
}
