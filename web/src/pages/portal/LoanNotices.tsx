// The notices given on a loan file (portal.loan.get notices): each decision, counteroffer,
// incompleteness and valuation-copy notice with its reader and how it went. A notice that could
// not go electronically (no E-SIGN consent or no proven email) waits in the print-and-mail queue
// with the mailing address; staff with notices.mail record the day they mailed it
// (portal.loan.recordNoticeMailed), which is when a valuation's mailed copy starts to count.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { MailedOnForm } from "./MailedOnForm";
import { dateTime } from "./portal-format";
import type { LoanFileDetail } from "./portal-types";
import { usePortalMe } from "./PortalFrame";
import { TableRegion } from "./TableRegion";

type Notice = LoanFileDetail["notices"][number];

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

function RecordMailed({
  applicationId,
  notice,
  onSaved,
}: {
  applicationId: string;
  notice: Notice;
  onSaved(): void;
}) {
  const [mailedOn, setMailedOn] = useState("");
  const record = useMutation(trpc.portal.loan.recordNoticeMailed.mutationOptions());
  return (
    <MailedOnForm
      label={`Record the mailing of ${notice.title} to ${notice.name ?? notice.to}`}
      mailedOn={mailedOn}
      onMailedOn={setMailedOn}
      failure={record.error ? classifyApiError(record.error) : null}
      pending={record.isPending}
      onSubmit={() => record.mutate({ applicationId, noticeId: notice.id, mailedOn }, { onSuccess: onSaved })}
    />
  );
}

function Delivery({
  applicationId,
  notice,
  onSaved,
}: {
  applicationId: string;
  notice: Notice;
  onSaved(): void;
}) {
  const me = usePortalMe();
  const { delivery } = notice;
  if (delivery.via === "electronic") return <>Emailed with its PDF</>;
  if (delivery.mailedOn)
    return (
      <>
        Mailed {day(delivery.mailedOn)} to {delivery.mailingAddress ?? "the address on file"}
      </>
    );
  return (
    <>
      <p>
        To be mailed to {delivery.mailingAddress ?? "(no mailing address on file)"}
        {delivery.why ? ` (${delivery.why})` : ""}.
      </p>
      {me.can("notices.mail") ? (
        <RecordMailed applicationId={applicationId} notice={notice} onSaved={onSaved} />
      ) : null}
    </>
  );
}

export function LoanNotices({
  file,
  applicationId,
  onChanged,
}: {
  file: LoanFileDetail;
  applicationId: string;
  onChanged(): void;
}) {
  if (!file.notices.length) return null;
  return (
    <>
      <h3 className="portal-subtitle">Notices given</h3>
      <TableRegion label="Notices given on this file" stack>
        <thead>
          <tr>
            <th scope="col">Notice</th>
            <th scope="col">To</th>
            <th scope="col">Given</th>
            <th scope="col">Delivery</th>
          </tr>
        </thead>
        <tbody>
          {file.notices.map((n) => (
            <tr key={n.id}>
              <td data-label="Notice">{n.title}</td>
              <td data-label="To">{n.name ?? n.to}</td>
              <td data-label="Given">{dateTime(n.givenAt)}</td>
              <td data-label="Delivery">
                <Delivery applicationId={applicationId} notice={n} onSaved={onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </>
  );
}
