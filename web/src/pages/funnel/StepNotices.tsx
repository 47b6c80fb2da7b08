// The notices above a step (another borrower answers part of it, the application is submitted,
// the definitions changed since it was answered): Fluent's message bar, in its own chunk, fetched
// only by a page that shows one (StepScreen waits for it, so the form does not move down).
import { MessageBar, MessageBarBody, makeStyles } from "@fluentui/react-components";
import { Link } from "react-router-dom";
import site from "@content/site.json";

/** Shown on a page of a submitted application: it can be read, not changed. */
const LOCKED_NOTICE =
  "Your application is submitted, so these answers can no longer be changed. If something is wrong, contact us.";

/** Shown on a step the server sends a returning applicant back to after the definitions changed. */
const RECHECK_NOTICE =
  "We have updated our application since you answered this page. Please check your answers here.";

const useStyles = makeStyles({ notice: { marginBottom: "24px" } });

export interface NoticeFlags {
  shared: boolean;
  locked: boolean;
  recheck: boolean;
}

export default function StepNotices({ shared, locked, recheck }: NoticeFlags) {
  const styles = useStyles();
  return (
    <>
      {shared ? (
        <MessageBar intent="info" className={styles.notice}>
          <MessageBarBody>
            {site.members.othersPart} <Link to={site.members.progressTo}>{site.members.progress}</Link>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {locked ? (
        <MessageBar intent="info" className={styles.notice}>
          <MessageBarBody>{LOCKED_NOTICE}</MessageBarBody>
        </MessageBar>
      ) : null}
      {recheck ? (
        <MessageBar intent="warning" className={styles.notice}>
          <MessageBarBody>{RECHECK_NOTICE}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
