// Toasts (spec §1/§9): bottom-left, at most 3 on screen; more wait their turn. useNotify() is the
// one way pages show a transient message. Fluent's toaster is heavy and most visits never see a
// toast, so it loads on the first notice (pages that can toast fetch its code at the visitor's
// first keypress or tap on them: after the page's first paint, before any notice can follow).
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";
import type { ToastIntent } from "@fluentui/react-components";

export const TOAST_LIMIT = 3;

export interface Notice {
  title: string;
  body?: string;
  intent?: ToastIntent;
}

/** A notice waiting for the toaster, numbered so each is shown exactly once. */
export interface QueuedNotice extends Notice {
  id: number;
}

const loadToaster = () => import("./Toaster");
const Toaster = lazy(loadToaster);

/** The visitor's first touch of a page: the toaster's code is fetched then. */
const INTENT_EVENTS = ["pointerdown", "keydown"] as const;

const NotifyContext = createContext<((notice: Notice) => void) | null>(null);

let nextId = 1;

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedNotice[]>([]);
  // Once mounted the toaster stays, so the toasts on screen outlive the queue they came from.
  const [wanted, setWanted] = useState(false);
  const notify = useCallback((notice: Notice) => {
    setWanted(true);
    setQueue((list) => [...list, { ...notice, id: nextId++ }]);
  }, []);
  const shown = useCallback((lastId: number) => setQueue((list) => list.filter((n) => n.id > lastId)), []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <Toaster queue={queue} onShown={shown} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function useNotify(): (notice: Notice) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error("useNotify() needs a <NotifyProvider> above it");
  // A page that can toast fetches the toaster before its first notice, which may follow a lost
  // connection; not during its own load, which the toaster's code (25 kB) would only slow.
  useEffect(() => {
    const fetchToaster = () => {
      void loadToaster().catch(() => undefined);
      for (const event of INTENT_EVENTS) window.removeEventListener(event, fetchToaster, true);
    };
    for (const event of INTENT_EVENTS)
      window.addEventListener(event, fetchToaster, { capture: true, passive: true });
    return () => {
      for (const event of INTENT_EVENTS) window.removeEventListener(event, fetchToaster, true);
    };
  }, []);
  return notify;
}
