// An application's audit trail: when, who, what, which fields changed (by their labels, never their values) and the
// definitions version the event happened under; events under a version other than the one the
// server runs now are marked, so a reviewer knows which rules applied then.
import { Badge } from "@fluentui/react-components";
import { describeAuditAction, type AuditWords } from "@engine/lending/audit-actions";
import { dateTime } from "./portal-format";
import type { ApplicationDetail } from "./portal-types";
import { TableRegion } from "./TableRegion";

const SHOWN_FIELDS = 4;

/** The changed fields by their labels; the stored pointer stays in the record (and as the hover title). */
function Changed({ fields, label }: { fields: string[]; label(pointer: string): string }) {
  if (!fields.length) return <span className="meta">—</span>;
  const said = [...new Map(fields.map((f) => [label(f), f])).entries()];
  const list = (
    <ul className="portal-fields">
      {said.map(([words, pointer]) => (
        <li key={pointer} title={pointer} data-pointer={pointer}>
          {words}
        </li>
      ))}
    </ul>
  );
  if (said.length <= SHOWN_FIELDS) return list;
  return (
    <details className="portal-details">
      <summary>{said.length} fields</summary>
      {list}
    </details>
  );
}

export function AuditTrail({
  audit,
  current,
  words,
  fieldLabel,
}: {
  audit: ApplicationDetail["audit"];
  current: string;
  words: AuditWords;
  /** A changed field's pointer in words (engine/lending/audit-fields.ts). */
  fieldLabel(pointer: string): string;
}) {
  if (!audit.length) return <p className="meta">Nothing has been recorded for this application yet.</p>;
  const older = audit.filter((e) => e.definitionsVersion && e.definitionsVersion !== current).length;
  return (
    <>
      <p className="meta">
        The server runs definitions version <code>{current}</code>.{" "}
        {older
          ? `${older} ${older === 1 ? "event was" : "events were"} recorded under another version and ${older === 1 ? "is" : "are"} marked.`
          : "Every event was recorded under it."}
      </p>
      <TableRegion label="Audit trail" stack>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Changed fields</th>
            <th scope="col">Definitions version</th>
          </tr>
        </thead>
        <tbody>
          {[...audit].reverse().map((event, i) => {
            const other = !!event.definitionsVersion && event.definitionsVersion !== current;
            return (
              <tr key={i} className={other ? "portal-row--other-version" : undefined}>
                <td data-label="Time" className="portal-nowrap">
                  {dateTime(event.at)}
                </td>
                <td data-label="Who">{event.actor}</td>
                {/* The words of the one table of actions; the stored code stays in the record and its exports. */}
                <td data-label="Action" data-action={event.action}>
                  {describeAuditAction(event.action, words)}
                </td>
                <td data-label="Changed fields">
                  <Changed fields={event.changed} label={fieldLabel} />
                </td>
                <td data-label="Definitions version">
                  {event.definitionsVersion ? (
                    <code>{event.definitionsVersion}</code>
                  ) : (
                    <span className="meta">not recorded</span>
                  )}
                  {other ? (
                    <div>
                      <Badge appearance="tint" color="warning">
                        other version
                      </Badge>
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableRegion>
    </>
  );
}
