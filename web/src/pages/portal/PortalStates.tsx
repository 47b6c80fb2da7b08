// What a portal page shows while its data loads, when it fails, and when the user's role does not
// allow it: a 403 is a plain sentence, a 401 sends the user to sign in again, anything else says
// what happened and offers to try again.
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner } from "@fluentui/react-components";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useSession } from "@web/src/session/session";
import { classifyApiError } from "../funnel/api-errors";

export function Loading({ label }: { label: string }) {
  return (
    <div className="portal-state">
      <Spinner label={label} labelPosition="after" size="small" />
    </div>
  );
}

export function Forbidden() {
  return (
    <MessageBar intent="warning" layout="multiline" className="portal-message">
      <MessageBarBody>
        <MessageBarTitle>Your role does not allow this page.</MessageBarTitle> Ask an administrator if you
        need it. <Link to="/portal">Go to the portal home</Link>
      </MessageBarBody>
    </MessageBar>
  );
}

/** The server's words for a failed call: "the last active administrator", "already decided". */
export function errorMessage(error: unknown): string {
  return classifyApiError(error).message;
}

/** The tRPC error code of a failed call (FORBIDDEN, CONFLICT, …; NETWORK when it never arrived). */
export function errorCode(error: unknown): string {
  const failure = classifyApiError(error);
  return failure.kind === "other"
    ? failure.code
    : failure.kind === "unauthorized"
      ? "UNAUTHORIZED"
      : "BAD_REQUEST";
}

export function Failure({ error, retry, what }: { error: unknown; retry?: () => void; what: string }) {
  const session = useSession();
  const failure = classifyApiError(error);
  const unauthorized = failure.kind === "unauthorized";
  useEffect(() => {
    // The session ended (expired, or the account was deactivated): the page guard then sends the user to sign in.
    if (unauthorized) void session.refresh();
  }, [unauthorized, session]);
  const code = errorCode(error);
  if (code === "FORBIDDEN") return <Forbidden />;
  return (
    <MessageBar intent="error" layout="multiline" role="alert" className="portal-message">
      <MessageBarBody>
        <MessageBarTitle>We could not load {what}.</MessageBarTitle>{" "}
        {failure.kind === "fields" ? failure.fieldErrors[0]!.message : failure.message}{" "}
        {retry && !unauthorized && code !== "NOT_FOUND" ? (
          <Button size="small" onClick={retry}>
            Try again
          </Button>
        ) : null}
      </MessageBarBody>
    </MessageBar>
  );
}
