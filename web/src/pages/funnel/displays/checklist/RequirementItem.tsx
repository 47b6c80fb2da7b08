// One document of the checklist: its label, where it stands in words (needed, uploaded, in review,
// rejected, accepted), why we ask for it in the applicant's words, the files sent with previews and,
// while more are needed, a drop zone (for a photo ID, one per side the sides rule asks for); once
// enough are in, "Add another file" still opens one, so a missed page can be added.
import { useId, useState } from "react";
import { listed } from "@engine/locale/form-words";
import { displayWord } from "@engine/locale/display-words";
import type { BorrowerRole } from "@engine/lending/borrowers";
import { inSentence } from "@engine/lending/documents";
import type { UploadFields } from "@web/src/api/upload";
import { useDisplayStyles } from "../styles";
import { FileSlot } from "./FileSlot";
import { Button, mergeClasses } from "@fluentui/react-components";
import { requirementStatus } from "./status";
import { sideWord, upperFirst, sentence, useChecklistStyles } from "./styles";
import type { IdentityState, Requirement, UploadRow } from "./types";
import { UploadedFileRow } from "./UploadedFileRow";
import { isSatisfied, stillNeeded } from "@engine/lending/catalogue";

/** How many more files may be picked at once once a document's count is reached (a missed page or two). */
const MORE_FILES = 5;

interface ItemProps {
  requirement: Requirement;
  /** Whose document it is (the owner's for a property document). */
  role: BorrowerRole;
  /** The borrower's role in a sentence ("co-borrower") when the document is not the reader's own; null when it is. */
  roleName: string | null;
  /** Whether it is a photo ID (uploaded side by side). */
  isId: boolean;
  label: string;
  /** Whom a borrower's document is for, by name where known ("Rae Jensen"), so each upload's name is distinct; null for a property document. */
  forWhom: string | null;
  /** Why we ask, in the applicant's words (rules/documents.json applicantTexts). */
  applicantText: string | null;
  files: UploadRow[];
  identity: IdentityState | undefined;
  idTypeLabel: (type: string) => string;
  subtypeLabel: (type: string) => string;
  canRemove: boolean;
  maxBytes: number;
  onChanged: () => Promise<unknown>;
}

