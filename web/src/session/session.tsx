// useSession() (spec §4 "Session states", §7): loading | authenticated | unauthenticated for the
// session of the current page's kind (applicant or portal). It refetches when the window regains
// focus, on an optional poll interval, and when another tab signs in or out (a localStorage write
// that fires a storage event there).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation } from "react-router-dom";
import { getSession, type SessionData } from "./auth-client";
import { authBaseFor, type AuthBase } from "./auth-paths";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export interface SessionState {
  status: SessionStatus;
  data: SessionData | null;
  base: AuthBase;
  /** Fetches the session again; resolves with the new data. */
  refresh(): Promise<SessionData | null>;
  /** Tells the other tabs this browser's session changed (after sign-in, sign-out, a guest start). */
  broadcast(): void;
}

const SYNC_KEY = "heloc.session-sync";

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({
  children,
  pollSeconds = 0,
}: {
  children: ReactNode;
  pollSeconds?: number;
}) {
  const base = authBaseFor(useLocation().pathname);
  const [state, setState] = useState<{ base: AuthBase; status: SessionStatus; data: SessionData | null }>({
    base,
    status: "loading",
    data: null,
  });
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const data = await getSession(base);
      // Only the newest answer counts: a slow older fetch must not overwrite a newer one.
      if (call === latest.current)
        setState({ base, status: data ? "authenticated" : "unauthenticated", data });
      return data;
    } catch {
      if (call === latest.current) setState({ base, status: "unauthenticated", data: null });
      return null;
    }
  }, [base]);

  const broadcast = useCallback(() => {
    try {
      localStorage.setItem(SYNC_KEY, JSON.stringify({ base, at: Date.now() }));
    } catch {
      // Storage may be unavailable (private mode); the other tabs then catch up on focus.
    }
  }, [base]);

  useEffect(() => {
    setState((s) => (s.base === base ? s : { base, status: "loading", data: null }));
    void refresh();
    // Focus and visibilitychange often fire together: one fetch is enough.
    let lastFocusFetch = 0;
    const onVisible = () => {
      if (document.visibilityState !== "visible" || Date.now() - lastFocusFetch < 1000) return;
      lastFocusFetch = Date.now();
      void refresh();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SYNC_KEY) void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    window.addEventListener("storage", onStorage);
    const timer = pollSeconds > 0 ? window.setInterval(() => void refresh(), pollSeconds * 1000) : undefined;
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      window.removeEventListener("storage", onStorage);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [base, refresh, pollSeconds]);

  const value = useMemo<SessionState>(
    () =>
      state.base === base
        ? { ...state, refresh, broadcast }
        : { base, status: "loading", data: null, refresh, broadcast },
    [state, base, refresh, broadcast],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession() needs a <SessionProvider> above it");
  return session;
}
