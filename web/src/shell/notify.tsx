// Toasts (spec §1/§9): bottom-left, at most 3 on screen; more wait their turn. useNotify() is the
// one way pages show a transient message.
import { Toast, ToastBody, ToastTitle, Toaster, useId, useToastController, type ToastIntent } from "@fluentui/react-components";
import { createContext, useCallback, useContext, type ReactNode } from "react";

export const TOAST_LIMIT = 3;

export interface Notice {
  title: string;
  body?: string;
  intent?: ToastIntent;
}

const ToasterIdContext = createContext<string | undefined>(undefined);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId("toaster");
  return (
    <ToasterIdContext.Provider value={toasterId}>
      {children}
      <Toaster toasterId={toasterId} position="bottom-start" limit={TOAST_LIMIT} pauseOnHover pauseOnWindowBlur />
    </ToasterIdContext.Provider>
  );
}

export function useNotify(): (notice: Notice) => void {
  const { dispatchToast } = useToastController(useContext(ToasterIdContext));
  return useCallback(
    ({ title, body, intent = "info" }: Notice) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        { intent, timeout: intent === "error" ? 8000 : 5000 },
      ),
    [dispatchToast],
  );
}
