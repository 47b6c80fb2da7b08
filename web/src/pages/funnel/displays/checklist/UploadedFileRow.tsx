// A file already sent, listed under its document: a preview of a photo, its name, the lender's
// decision on it and a button to remove it (before the application is submitted).
import { formWord } from "@engine/locale/form-words";
import { displayWord } from "@engine/locale/display-words";
import { Button } from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "@web/src/pages/funnel/api-errors";
import { sentence, useChecklistStyles } from "./styles";
import { Thumbnail } from "./Thumbnail";
import type { UploadRow } from "./types";

/** A file already sent, with a button to remove it (before the application is submitted). */
export function UploadedFileRow({
  file,
  prefix,
  canRemove,
  onRemoved,
}: {
  file: UploadRow;
  prefix: string;
  canRemove: boolean;
  onRemoved: () => Promise<unknown>;
}) {
  const own = useChecklistStyles();
  const remove = useMutation(trpc.uploads.remove.mutationOptions({ onSuccess: () => onRemoved() }));
  const rejected = file.review?.status === "rejected";
  return (
    <li className={own.file}>
      <Thumbnail uploadId={file.id} contentType={file.contentType} />
      <span className={own.fileText}>
        <span className={own.fileName}>
          {prefix}
          {file.fileName}
        </span>
        {rejected ? (
          <span className={own.error}>
            {file.review?.reason
              ? displayWord("checklist.fileRejectedBecause", { reason: sentence(file.review.reason) })
              : displayWord("checklist.fileRejected")}
          </span>
        ) : file.review?.status === "accepted" ? (
          <span className={own.done}>{displayWord("checklist.status.accepted")}</span>
        ) : null}
        {remove.error && (
          <span className={own.error} role="alert">
            {classifyApiError(remove.error).message}
          </span>
        )}
      </span>
      {canRemove && !rejected && (
        <Button
          size="small"
          appearance="subtle"
          disabled={remove.isPending}
          aria-label={formWord("form.removeItem", { item: file.fileName })}
          onClick={() => remove.mutate({ uploadId: file.id })}
        >
          {formWord("form.remove")}
        </Button>
      )}
    </li>
  );
}
