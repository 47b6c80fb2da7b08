// One document of the checklist: its label, how many are in, why it is needed, the files sent and,
// while more are needed, a file input (for a photo ID, one per side the sides rule asks for).
import { useId, useState } from "react";
import type { BorrowerRole, RoleWords } from "../../../../../../engine/borrowers";
import { inSentence } from "../../../../../../engine/documents";
import type { UploadFields } from "../../../../api/upload";
import { useDisplayStyles } from "../styles";
import { FileSlot } from "./FileSlot";
import { upperFirst, sentence, useChecklistStyles } from "./styles";
import type { IdentityState, Requirement, UploadRow } from "./types";
import { UploadedFileRow } from "./UploadedFileRow";

/** A rule's description as the applicant reads it: without the params it cites for compliance staff. */
const plainReason = (reason: string) => reason.replace(/\s*\((?:see )?params\.[^)]*\)/g, "");
const sidesCount = (done: number, of: number) => `${done} of ${of} ${of === 1 ? "side" : "sides"} uploaded`;

interface ItemProps {
  requirement: Requirement;
  /** Whose document it is (the owner's for a property document), and the words for them. */
  role: BorrowerRole;
  words: RoleWords;
  /** Whether it is a photo ID (uploaded side by side). */
  isId: boolean;
  label: string;
  files: UploadRow[];
  identity: IdentityState | undefined;
  idTypeLabel: (type: string) => string;
  subtypeLabel: (type: string) => string;
  canRemove: boolean;
  maxBytes: number;
  onChanged: () => Promise<unknown>;
}

export function RequirementItem({ requirement: r, role, words, isId, label, files, identity, idTypeLabel, subtypeLabel, canRemove, maxBytes, onChanged }: ItemProps) {
  const styles = useDisplayStyles();
  const own = useChecklistStyles();
  const [subtype, setSubtype] = useState("");
  const subtypeId = useId();
  const titleId = useId();
  const [lastUploaded, setLastUploaded] = useState<string | null>(null);
  const uploaded = async (fileName: string) => {
    setLastUploaded(fileName);
    await onChanged();
  };

  // What is still to upload: for a photo ID each missing side, otherwise one more file while the count is not reached.
  const idType = identity?.idType ?? null;
  const idFiles = isId ? files.filter((f) => f.subtype === idType) : files;
  const missingSides = isId && identity ? identity.sides.filter((s) => s.uploadId === null).map((s) => s.side) : [];
  const needed = isId ? idType !== null && missingSides.length > 0 : r.uploaded < r.count;
  const received = isId ? identity?.complete === true || r.uploaded >= r.count : r.uploaded >= r.count;
  const count = isId
    ? received
      ? "Received"
      : sidesCount((identity?.sides.length ?? 0) - missingSides.length, identity?.sides.length || (r.sides?.length ?? 1))
    : received
      ? "Received"
      : `${Math.min(r.uploaded, r.count)} of ${r.count} uploaded`;
  const subtypes = !isId ? (r.subtypes ?? []) : [];

  const fields = (side: string | null): UploadFields => ({
    documentType: r.documentType,
    borrower: role,
    ...(r.propertyId ? { propertyId: r.propertyId } : {}),
    ...(isId && idType ? { subtype: idType, side } : {}),
    ...(!isId && subtype ? { subtype } : {}),
  });

  return (
    <li className={styles.checkItem} data-document-type={r.documentType}>
      <span className={styles.checkLabel} id={titleId}>
        {label}
        {!isId && r.count > 1 ? ` (${r.count})` : ""}
      </span>
      <span className={styles.checkCount}>{count}</span>
      <p className={styles.checkReason}>{plainReason(r.reason)}</p>

      {idFiles.length > 0 && (
        <ul className={own.files} aria-label={`Files sent for ${label}`}>
          {idFiles.map((f) => (
            <UploadedFileRow
              key={f.id}
              file={f}
              prefix={f.side ? `${upperFirst(f.side)}: ` : ""}
              canRemove={canRemove && identity?.review?.status !== "approved"}
              onRemoved={onChanged}
            />
          ))}
        </ul>
      )}

      {/* Always present, so that a screen reader hears each upload even when its file input goes away. */}
      <p className={own.done} aria-live="polite">
        {lastUploaded && `Uploaded ${lastUploaded}.`}
      </p>

      {isId && identity?.review && (
        <p className={own.review} role="status">
          {identity.review.status === "pending" && "We are checking this ID. You do not need to do anything."}
          {identity.review.status === "approved" && "This ID is verified."}
          {identity.review.status === "rejected" && `We could not verify this ID${identity.review.reason ? `: ${sentence(identity.review.reason)}` : "."} Upload new photos below.`}
        </p>
      )}

      {isId && idType === null && <p className={own.hint}>Choose which photo ID {words.who} will use on the Identity Verification step, then upload it here.</p>}

      {needed && (
        <div className={own.slots}>
          {subtypes.length > 0 && (
            <div className={own.slot}>
              <label className={own.slotLabel} htmlFor={subtypeId}>
                Which document is it? (optional)
              </label>
              <select id={subtypeId} className={own.select} value={subtype} onChange={(e) => setSubtype(e.target.value)}>
                <option value="">Not sure / other</option>
                {subtypes.map((t) => (
                  <option key={t} value={t}>
                    {subtypeLabel(t)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {isId
            ? missingSides.map((side) => (
                <FileSlot
                  key={side}
                  label={`${upperFirst(side)} of ${words.whose} ${inSentence(idTypeLabel(idType!))}`}
                  fields={fields(side)}
                  maxBytes={maxBytes}
                  onUploaded={uploaded}
                />
              ))
            : [
                <FileSlot
                  key="file"
                  label={r.count > 1 ? "Add a file (one at a time)" : "Add the file"}
                  titleId={titleId}
                  fields={fields(null)}
                  maxBytes={maxBytes}
                  onUploaded={uploaded}
                />,
              ]}
        </div>
      )}
    </li>
  );
}
