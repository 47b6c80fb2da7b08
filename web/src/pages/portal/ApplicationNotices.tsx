// The notices given on one file (notices.view): each adverse action notice with its reasons, its
// delivery and PDF (with notices.mail, the day a paper one was mailed), and each owner's notice of the right to cancel with how it goes out (emailed, or to be
// mailed by staff), its PDF, each owner's own period and any cancellation; with rescission.record,
// staff record the day a mailed notice reached its owner (their period runs from it) and a
// cancellation an owner mailed; each borrower's FCRA 609(g) notice, and, with credit.recordScore,
// the form that records the credit score used from a report pulled elsewhere (the borrower is then
// sent the notice with it).
import type { Address } from "@engine/generated/schema-types";
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Textarea,
} from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { MailedOnForm, errorAt } from "./MailedOnForm";
import { dateTime } from "./portal-format";
import type { ApplicationNoticesDetail } from "./portal-types";
import { usePortalMe } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** A calendar day (yyyy-MM-dd, the lender's) as "Oct 14, 2026", whatever the browser's time zone. */
const day = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

type AdverseNotice = ApplicationNoticesDetail["adverseAction"][number];

/** A mailing address on one line. */
const oneLine = (a: Record<string, unknown>) =>
  [a.line1, a.line2, a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");

const ADDRESS_FIELDS = [
  { key: "line1", label: "Mailed to: street address" },
  { key: "line2", label: "Apartment, suite (optional)" },
  { key: "city", label: "City" },
  { key: "state", label: "State (2 letters)" },
  { key: "zip", label: "ZIP code" },
] as const;
type AddressKey = (typeof ADDRESS_FIELDS)[number]["key"];

/** With notices.mail: the day an early decline's paper notice was mailed, and where when no address was on file (portal.notices.recordDeclineMailed). */
function RecordDeclineMailed({
  applicationId,
  notice,
  onRecorded,
}: {
  applicationId: string;
  notice: AdverseNotice;
  onRecorded(): void;
}) {
  const record = useMutation(trpc.portal.notices.recordDeclineMailed.mutationOptions());
  const [mailedOn, setMailedOn] = useState("");
  // No address on file: staff give the one they found and mailed the notice to.
  const needsAddress = !notice.mailTo;
  const [address, setAddress] = useState<Record<AddressKey, string>>({
    line1: "",
    line2: "",
    city: "",
    state: "",
    zip: "",
  });
  const failure = record.error ? classifyApiError(record.error) : null;
  const submit = () => {
    const mailTo = needsAddress
      ? {
          line1: address.line1.trim(),
          line2: address.line2.trim() || null,
          city: address.city.trim(),
          // The server judges the state (and every field) against schemas/address.json, naming the field it refuses.
          state: address.state.trim().toUpperCase() as Address["state"],
          zip: address.zip.trim(),
        }
      : undefined;
    record.mutate(
      { applicationId, index: notice.index, mailedOn, ...(mailTo ? { mailTo } : {}) },
      { onSuccess: onRecorded },
    );
  };
  return (
    <MailedOnForm
      label={`Record the mailing of the notice given ${dateTime(notice.decidedAt)}`}
      mailedOn={mailedOn}
      onMailedOn={setMailedOn}
      failure={failure}
      pending={record.isPending}
      onSubmit={submit}
    >
      {needsAddress
        ? ADDRESS_FIELDS.map((f) => {
            const message =
              errorAt(failure, `/mailTo/${f.key}`) ??
              (f.key === "line1" ? errorAt(failure, "/mailTo") : undefined);
            return (
              <Field
                key={f.key}
                label={f.label}
                required={f.key !== "line2"}
                validationMessage={message}
                validationState={message ? "error" : "none"}
              >
                <Input
                  value={address[f.key]}
                  autoComplete="off"
                  onChange={(_, d) => setAddress({ ...address, [f.key]: d.value })}
                />
              </Field>
            );
          })
        : null}
    </MailedOnForm>
  );
}

function NoticeDelivery({
  applicationId,
  notice,
  onRecorded,
}: {
  applicationId: string;
  notice: AdverseNotice;
  onRecorded(): void;
}) {
  const me = usePortalMe();
  if (notice.delivery !== "mail") return <>Emailed with its PDF</>;
  const to = notice.mailTo ? oneLine(notice.mailTo) : null;
  if (notice.mailedOn)
    return (
      <>
        Mailed {day(notice.mailedOn)} to {to ?? "the address staff found"}
      </>
    );
  return (
    <>
      <p>To be mailed to {to ?? "(no mailing address on file: find the applicant's address first)"}.</p>
      {me.can("notices.mail") ? (
        <RecordDeclineMailed applicationId={applicationId} notice={notice} onRecorded={onRecorded} />
      ) : null}
    </>
  );
}

function AdverseActionNotices({
  applicationId,
  notices,
  onRecorded,
}: {
  applicationId: string;
  notices: ApplicationNoticesDetail["adverseAction"];
  onRecorded(): void;
}) {
  if (!notices.length)
    return <p className="meta">No adverse action notice: the application was not declined.</p>;
  return (
    <TableRegion label="Adverse action notices" stack>
      <thead>
        <tr>
          <th scope="col">Decided and given</th>
          <th scope="col">Principal reasons</th>
          <th scope="col">Delivery</th>
          <th scope="col">Notice</th>
        </tr>
      </thead>
      <tbody>
        {notices.map((n) => (
          <tr key={n.index}>
            <td data-label="Decided and given">
              {dateTime(n.decidedAt)}
              {n.unconfirmedSince ? (
                <span className="meta">
                  {" "}
                  (issued by the server: unconfirmed since {dateTime(n.unconfirmedSince)})
                </span>
              ) : null}
            </td>
            <td data-label="Principal reasons">{n.reasons.map((r) => r.text).join("; ")}</td>
            <td data-label="Delivery">
              <NoticeDelivery applicationId={applicationId} notice={n} onRecorded={onRecorded} />
            </td>
            <td data-label="Notice">
              <a href={n.pdfUrl} download>
                PDF<span className="visually-hidden"> of the notice given {dateTime(n.decidedAt)}</span>
              </a>{" "}
              <span className="meta">version {n.version}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

function RecordCancellation({
  applicationId,
  holders,
  onRecorded,
}: {
  applicationId: string;
  holders: ApplicationNoticesDetail["rightToCancel"]["holders"];
  onRecorded(): void;
}) {
  const record = useMutation(trpc.portal.notices.recordCancellation.mutationOptions());
  const [holder, setHolder] = useState(holders[0]?.key ?? "");
  const [sentOn, setSentOn] = useState("");
  const error = record.error ? classifyApiError(record.error).message : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ applicationId, holder, sentOn }, { onSuccess: onRecorded });
  };
  return (
    <form className="portal-note-form" onSubmit={onSubmit} aria-labelledby="record-cancellation">
      <h4 id="record-cancellation" className="portal-subtitle">
        Record a mailed cancellation
      </h4>
      <OwnerField label="Owner who cancelled" holders={holders} value={holder} onChange={setHolder} />
      <Field
        label="Sent on (the postmark or delivery date)"
        required
        validationMessage={error}
        validationState={error ? "error" : "none"}
      >
        <Input type="date" value={sentOn} required onChange={(_, d) => setSentOn(d.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={record.isPending || !sentOn}>
        Record the cancellation
      </Button>
    </form>
  );
}

/** A choice among the owners who hold the right to cancel. */
function OwnerField({
  label,
  holders,
  value,
  onChange,
}: {
  label: string;
  holders: ApplicationNoticesDetail["rightToCancel"]["holders"];
  value: string;
  onChange(key: string): void;
}) {
  return (
    <Field label={label}>
      <Select value={value} onChange={(_, d) => onChange(d.value)}>
        {holders.map((h) => (
          <option key={h.key} value={h.key}>
            {h.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function RecordDelivery({
  applicationId,
  holders,
  onRecorded,
}: {
  applicationId: string;
  holders: ApplicationNoticesDetail["rightToCancel"]["holders"];
  onRecorded(): void;
}) {
  const record = useMutation(trpc.portal.notices.recordDelivery.mutationOptions());
  const [holder, setHolder] = useState(holders[0]?.key ?? "");
  const [deliveredOn, setDeliveredOn] = useState("");
  const [via, setVia] = useState<"mail" | "in person">("mail");
  const error = record.error ? classifyApiError(record.error).message : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ applicationId, holder, deliveredOn, via }, { onSuccess: onRecorded });
  };
  return (
    <form className="portal-note-form" onSubmit={onSubmit} aria-labelledby="record-delivery">
      <h4 id="record-delivery" className="portal-subtitle">
        Record a mailed notice's delivery
      </h4>
      <p className="meta">
        That owner's three business days run from the day the notice reached them (or from the account
        opening, if later). No draw is released before they end.
      </p>
      <OwnerField
        label="Owner the notice was mailed to"
        holders={holders}
        value={holder}
        onChange={setHolder}
      />
      <Field label="How it reached them">
        <Select value={via} onChange={(_, d) => setVia(d.value as "mail" | "in person")}>
          <option value="mail">By mail</option>
          <option value="in person">Handed to them</option>
        </Select>
      </Field>
      <Field
        label="Delivered on (the day the owner received it)"
        required
        validationMessage={error}
        validationState={error ? "error" : "none"}
      >
        <Input type="date" value={deliveredOn} required onChange={(_, d) => setDeliveredOn(d.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={record.isPending || !deliveredOn}>
        Record the delivery
      </Button>
    </form>
  );
}

type HolderNotice = ApplicationNoticesDetail["rightToCancel"]["holders"][number];

/** How a holder's notice went, and when it reached them. */
function deliveryText(h: HolderNotice): string {
  if (h.delivery === "email") return "Delivered electronically when the account opened";
  if (!h.deliveredOn)
    return "To be mailed by us (no E-SIGN consent or proven address); delivery not recorded yet";
  return `Mailed by us; ${h.deliveryRecorded?.via === "in person" ? "handed over" : "received"} ${day(h.deliveredOn)}${h.deliveryRecorded ? ` (recorded by ${h.deliveryRecorded.recordedBy})` : ""}`;
}

/** Why nobody holds the right (yet): each owner on the title answers for themselves, after submission. */
function noRightText(right: ApplicationNoticesDetail["rightToCancel"]): string {
  if (right.titleOwners === 0)
    return "Who holds a right to cancel is known once the application names the owners on the home's title.";
  if (right.undecidedOwners > 0)
    return `Who holds a right to cancel is known once each owner on the title says whether the home is their principal dwelling (asked after submission): ${right.titleOwners - right.undecidedOwners} of ${right.titleOwners} answered, none of them yes.`;
  return "No right to cancel: no owner on the title has the home as their principal dwelling.";
}

function RightToCancelNotices({
  applicationId,
  right,
  onRecorded,
}: {
  applicationId: string;
  right: ApplicationNoticesDetail["rightToCancel"];
  onRecorded(): void;
}) {
  const me = usePortalMe();
  if (!right.applies) return <p className="meta">{noRightText(right)}</p>;
  return (
    <>
      {right.period ? (
        <p>
          Account opened {day(right.period.startDate)}; the borrowers' period runs to midnight on{" "}
          {day(right.period.endDate)} ({right.period.timeZone}).{" "}
          {right.drawReleasable
            ? "Every owner's period has ended: the draw may be released."
            : "The draw is held until every owner's period below has ended."}
        </p>
      ) : (
        <p className="meta">
          The period starts when the account opens (the closing documents signed and notarized); each owner's
          notice is given then.
        </p>
      )}
      {right.cancellation ? (
        <MessageBar intent="warning" className="portal-message">
          <MessageBarBody>
            Cancelled by {right.cancellation.name} ({right.cancellation.via === "mail" ? "by mail" : "online"}
            ), sent on {day(right.cancellation.sentOn)}; recorded {dateTime(right.cancellation.cancelledAt)}{" "}
            by {right.cancellation.recordedBy.name}. No draw can be released.
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <TableRegion label="Notices of the right to cancel" stack>
        <thead>
          <tr>
            <th scope="col">Owner</th>
            <th scope="col">Delivery</th>
            <th scope="col">Their period</th>
            <th scope="col">Notice</th>
          </tr>
        </thead>
        <tbody>
          {right.holders.map((h) => (
            <tr key={h.key}>
              <td data-label="Owner">{h.name}</td>
              <td data-label="Delivery">{deliveryText(h)}</td>
              <td data-label="Their period">
                {h.period
                  ? `To midnight on ${day(h.period.endDate)}`
                  : right.period
                    ? "Not started: no delivery recorded (the draw stays held)"
                    : "Not started"}
              </td>
              <td data-label="Notice">
                {h.pdfUrl ? (
                  <a href={h.pdfUrl} download>
                    PDF, two copies<span className="visually-hidden"> for {h.name}</span>
                  </a>
                ) : (
                  <span className="meta">Not given yet</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
      {right.period &&
      !right.cancellation &&
      me.can("rescission.record") &&
      right.holders.some((h) => h.delivery === "mail") ? (
        <RecordDelivery
          applicationId={applicationId}
          holders={right.holders.filter((h) => h.delivery === "mail")}
          onRecorded={onRecorded}
        />
      ) : null}
      {right.open && me.can("rescission.record") ? (
        <RecordCancellation
          applicationId={applicationId}
          holders={right.holders.filter((h) => h.open)}
          onRecorded={onRecorded}
        />
      ) : null}
    </>
  );
}

type CreditScores = ApplicationNoticesDetail["creditScores"];

const EMPTY_SCORE = {
  score: "",
  model: "",
  rangeLow: "",
  rangeHigh: "",
  createdOn: "",
  rankedAbovePercent: "",
  agencyName: "",
  agencyAddress: "",
  agencyPhone: "",
  keyFactors: "",
};

function RecordCreditScore({
  applicationId,
  borrowers,
  onRecorded,
}: {
  applicationId: string;
  borrowers: CreditScores;
  onRecorded(): void;
}) {
  const record = useMutation(trpc.portal.notices.recordCreditScore.mutationOptions());
  const [borrower, setBorrower] = useState(borrowers[0]?.borrower ?? "");
  const [form, setForm] = useState(EMPTY_SCORE);
  const set = (key: keyof typeof EMPTY_SCORE) => (_: unknown, d: { value: string }) =>
    setForm((f) => ({ ...f, [key]: d.value }));
  const failure = record.error ? classifyApiError(record.error) : null;
  // A refusal names the field (/creditScoreUsed/score...): shown under it; anything else under the form.
  const fieldErrors = failure?.kind === "fields" ? failure.fieldErrors : [];
  const errorAt = (pointer: string) =>
    fieldErrors.find((e) => e.pointer === pointer || e.pointer.startsWith(`${pointer}/`))?.message;
  const shownAt = [
    "/borrower",
    ...[
      "score",
      "model",
      "rangeLow",
      "rangeHigh",
      "createdOn",
      "rankedAbovePercent",
      "agency/name",
      "agency/address",
      "agency/phone",
      "keyFactors",
    ].map((k) => `/creditScoreUsed/${k}`),
  ];
  const unplaced = fieldErrors.filter(
    (e) => !shownAt.some((p) => e.pointer === p || e.pointer.startsWith(`${p}/`)),
  );
  const general =
    failure && failure.kind !== "fields"
      ? failure.message
      : unplaced.length
        ? unplaced.map((e) => e.message).join(" ")
        : undefined;
  const field = (pointer: string) => {
    const message = errorAt(pointer);
    return { validationMessage: message, validationState: message ? ("error" as const) : ("none" as const) };
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keyFactors = form.keyFactors
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const creditScoreUsed = {
      score: Number(form.score),
      model: form.model.trim(),
      rangeLow: Number(form.rangeLow),
      rangeHigh: Number(form.rangeHigh),
      createdOn: form.createdOn,
      rankedAbovePercent: Number(form.rankedAbovePercent),
      agency: {
        name: form.agencyName.trim(),
        address: form.agencyAddress.trim(),
        phone: form.agencyPhone.trim(),
      },
      keyFactors,
    };
    record.mutate(
      { applicationId, borrower, creditScoreUsed },
      { onSuccess: () => (setForm(EMPTY_SCORE), onRecorded()) },
    );
  };
  return (
    <form className="portal-note-form" onSubmit={onSubmit} aria-labelledby="record-credit-score">
      <h4 id="record-credit-score" className="portal-subtitle">
        Record the credit score used
      </h4>
      <p className="meta">
        From the credit report you pulled. The borrower is sent the Notice to the Home Loan Applicant with it,
        with the risk-based pricing notice (the margin depends on credit), by email and on their application's
        page.
      </p>
      <Field label="Borrower" {...field("/borrower")}>
        <Select value={borrower} onChange={(_, d) => setBorrower(d.value)}>
          {borrowers.map((b) => (
            <option key={b.borrower} value={b.borrower}>
              {b.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Credit score" required {...field("/creditScoreUsed/score")}>
        <Input inputMode="numeric" value={form.score} required onChange={set("score")} />
      </Field>
      <Field label="Scoring model (for example FICO Score 8)" required {...field("/creditScoreUsed/model")}>
        <Input value={form.model} required onChange={set("model")} />
      </Field>
      <Field label="Lowest possible score of the model" required {...field("/creditScoreUsed/rangeLow")}>
        <Input inputMode="numeric" value={form.rangeLow} required onChange={set("rangeLow")} />
      </Field>
      <Field label="Highest possible score of the model" required {...field("/creditScoreUsed/rangeHigh")}>
        <Input inputMode="numeric" value={form.rangeHigh} required onChange={set("rangeHigh")} />
      </Field>
      <Field label="Date the score was created" required {...field("/creditScoreUsed/createdOn")}>
        <Input type="date" value={form.createdOn} required onChange={set("createdOn")} />
      </Field>
      <Field
        label="Percent of consumers with a lower score (from the agency's distribution for this model)"
        required
        {...field("/creditScoreUsed/rankedAbovePercent")}
      >
        <Input
          inputMode="numeric"
          value={form.rankedAbovePercent}
          required
          onChange={set("rankedAbovePercent")}
        />
      </Field>
      <Field
        label="Consumer reporting agency that provided it"
        required
        {...field("/creditScoreUsed/agency/name")}
      >
        <Input value={form.agencyName} required onChange={set("agencyName")} />
      </Field>
      <Field label="Agency's address" required {...field("/creditScoreUsed/agency/address")}>
        <Input value={form.agencyAddress} required onChange={set("agencyAddress")} />
      </Field>
      <Field label="Agency's telephone" required {...field("/creditScoreUsed/agency/phone")}>
        <Input value={form.agencyPhone} required onChange={set("agencyPhone")} />
      </Field>
      <Field
        label="Key factors that adversely affected the score, one a line, most important first (at most 4, or 5 with inquiries)"
        {...field("/creditScoreUsed/keyFactors")}
      >
        <Textarea value={form.keyFactors} resize="vertical" onChange={set("keyFactors")} />
      </Field>
      {general ? (
        <MessageBar intent="error" className="portal-message">
          <MessageBarBody>{general}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Button type="submit" appearance="primary" disabled={record.isPending}>
        Record the score and send the notice
      </Button>
    </form>
  );
}

function CreditScoreNotices({
  applicationId,
  scores,
  onRecorded,
}: {
  applicationId: string;
  scores: CreditScores;
  onRecorded(): void;
}) {
  const me = usePortalMe();
  return (
    <>
      <TableRegion label="Credit score notices" stack>
        <thead>
          <tr>
            <th scope="col">Borrower</th>
            <th scope="col">Score used</th>
            <th scope="col">Notice sent</th>
            <th scope="col">Notice</th>
          </tr>
        </thead>
        <tbody>
          {scores.map((b) => (
            <tr key={b.borrower}>
              <td data-label="Borrower">{b.name}</td>
              <td data-label="Score used">
                {b.used
                  ? `${b.used.score} (${b.used.model}, ${b.used.rangeLow} to ${b.used.rangeHigh}), created ${day(b.used.createdOn)} by ${b.used.agency.name}`
                  : "None recorded yet: the notice says no agency score has been used"}
              </td>
              <td data-label="Notice sent">
                {b.notices.length
                  ? b.notices.map((n) => `${dateTime(n.givenAt)} by ${n.sentBy}`).join("; ")
                  : "Only with the disclosures they sign"}
              </td>
              <td data-label="Notice">
                <a href={b.pdfUrl} download>
                  PDF<span className="visually-hidden"> of the credit score notice for {b.name}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
      {me.can("credit.recordScore") && scores.length ? (
        <RecordCreditScore applicationId={applicationId} borrowers={scores} onRecorded={onRecorded} />
      ) : null}
    </>
  );
}

export function ApplicationNotices({
  applicationId,
  onChanged,
}: {
  applicationId: string;
  onChanged(): void;
}) {
  const notices = useQuery(trpc.portal.notices.ofApplication.queryOptions({ applicationId }));
  if (notices.isPending) return <Loading label="Loading the notices" />;
  if (notices.error)
    return <Failure error={notices.error} retry={() => void notices.refetch()} what="the notices" />;
  return (
    <>
      <h3 className="portal-subtitle">Adverse action</h3>
      <AdverseActionNotices
        applicationId={applicationId}
        notices={notices.data.adverseAction}
        onRecorded={() => {
          void notices.refetch();
          onChanged();
        }}
      />
      <h3 className="portal-subtitle">Credit score (FCRA 609(g))</h3>
      <CreditScoreNotices
        applicationId={applicationId}
        scores={notices.data.creditScores}
        onRecorded={() => {
          void notices.refetch();
          onChanged();
        }}
      />
      <h3 className="portal-subtitle">Right to cancel</h3>
      <RightToCancelNotices
        applicationId={applicationId}
        right={notices.data.rightToCancel}
        onRecorded={() => {
          void notices.refetch();
          onChanged();
        }}
      />
    </>
  );
}
