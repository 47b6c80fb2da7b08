// An application's documents in the portal: what rules/documents.json still asks for (and why),
// the files received, each downloadable, and the signed disclosures with their PDF.
import { Badge } from "@fluentui/react-components";
import { FileButton } from "./FileButton";
import { borrowerRole, dateTime, enumLabel, fileSize } from "./portal-format";
import type { ApplicationDetail } from "./portal-types";
import { TableRegion } from "./TableRegion";

/** A rule's reason as staff read it: without the params it cites for compliance. */
const plainReason = (reason: string) => reason.replace(/\s*\((?:see )?params\.[^)]*\)/g, "");

export function RequiredDocuments({ requirements }: { requirements: ApplicationDetail["requirements"] }) {
  if (!requirements.length) return <p className="meta">The document rules ask for nothing on this application yet.</p>;
  // Outstanding first, in the rules' order.
  const sorted = [...requirements].sort((a, b) => Number(a.uploaded >= a.count) - Number(b.uploaded >= b.count));
  return (
    <ul className="portal-checklist">
      {sorted.map((r, i) => {
        const done = r.uploaded >= r.count;
        return (
          <li key={`${r.ruleId}-${r.borrower}-${r.propertyId}-${i}`}>
            <span className="portal-strong">{r.label}</span>
            {r.borrower ? <span className="meta"> · {borrowerRole(r.borrower)}</span> : null}{" "}
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

export function UploadedFiles({ detail, enums, canOpen }: { detail: ApplicationDetail; enums: unknown; canOpen: boolean }) {
  if (!canOpen) return <p className="meta">Your role does not allow opening documents.</p>;
  if (!detail.uploads.length) return <p className="meta">No files uploaded yet.</p>;
  const labelOf = (type: string) => detail.requirements.find((r) => r.documentType === type)?.label ?? enumLabel(enums, "documentType", type);
  return (
    <TableRegion label="Files received">
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Borrower</th>
            <th scope="col">File</th>
            <th scope="col">Uploaded</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.uploads.map((u) => (
            <tr key={u.id}>
              <td>
                {labelOf(u.documentType)}
                {u.subtype || u.side ? (
                  <div className="meta">{[u.subtype ? enumLabel(enums, "documentSubtype", u.subtype) : null, u.side ? `${u.side} side` : null].filter(Boolean).join(", ")}</div>
                ) : null}
              </td>
              <td>{borrowerRole(u.borrower)}</td>
              <td className="portal-break">
                {u.fileName}
                <div className="meta">{fileSize(u.size)}</div>
              </td>
              <td className="portal-nowrap">{dateTime(u.createdAt)}</td>
              <td>
                <FileButton uploadId={u.id} fileName={u.fileName} />
              </td>
            </tr>
          ))}
        </tbody>
      </TableRegion>
  );
}

export function Signatures({ detail, canOpen }: { detail: ApplicationDetail; canOpen: boolean }) {
  if (!detail.signatures.length) return <p className="meta">Nothing signed yet.</p>;
  return (
    <TableRegion label="Signatures">
        <thead>
          <tr>
            <th scope="col">Signer</th>
            <th scope="col">Typed name</th>
            <th scope="col">Signed</th>
            <th scope="col">Documents</th>
            <th scope="col">Signed copy</th>
          </tr>
        </thead>
        <tbody>
          {detail.signatures.map((s) => (
            <tr key={s.id}>
              <td>{borrowerRole(s.signer)}</td>
              <td>{s.typedName}</td>
              <td className="portal-nowrap">{dateTime(s.signedAt)}</td>
              <td className="portal-codes">
                {s.documents.map((d) => (
                  <code key={d.id}>
                    {d.id} v{d.version}
                  </code>
                ))}
              </td>
              <td>
                {canOpen ? (
                  <a href={`/api/esign/${encodeURIComponent(s.id)}.pdf?application=${encodeURIComponent(detail.id)}`} download>
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
