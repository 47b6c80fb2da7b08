// An application's documents in the portal: what rules/documents.json still asks for (and why),
// the files received, each downloadable and, for staff who review documents, accepted or rejected
// with a reason (a rejection asks the applicant for it again); and each borrower's signature, with
// when and from where, and the PDF.
import { Badge, Button, Field, Textarea } from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { FileButton } from "./FileButton";
import { FileViewerDialog } from "./FileViewer";
import { dateTime, enumLabel, fileSize } from "./portal-format";
import { usePortalMe } from "./PortalFrame";
import type { ApplicationDetail } from "./portal-types";
import { TableRegion } from "./TableRegion";
import { isSatisfied } from "@engine/lending/catalogue";

/** A rule's reason as staff read it: without the params it cites for compliance. */
const plainReason = (reason: string) => reason.replace(/\s*\((?:see )?params\.[^)]*\)/g, "");

export function RequiredDocuments({ requirements }: { requirements: ApplicationDetail["requirements"] }) {
  const me = usePortalMe();
  if (!requirements.length)
    return <p className="meta">The document rules ask for nothing on this application yet.</p>;
  // Outstanding first, in the rules' order.
  const sorted = [...requirements].sort((a, b) => Number(isSatisfied(a)) - Number(isSatisfied(b)));
  return (
    <ul className="portal-checklist">
      {sorted.map((r, i) => {
        const done = isSatisfied(r);
        return (
          <li key={`${r.ruleId}-${r.borrower}-${r.propertyId}-${i}`}>
            <span className="portal-strong">{r.label}</span>
            {r.borrower ? <span className="meta"> · {me.borrower(r.borrower)}</span> : null}{" "}
            <Badge appearance="tint" color={done ? "success" : "warning"}>
              {done ? "received" : `${r.uploaded} of ${r.count} received`}
            </Badge>
            <div className="meta">{plainReason(r.reason)}</div>
          </li>
        );
      })}
    </ul>
  );
}

export function UploadedFiles({
  detail,
  enums,
  canOpen,
  canReview,
  onReviewed,
}: {
  detail: ApplicationDetail;
  enums: unknown;
  canOpen: boolean;
  canReview: boolean;
  onReviewed(): void;
}) {
  const me = usePortalMe();
  const [viewing, setViewing] = useState<Upload | null>(null);
  if (!canOpen) return <p className="meta">Your role does not allow opening documents.</p>;
  if (!detail.uploads.length) return <p className="meta">No files uploaded yet.</p>;
  const labelOf = (type: string) =>
    detail.requirements.find((r) => r.documentType === type)?.label ?? enumLabel(enums, "documentType", type);
  // A document's files together, its latest first: a replacement sits on the file it replaces.
  const groups = new Map<string, Upload[]>();
  for (const u of detail.uploads) {
    const key = [u.documentType, u.borrower, u.propertyId ?? "", u.subtype ?? "", u.side ?? ""].join("|");
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  const viewer = viewing ? (
    <FileViewerDialog uploadId={viewing.id} fileName={viewing.fileName} onClose={() => setViewing(null)} />
  ) : null;
  const documents = [...groups.values()]
    .map((files) => [...files].sort((a, b) => b.createdAt.localeCompare(a.createdAt)))
    .sort((a, b) => b[0]!.createdAt.localeCompare(a[0]!.createdAt));
  return (
    <>
      {viewer}
      <TableRegion label="Files received" stack>
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Borrower</th>
            <th scope="col">File</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Review</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.flatMap((files) =>
            files.map((u, version) => (
              <tr
                key={u.id}
                className={version > 0 ? "portal-row--earlier" : undefined}
                data-version={version === 0 ? "latest" : "earlier"}
              >
                <td data-label="Document">
                  {version === 0 ? (
                    <>
                      {labelOf(u.documentType)}
                      {u.subtype || u.side ? (
                        <div className="meta">
                          {[
                            u.subtype ? enumLabel(enums, "documentSubtype", u.subtype) : null,
                            u.side ? `${u.side} side` : null,
                          ]
                            .filter(Boolean)
                            .join(", ")}
                        </div>
                      ) : null}
                      {files.length > 1 ? (
                        <div className="meta">{files.length} versions, the latest first</div>
                      ) : null}
                    </>
                  ) : (
                    <span className="meta">
                      Earlier version {files.length - version} of {files.length}
                      <span className="visually-hidden"> of {labelOf(u.documentType)}</span>
                    </span>
                  )}
                </td>
                <td data-label="Borrower">{me.borrower(u.borrower)}</td>
                <td data-label="File" className="portal-break">
                  {u.fileName}
                  <div className="meta">{fileSize(u.size)}</div>
                </td>
                <td data-label="Uploaded" className="portal-nowrap">
                  {dateTime(u.createdAt)}
                </td>
                <td data-label="Review">
                  <FileReview
                    applicationId={detail.id}
                    file={u}
                    canReview={canReview}
                    onReviewed={onReviewed}
                  />
                </td>
                <td data-label="Open">
                  <div className="actions portal-row-actions">
                    <Button
                      size="small"
                      appearance="primary"
                      aria-label={`View ${u.fileName}`}
                      onClick={() => setViewing(u)}
                    >
                      View
                    </Button>
                    <FileButton uploadId={u.id} fileName={u.fileName} />
                  </div>
                </td>
              </tr>
            )),
          )}
        </tbody>
      </TableRegion>
    </>
  );
}

