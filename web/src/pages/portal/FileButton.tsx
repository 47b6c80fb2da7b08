// "Download" for one uploaded file: fetched with the API headers, saved under its own name; a
// refusal (the role, the application out of reach) is told in a toast.
import { Button, Spinner } from "@fluentui/react-components";
import { useState } from "react";
import { useNotify } from "@web/src/shell/notify";
import { downloadUpload } from "./upload-files";

export function FileButton({ uploadId, fileName }: { uploadId: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadUpload(uploadId, fileName);
    } catch (error) {
      notify({
        intent: "error",
        title: "The file did not open",
        body: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void onClick()}
      disabledFocusable={busy}
      icon={busy ? <Spinner size="extra-tiny" aria-label="Working" /> : undefined}
      aria-label={`Download ${fileName}`}
    >
      Download
    </Button>
  );
}
