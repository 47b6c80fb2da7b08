// The page this tab was on before the current one, for the redirect guard's "fresh load" test
// (spec §4): null right after a load or reload, else the previous in-app path.
import { createContext, useContext, useRef, type ReactNode } from "react";
import { useLocation } from "react-router-dom";

const PreviousPathContext = createContext<string | null>(null);

export function PreviousPathProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Updated during render (keyed by the location's key, so re-renders do not shift it) so the
  // new page sees where the user came from on its very first render.
  const seen = useRef<{ key: string; path: string; previous: string | null } | null>(null);
  if (seen.current?.key !== location.key) {
    const previous = seen.current ? seen.current.path : null;
    seen.current = { key: location.key, path: location.pathname, previous };
  }
  return (
    <PreviousPathContext.Provider value={seen.current.previous}>{children}</PreviousPathContext.Provider>
  );
}

export function usePreviousPath(): string | null {
  return useContext(PreviousPathContext);
}
