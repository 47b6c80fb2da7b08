// The documents the applicant still has to provide, from documents.required (rules/documents.json
// on the saved application): each with its label, how many are needed and uploaded, and why; and
// for each one still needed, a labelled file input that uploads to POST /api/upload (for a photo
// ID, one per side the sides rule asks for). The files already sent are listed under their
// document and can be removed until the application is submitted. Continuing without uploading
// stays the step's own button.
import { useId, useRef, useState } from "react";
import { Button, makeStyles, Spinner } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { DisplayProps } from "../../../../../engine/react/StepForm";
import { queryClient } from "../../../api/query-client";
import { trpc } from "../../../api/trpc";
import { uploadDocument, UploadFailed, type UploadFields } from "../../../api/upload";
import { classifyApiError } from "../api-errors";
import { useDisplayStyles } from "./styles";

type Role = "borrower" | "coborrower";

interface Requirement {
  documentType: string;
  borrower: Role | null;
  propertyId: string | null;
  count: number;
  uploaded: number;
  subtypes?: string[];
  sides?: string[];
  label?: string;
  ruleId: string;
  reason: string;
}

interface UploadRow {
  id: string;
  documentType: string;
  subtype: string | null;
  side: string | null;
  borrower: Role;
  propertyId: string | null;
  fileName: string;
  /** The lender's decision: a rejected file no longer counts, and says why. */
  review: { status: "accepted" | "rejected"; reason: string | null } | null;
}

interface IdentityState {
  borrower: Role;
  idType: string | null;
  sides: { side: string; uploadId: string | null }[];
  complete: boolean;
  review: { status: "pending" | "approved" | "rejected"; reason?: string } | null;
}

/** What the file inputs accept; the server checks the bytes themselves. */
const ACCEPT = ".pdf,.jpg,.jpeg,.png,.heic";
const ID_DOCUMENT = "id_document";

