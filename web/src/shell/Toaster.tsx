// The toaster behind useNotify() (shell/notify.tsx), loaded on demand: shows each queued notice
// once, in the shell's theme (it renders outside the pages' own Fluent providers).
import {
  FluentProvider,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster as FluentToaster,
  useToastController,
} from "@fluentui/react-components";
import { useEffect, useRef } from "react";
import { TOAST_LIMIT, type QueuedNotice } from "./notify";
import { shellTheme } from "./theme";

const TOASTER_ID = "site-toaster";

export default function Toaster({
  queue,
  onShown,
}: {
  queue: QueuedNotice[];
  onShown: (lastId: number) => void;
}) {
  const { dispatchToast } = useToastController(TOASTER_ID);
  // Effects may run twice (StrictMode): the last id shown keeps a notice from showing twice.
  const lastShown = useRef(0);
  useEffect(() => {
    const fresh = queue.filter((n) => n.id > lastShown.current);
    if (fresh.length === 0) return;
    for (const { title, body, intent = "info" } of fresh) {
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent, timeout: intent === "error" ? 8000 : 5000 },
      );
    }
    lastShown.current = fresh[fresh.length - 1]!.id;
    onShown(lastShown.current);
  }, [queue, dispatchToast, onShown]);
  return (
    <FluentProvider theme={shellTheme}>
      <FluentToaster
        toasterId={TOASTER_ID}
        position="bottom-start"
        limit={TOAST_LIMIT}
        pauseOnHover
        pauseOnWindowBlur
      />
    </FluentProvider>
  );
}
