// /portal/identity-reviews: the manual identity review queue. Each pending check shows the ID's
// sides inline beside what the application says of the borrower (name, date of birth, home
// address), to compare; the reviewer approves it or rejects it with a reason the applicant reads.
import { Button, Field, MessageBar, MessageBarBody, Spinner, Textarea } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { trpc } from "@web/src/api/trpc";
import { useNotify } from "@web/src/shell/notify";
import type { Definitions } from "@engine/definitions/definitions";
import { idTypeSides, idTypeTitle } from "@engine/lending/catalogue";
import { useDefinitions } from "../funnel/definitions";
import { IdPhoto } from "./IdPhoto";
import { dateTime, enumLabel } from "./portal-format";
import type { PendingReview } from "./portal-types";
import { PortalFrame, usePortalMe } from "./PortalFrame";
import { errorCode, errorMessage, Failure, Loading } from "./PortalStates";

/**
 * The side each upload of a case shows: the server lists a case's uploads in the order the
 * document catalogue (rules/document-types.json) names the ID type's sides (front, then back).
 */
function sideLabels(defs: Definitions | undefined, idType: string, count: number): string[] {
  const sides = defs ? idTypeSides(defs, idType) : [];
  return Array.from({ length: count }, (_, i) =>
    sides[i] ? `${sides[i]![0]!.toUpperCase()}${sides[i]!.slice(1)} of the ID` : `ID image ${i + 1}`,
  );
}

/** "March 14, 1984" for a yyyy-MM-dd date. */
const longDay = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(`${iso}T00:00:00Z`));

function ReviewCard({
  review,
  enums,
  defs,
  onDecided,
}: {
  review: PendingReview;
  enums: unknown;
  defs: Definitions | undefined;
  onDecided(): void;
}) {
  const me = usePortalMe();
  const notify = useNotify();
  const approve = useMutation(trpc.portal.identityReviews.approve.mutationOptions());
  const reject = useMutation(trpc.portal.identityReviews.reject.mutationOptions());
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const name = review.name ?? "Unnamed applicant";
  const idType =
    (defs && idTypeTitle(defs, review.idType)) ?? enumLabel(enums, "idDocumentSubtype", review.idType);
  const busy = approve.isPending || reject.isPending;
  const failed = approve.error ?? reject.error;
  const headingId = `review-${review.id}`;

  const done = (what: string) => {
    notify({ intent: "success", title: `${what}: ${name}` });
    onDecided();
  };
  // Decided meanwhile by someone else, or gone: say so and show the queue as it is now.
  const onError = (error: unknown) => {
    if (!["CONFLICT", "NOT_FOUND"].includes(errorCode(error))) return;
    notify({ intent: "warning", title: errorMessage(error) });
    onDecided();
  };
  const onApprove = () =>
    approve.mutate({ reviewId: review.id }, { onSuccess: () => done("Identity approved"), onError });
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError("Enter the reason: the applicant reads it to upload a better photo.");
      return;
    }
    setReasonError(null);
    reject.mutate(
      { reviewId: review.id, reason: reason.trim() },
      { onSuccess: () => done("Identity rejected"), onError },
    );
  };

  return (
    <article className="portal-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-card__title">
        {name}
      </h2>
      <p className="meta">
        {me.borrower(review.borrower)} · {idType} · waiting since {dateTime(review.createdAt)} ·{" "}
        <Link to={`/portal/applications/${review.applicationId}`}>
          Open the application<span className="visually-hidden"> of {name}</span>
        </Link>
      </p>
      <div className="portal-compare">
        <dl className="portal-compare__facts" aria-label={`What the application says of ${name}`}>
          <div>
            <dt>Name</dt>
            <dd>{review.name ?? "Not given"}</dd>
          </div>
          <div>
            <dt>Date of birth</dt>
            <dd>{review.dateOfBirth ? longDay(review.dateOfBirth) : "Not given yet"}</dd>
          </div>
          <div>
            <dt>Home address</dt>
            <dd className="portal-break">{review.address ?? "Not given yet"}</dd>
          </div>
        </dl>
        <div className="portal-photos">
          {sideLabels(defs, review.idType, review.uploadIds.length).map((label, i) => (
            <IdPhoto key={review.uploadIds[i]} uploadId={review.uploadIds[i]!} label={label} />
          ))}
        </div>
      </div>
      {failed ? (
        <MessageBar intent="error" role="alert" className="portal-message">
          <MessageBarBody>{errorMessage(failed)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {rejecting ? (
        <form className="form-stack" onSubmit={onReject} noValidate>
          <Field
            label="Reason for rejecting"
            required
            hint="The applicant reads this, so say what to fix (e.g. the photo is blurry)."
            validationMessage={reasonError}
            validationState={reasonError ? "error" : "none"}
          >
            <Textarea
              value={reason}
              onChange={(_, d) => setReason(d.value)}
              resize="vertical"
              maxLength={500}
            />
          </Field>
          <div className="actions">
            <Button
              type="submit"
              appearance="primary"
              disabledFocusable={busy}
              icon={reject.isPending ? <Spinner size="extra-tiny" aria-label="Working" /> : undefined}
            >
              Reject the ID
            </Button>
            <Button onClick={() => setRejecting(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="actions">
          <Button
            appearance="primary"
            onClick={onApprove}
            disabledFocusable={busy}
            icon={approve.isPending ? <Spinner size="extra-tiny" aria-label="Working" /> : undefined}
          >
            Approve<span className="visually-hidden"> the ID of {name}</span>
          </Button>
          <Button onClick={() => setRejecting(true)} disabled={busy}>
            Reject<span className="visually-hidden"> the ID of {name}</span>
          </Button>
        </div>
      )}
    </article>
  );
}

function Queue() {
  const pending = useQuery(trpc.portal.identityReviews.pending.queryOptions({}));
  const { defs } = useDefinitions();
  if (pending.isPending) return <Loading label="Loading the queue" />;
  if (pending.error)
    return <Failure error={pending.error} retry={() => void pending.refetch()} what="the review queue" />;
  const reviews = pending.data.reviews;
  return (
    <>
      <p className="page-intro">
        Photo IDs waiting for a person, oldest first. Compare the name, date of birth and home address the
        application gives with the ID, then approve it or reject it with a reason.
      </p>
      {reviews.length === 0 ? (
        <div className="portal-empty">
          <h2>Nothing to review</h2>
          <p>Every identity check is decided. New ones appear here when a borrower's photo ID is complete.</p>
        </div>
      ) : (
        <div className="portal-cards">
          {reviews.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              enums={defs?.files.schemas["enums.json"]}
              defs={defs ?? undefined}
              onDecided={() => void pending.refetch()}
            />
          ))}
        </div>
      )}
    </>
  );
}

export default function IdentityReviewsPage() {
  return (
    <PortalFrame title="Identity reviews" requires={["identity.review"]}>
      <Queue />
    </PortalFrame>
  );
}