/** A rule's description as the applicant reads it: without the params it cites for compliance staff. */
const plainReason = (reason: string) => reason.replace(/\s*\((?:see )?params\.[^)]*\)/g, "");
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "Driver's license" reads "driver's license" inside a sentence; "W-2 forms" stays. */
const inSentence = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
/** A reason written by staff, ending as a sentence does. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const sidesCount = (done: number, of: number) => `${done} of ${of} ${of === 1 ? "side" : "sides"} uploaded`;

const GROUPS = [
  { key: "borrower", title: "Your documents" },
  { key: "coborrower", title: "Your co-borrower's documents" },
  { key: "property", title: "Property documents" },
] as const;

const useStyles = makeStyles({
  files: { gridColumn: "1 / -1", listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "4px" },
  file: { display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: "8px", rowGap: "2px", fontSize: "14px", color: "var(--ink)", overflowWrap: "anywhere" },
  slots: { gridColumn: "1 / -1", display: "grid", gap: "12px", marginTop: "4px" },
  slot: { display: "grid", gap: "4px" },
  slotLabel: { fontSize: "14px", fontWeight: 600, color: "var(--ink)" },
  input: { fontSize: "14px", maxWidth: "100%" },
  progress: { width: "100%", maxWidth: "320px", height: "8px" },
  hint: { fontSize: "13px", color: "var(--secondary)", margin: 0 },
  error: { fontSize: "14px", color: "#a4262c", margin: 0, fontWeight: 600 },
  done: { fontSize: "14px", color: "#0e700e", margin: 0 },
  review: { gridColumn: "1 / -1", fontSize: "14px", margin: 0 },
  select: { fontSize: "14px", padding: "4px", maxWidth: "320px" },
});

type EnumDefs = { $defs?: Record<string, { oneOf?: { const: string; title: string }[] }> };

export function DocumentChecklist({ defs }: DisplayProps) {
  const styles = useDisplayStyles();
  const required = useQuery(trpc.documents.required.queryOptions(undefined));
  const mine = useQuery(trpc.uploads.list.queryOptions(undefined));
  if (required.isPending || mine.isPending) return <Spinner label="Working out which documents we need" />;
  if (required.error) return <p role="alert">{classifyApiError(required.error).message}</p>;
  if (mine.error) return <p role="alert">{classifyApiError(mine.error).message}</p>;

  const enums = defs.files.schemas["enums.json"] as EnumDefs | undefined;
  const titles = (name: string) => new Map((enums?.$defs?.[name]?.oneOf ?? []).map((o) => [o.const, o.title]));
  const labels = { documentType: titles("documentType"), idType: titles("idDocumentSubtype"), subtype: new Map([...titles("idDocumentSubtype"), ...titles("alimonyProofSubtype")]) };
  const requirements = required.data.requirements as Requirement[];
  const { uploads, identity, canRemove, maxBytes } = mine.data as { uploads: UploadRow[]; identity: IdentityState[]; canRemove: boolean; maxBytes: number };
  const outstanding = requirements.filter((r) => r.uploaded < r.count).length;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.documents.required.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.uploads.list.queryKey() }),
      // An upload is saved in the application: the page's revision moves on, or its Next would be refused as stale.
      queryClient.invalidateQueries({ queryKey: trpc.step.get.pathKey() }),
    ]);

  return (
    <div className={styles.stack}>
      <p className={styles.callout}>
        Upload each document below as a PDF or a photo (JPEG, PNG or HEIC), up to {megabytes(maxBytes)} per file. If you do not have them at hand, you can continue now and
        upload them later.
      </p>
      <p className={styles.note} role="status">
        {requirements.length === 0
          ? "From your answers so far, we do not need any documents."
          : outstanding === 0
            ? "We have every document we need. Thank you."
            : `${outstanding} of ${requirements.length} ${requirements.length === 1 ? "document is" : "documents are"} still needed.`}
      </p>
      {GROUPS.map(({ key, title }) => {
        const items = requirements.filter((r) => (r.borrower ?? "property") === key);
        if (items.length === 0) return null;
        return (
          <section key={key} aria-label={title}>
            <h2 className={styles.groupTitle}>{title}</h2>
            <ul className={styles.checklist}>
              {items.map((r) => (
                <RequirementItem
                  key={`${r.ruleId}-${r.documentType}-${r.borrower}-${r.propertyId}`}
                  requirement={r}
                  label={r.label || labels.documentType.get(r.documentType) || r.documentType}
                  files={uploads.filter((u) => u.documentType === r.documentType && u.borrower === (r.borrower ?? "borrower") && (r.propertyId === null || u.propertyId === r.propertyId))}
                  identity={r.documentType === ID_DOCUMENT ? identity.find((i) => i.borrower === r.borrower) : undefined}
                  idTypeLabel={(t) => labels.idType.get(t) ?? t}
                  subtypeLabel={(t) => labels.subtype.get(t) ?? t}
                  canRemove={canRemove}
                  maxBytes={maxBytes}
                  onChanged={refresh}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

interface ItemProps {
  requirement: Requirement;
  label: string;
  files: UploadRow[];
  identity: IdentityState | undefined;
  idTypeLabel: (type: string) => string;
  subtypeLabel: (type: string) => string;
  canRemove: boolean;
  maxBytes: number;
  onChanged: () => Promise<unknown>;
}

function RequirementItem({ requirement: r, label, files, identity, idTypeLabel, subtypeLabel, canRemove, maxBytes, onChanged }: ItemProps) {
  const styles = useDisplayStyles();
  const own = useStyles();
  const role: Role = r.borrower ?? "borrower";
  const whose = role === "coborrower" ? "your co-borrower's" : "your";
  const isId = r.documentType === ID_DOCUMENT;
  const [subtype, setSubtype] = useState("");
  const subtypeId = useId();
  const titleId = useId();

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
            <UploadedFileRow key={f.id} file={f} prefix={f.side ? `${upperFirst(f.side)}: ` : ""} canRemove={canRemove && identity?.review?.status !== "approved"} onRemoved={onChanged} />
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
        <p className={own.hint}>Choose which photo ID {role === "coborrower" ? "your co-borrower" : "you"} will use on the Identity Verification step, then upload it here.</p>
      )}

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
                <FileSlot key={side} label={`${upperFirst(side)} of ${whose} ${inSentence(idTypeLabel(idType!))}`} fields={fields(side)} maxBytes={maxBytes} onUploaded={onChanged} />
              ))
            : [<FileSlot key="file" label={r.count > 1 ? "Add a file (one at a time)" : "Add the file"} titleId={titleId} fields={fields(null)} maxBytes={maxBytes} onUploaded={onChanged} />]}
        </div>
      )}
    </li>
  );
}

type SlotState = { kind: "idle" } | { kind: "uploading"; name: string; progress: number } | { kind: "done"; name: string } | { kind: "failed"; message: string };

/** One labelled file input: choosing a file uploads it at once, with progress, then the checklist refreshes. */
function FileSlot({ label, titleId, fields, maxBytes, onUploaded }: { label: string; titleId?: string; fields: UploadFields; maxBytes: number; onUploaded: () => Promise<unknown> }) {
  const own = useStyles();
  const inputId = useId();
  const labelId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<SlotState>({ kind: "idle" });

  const send = async (file: File) => {
    if (input.current) input.current.value = "";
    // Said before sending: the server refuses these too, but a too-large file would first travel in full.
    if (file.size === 0) return setState({ kind: "failed", message: `${file.name} is empty. Choose the file again.` });
    if (file.size > maxBytes) return setState({ kind: "failed", message: `${file.name} is too large: the limit is ${megabytes(maxBytes)}.` });
    setState({ kind: "uploading", name: file.name, progress: 0 });
    try {
      await uploadDocument(fields, file, (progress) => setState({ kind: "uploading", name: file.name, progress }));
      setState({ kind: "done", name: file.name });
      await onUploaded();
    } catch (error) {
      setState({ kind: "failed", message: error instanceof UploadFailed ? `${file.name}: ${error.message}` : "We could not upload this file. Please try again." });
    }
  };

  return (
    <div className={own.slot}>
      <label className={own.slotLabel} htmlFor={inputId} id={labelId}>
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        className={own.input}
        type="file"
        accept={ACCEPT}
        aria-describedby={helpId}
        aria-labelledby={titleId ? `${titleId} ${labelId}` : undefined}
        disabled={state.kind === "uploading"}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <div id={helpId} aria-live="polite">
        {state.kind === "uploading" && (
          <>
            <progress className={own.progress} max={1} value={state.progress} aria-label={`Uploading ${state.name}`} />
            <p className={own.hint}>
              Uploading {state.name}: {Math.round(state.progress * 100)}%
            </p>
          </>
        )}
        {state.kind === "done" && <p className={own.done}>Uploaded {state.name}.</p>}
        {state.kind === "failed" && (
          <p className={own.error} role="alert">
            {state.message}
          </p>
        )}
      </div>
    </div>
  );
}

/** A file already sent, with a button to remove it (before the application is submitted). */
function UploadedFileRow({ file, prefix, canRemove, onRemoved }: { file: UploadRow; prefix: string; canRemove: boolean; onRemoved: () => Promise<unknown> }) {
  const own = useStyles();
  const remove = useMutation(trpc.uploads.remove.mutationOptions({ onSuccess: () => onRemoved() }));
  const rejected = file.review?.status === "rejected";
  return (
    <li className={own.file}>
      <span>
        {prefix}
        {file.fileName}
      </span>
      {rejected ? (
        <span className={own.error}>{file.review?.reason ? `Rejected: ${sentence(file.review.reason)}` : "Rejected."} Please upload a new one.</span>
      ) : file.review?.status === "accepted" ? (
        <span className={own.done}>Accepted</span>
      ) : null}
      {canRemove && !rejected && (
        <Button size="small" appearance="subtle" disabled={remove.isPending} aria-label={`Remove ${file.fileName}`} onClick={() => remove.mutate({ uploadId: file.id })}>
          Remove
        </Button>
      )}
      {remove.error && (
        <span className={own.error} role="alert">
          {classifyApiError(remove.error).message}
        </span>
      )}
    </li>
  );
}
