// One document of the checklist: its label, where it stands in words (needed, uploaded, in review,
// rejected, accepted), why we ask for it in the applicant's words, the files sent with previews and,
// while more are needed, a drop zone (for a photo ID, one per side the sides rule asks for); once
// enough are in, "Add another file" still opens one, so a missed page can be added.
import { useId, useState } from "react";
import { word } from "@engine/locale/words";
import type { BorrowerRole, RoleWords } from "@engine/lending/borrowers";
import { inSentence } from "@engine/lending/documents";
import type { UploadFields } from "@web/src/api/upload";
import { useDisplayStyles } from "../styles";
import { FileSlot } from "./FileSlot";
import { Button, mergeClasses } from "@fluentui/react-components";
import { requirementStatus } from "./status";
import { upperFirst, sentence, useChecklistStyles } from "./styles";
import type { IdentityState, Requirement, UploadRow } from "./types";
import { UploadedFileRow } from "./UploadedFileRow";
import { isSatisfied, stillNeeded } from "@engine/lending/catalogue";

/** How many more files may be picked at once once a document's count is reached (a missed page or two). */
const MORE_FILES = 5;

/** "a, b and c" */
const listOf = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

interface ItemProps {
  requirement: Requirement;
  /** Whose document it is (the owner's for a property document), and the words for them. */
  role: BorrowerRole;
  words: RoleWords;
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
  words,
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
    setLastUploaded(listOf(sent));
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
  const whole = `${inSentence(label)}${forWhom ? ` for ${forWhom}` : ""}`;
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
        <ul className={own.files} aria-label={`Files sent: ${whole}`}>
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
      {problems.length > 0 && (
        <ul className={own.errors} role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      {isId && identity?.review && (
        <p className={own.review} role="status">
          {identity.review.status === "pending" && "We are checking this ID. You do not need to do anything."}
          {identity.review.status === "approved" && "This ID is verified."}
          {identity.review.status === "rejected" &&
            `We could not verify this ID${identity.review.reason ? `: ${sentence(identity.review.reason)}` : "."} Upload new photos below.`}
        </p>
      )}

      {isId && idType === null && (
        <p className={own.itemHint}>
          {roleName === null
            ? word("checklist.chooseIdOwn")
            : word("checklist.chooseIdMember", { role: roleName })}
        </p>
      )}

      {more && !addingMore && (
        <Button appearance="secondary" size="small" className={own.more} onClick={() => setAddingMore(true)}>
          {word("checklist.addAnother")}
        </Button>
      )}

      {(needed || (more && addingMore)) && (
        <div className={own.slots}>
          {subtypes.length > 0 && (
            <div className={own.slot}>
              <label className={own.slotLabel} htmlFor={subtypeId}>
                {word("checklist.whichDocument")}
              </label>
              <select
                id={subtypeId}
                className={own.select}
                value={subtype}
                onChange={(e) => setSubtype(e.target.value)}
              >
                <option value="">{word("checklist.notSure")}</option>
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
                const what = `${words.whose} ${inSentence(idTypeLabel(idType!))}`;
                return (
                  <FileSlot
                    key={side}
                    name={`${upperFirst(side)} of ${what}`}
                    title={`${upperFirst(side)} of ${what}`}
                    cameraName={`Take a photo of ${what} (${side})`}
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
                  name={`Upload ${whole}`}
                  cameraName={`Take a photo of ${whole}`}
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
