// Catches a page that fails to render or whose code fails to load (often a new deploy replaced
// the chunk this tab asked for) and offers a reload instead of a blank screen. Plain HTML: it must
// work when Fluent's own code is what failed to load.
import { word } from "@engine/locale/words";
import { Component, type ReactNode } from "react";
import { logClientError } from "../session/auth-client";
import { authBaseFor } from "../session/auth-paths";

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    // A code only: the error's message could quote the page's data.
    const code = /dynamically imported module|Importing a module script failed/i.test(error.message)
      ? "ChunkLoadError"
      : "RenderError";
    logClientError(authBaseFor(window.location.pathname), code);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page page--narrow center-state" role="alert">
        <h1>{word("page.didNotLoad")}</h1>
        <p>{word("page.failedOpening")}</p>
        <button type="button" className="button-primary" onClick={() => window.location.reload()}>
          {word("page.reload")}
        </button>
      </div>
    );
  }
}