type Upload = ApplicationDetail["uploads"][number];

/** A file's review: its decision, or for staff who review, Accept and Reject (with the reason the applicant will read). */
function FileReview({
  applicationId,
  file,
  canReview,
  onReviewed,
}: {
  applicationId: string;
  file: Upload;
  canReview: boolean;
  onReviewed(): void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const review = useMutation(trpc.portal.uploads.review.mutationOptions({ onSuccess: () => onReviewed() }));
  if (file.review)
    return (
      <div>
        <Badge appearance="tint" color={file.review.status === "accepted" ? "success" : "danger"}>
          {file.review.status}
        </Badge>
        {file.review.reason ? <div className="meta">{file.review.reason}</div> : null}
        {file.review.reviewedBy ? <div className="meta">by {file.review.reviewedBy}</div> : null}
      </div>
    );
  if (!canReview) return <span className="meta">Not reviewed</span>;
  const label = `${file.fileName}`;
  return (
    <div className="portal-review">
      {rejecting ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            review.mutate({ applicationId, uploadId: file.id, decision: "rejected", reason });
          }}
        >
          <Field
            label="Why (the applicant reads this)"
            required
            validationMessage={review.error ? classifyApiError(review.error).message : undefined}
          >
            <Textarea id={reasonId} value={reason} onChange={(_, d) => setReason(d.value)} maxLength={500} />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            size="small"
            disabled={review.isPending || reason.trim().length < 3}
          >
            Reject<span className="visually-hidden"> {label}</span>
          </Button>{" "}
          <Button type="button" size="small" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <>
          <Button
            size="small"
            disabled={review.isPending}
            onClick={() => review.mutate({ applicationId, uploadId: file.id, decision: "accepted" })}
          >
            Accept<span className="visually-hidden"> {label}</span>
          </Button>{" "}
          <Button size="small" onClick={() => setRejecting(true)}>
            Reject<span className="visually-hidden"> {label}</span>
          </Button>
        </>
      )}
    </div>
  );
}

export function Signatures({ detail, canOpen }: { detail: ApplicationDetail; canOpen: boolean }) {
  if (!detail.signatures.length) return <p className="meta">Nothing signed yet.</p>;
  return (
    <TableRegion label="Signatures" stack>
      <thead>
        <tr>
          <th scope="col">Signer</th>
          <th scope="col">Typed name</th>
          <th scope="col">Signed</th>
          <th scope="col">From</th>
          <th scope="col">Documents</th>
          <th scope="col">Signed copy</th>
        </tr>
      </thead>
      <tbody>
        {detail.signatures.map((s) => (
          <tr key={s.id}>
            <td data-label="Signer">{s.signerLabel}</td>
            <td data-label="Typed name">{s.typedName}</td>
            <td data-label="Signed" className="portal-nowrap">
              {dateTime(s.signedAt)}
              {s.voidedAt ? (
                <div className="meta">Voided {dateTime(s.voidedAt)}: an answer it covers changed</div>
              ) : null}
            </td>
            <td data-label="From" className="portal-break">
              {s.ip ?? "—"}
              {s.userAgent ? <div className="meta">{s.userAgent}</div> : null}
            </td>
            <td data-label="Documents" className="portal-codes">
              {s.documents.map((d) => (
                <code key={d.id}>
                  {d.id} v{d.version}
                </code>
              ))}
            </td>
            <td data-label="Signed copy">
              {canOpen ? (
                <a
                  href={`/api/esign/${encodeURIComponent(s.id)}.pdf?application=${encodeURIComponent(detail.id)}`}
                  download
                >
                  PDF<span className="visually-hidden"> signed by {s.typedName}</span>
                </a>
              ) : (
                <span className="meta">—</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