export function RequirementItem({
  requirement: r,
  role,
  roleName,
  isId,
  label,
  forWhom,
  applicantText,
  files,
  identity,
  idTypeLabel,
  subtypeLabel,
  canRemove,
  maxBytes,
  onChanged,
}: ItemProps) {
  const styles = useDisplayStyles();
  const own = useChecklistStyles();
  const [subtype, setSubtype] = useState("");
  const subtypeId = useId();
  const titleId = useId();
  const [lastUploaded, setLastUploaded] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  // Every file counted in already: another one (a missed page) only on request.
  const [addingMore, setAddingMore] = useState(false);
  const uploaded = async (sent: string[], found: string[]) => {
    setProblems(found);
    if (sent.length === 0) return;
    setLastUploaded(listed(sent));
    await onChanged();
  };

  // What is still to upload: for a photo ID each missing side, otherwise one more file while the count is not reached.
  const idType = identity?.idType ?? null;
  const idFiles = isId ? files.filter((f) => f.subtype === idType) : files;
  const missingSides =
    isId && identity ? identity.sides.filter((s) => s.uploadId === null).map((s) => s.side) : [];
  const needed = isId ? idType !== null && missingSides.length > 0 : !isSatisfied(r);
  const more = !isId && !needed && canRemove;
  const sidesTotal = identity?.sides.length || (r.sides?.length ?? 1);
  const status = requirementStatus(
    isId
      ? {
          needed: sidesTotal,
          uploaded:
            identity?.complete === true || isSatisfied(r)
              ? sidesTotal
              : (identity?.sides.length ?? 0) - missingSides.length,
          unit: "side",
          decisions: idFiles.map((f) => f.review),
          idReview: identity?.review ?? null,
          submitted: !canRemove,
        }
      : {
          needed: r.count,
          uploaded: r.uploaded,
          unit: "file",
          decisions: files.map((f) => f.review),
          submitted: !canRemove,
        },
  );
  const whole = forWhom
    ? displayWord("checklist.documentFor", { document: inSentence(label), whom: forWhom })
    : inSentence(label);
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
      <span className={mergeClasses(own.status, own[`status_${status.kind}`])}>{status.words}</span>
      {applicantText && <p className={styles.checkReason}>{applicantText}</p>}

      {idFiles.length > 0 && (
        <ul className={own.files} aria-label={displayWord("checklist.filesSent", { document: whole })}>
          {idFiles.map((f) => (
            <UploadedFileRow
              key={f.id}
              file={f}
              prefix={f.side ? `${upperFirst(sideWord(f.side))}: ` : ""}
              canRemove={canRemove && identity?.review?.status !== "approved"}
              onRemoved={onChanged}
            />
          ))}
        </ul>
      )}

      {/* Always present, so that a screen reader hears each upload even when its file input goes away. */}
      <p className={own.done} aria-live="polite">
        {lastUploaded && displayWord("checklist.uploaded", { files: lastUploaded })}
      </p>
      {problems.length > 0 && (
        <ul className={own.errors} role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {isId && identity?.review && (
        <p className={own.review} role="status">
          {identity.review.status === "pending" && displayWord("checklist.idChecking")}
          {identity.review.status === "approved" && displayWord("checklist.idVerified")}
          {identity.review.status === "rejected" &&
            (identity.review.reason
              ? displayWord("checklist.idRejectedBecause", { reason: sentence(identity.review.reason) })
              : displayWord("checklist.idRejected"))}
        </p>
      )}

      {isId && idType === null && (
        <p className={own.itemHint}>
          {roleName === null
            ? displayWord("checklist.chooseIdOwn")
            : displayWord("checklist.chooseIdMember", { role: roleName })}
        </p>
      )}

      {more && !addingMore && (
        <Button appearance="secondary" size="small" className={own.more} onClick={() => setAddingMore(true)}>
          {displayWord("checklist.addAnother")}
        </Button>
      )}

      {(needed || (more && addingMore)) && (
        <div className={own.slots}>
          {subtypes.length > 0 && (
            <div className={own.slot}>
              <label className={own.slotLabel} htmlFor={subtypeId}>
                {displayWord("checklist.whichDocument")}
              </label>
              <select
                id={subtypeId}
                className={own.select}
                value={subtype}
                onChange={(e) => setSubtype(e.target.value)}
              >
                <option value="">{displayWord("checklist.notSure")}</option>
                {subtypes.map((t) => (
                  <option key={t} value={t}>
                    {subtypeLabel(t)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {isId
            ? missingSides.map((side) => {
                const said = {
                  side: sideWord(side),
                  document: inSentence(idTypeLabel(idType!)),
                  ...(roleName === null ? {} : { role: roleName }),
                };
                const slot = upperFirst(
                  displayWord(roleName === null ? "checklist.idSide.own" : "checklist.idSide.member", said),
                );
                return (
                  <FileSlot
                    key={side}
                    name={slot}
                    title={slot}
                    cameraName={displayWord(
                      roleName === null ? "checklist.idPhoto.own" : "checklist.idPhoto.member",
                      said,
                    )}
                    fields={fields(side)}
                    maxBytes={maxBytes}
                    room={1}
                    onDone={uploaded}
                  />
                );
              })
            : [
                <FileSlot
                  key="file"
                  name={displayWord("checklist.upload", { document: whole })}
                  cameraName={displayWord("checklist.photoOf", { document: whole })}
                  fields={fields(null)}
                  maxBytes={maxBytes}
                  room={needed ? stillNeeded(r) : MORE_FILES}
                  onDone={uploaded}
                />,
              ]}
        </div>
      )}
    </li>
  );
}
