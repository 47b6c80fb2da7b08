// The notices above a step (another borrower answers part of it, the application is submitted,
// the definitions changed since it was answered): Fluent's message bar, in its own chunk, fetched
// only by a page that shows one (StepScreen waits for it, so the form does not move down).
import { formatMoment } from "@engine/base/format";
import { MessageBar, MessageBarBody, makeStyles } from "@fluentui/react-components";
import { Link } from "react-router-dom";
import { siteText } from "@web/src/app/content-text";
import { formWord, listed } from "@engine/locale/form-words";

const useStyles = makeStyles({ notice: { marginBottom: "24px" } });

/** Why the page is due again: another borrower changed answers (step.get's `because`). */
export interface Because {
  who: string;
  changed: string[];
  at: string;
  signature: boolean;
}

export interface NoticeFlags {
  shared: boolean;
  locked: boolean;
  recheck: boolean;
  because?: Because | null;
}

const dayOf = (iso: string) => formatMoment(iso, { month: "long", day: "numeric" });

/** "Sam Lee changed their current address on November 27." */
function changeInWords({ who, changed, at }: Because): string {
  const count = changed.length === 0 ? "none" : changed.length === 1 ? "one" : "many";
  return formWord(`notice.changed.${count}`, { who, answers: listed(changed), day: dayOf(at) });
}

export default function StepNotices({ shared, locked, recheck, because }: NoticeFlags) {
  const site = siteText();
  const styles = useStyles();
  return (
    <>
      {because ? (
        <MessageBar intent="warning" className={styles.notice} data-because>
          <MessageBarBody>
            {changeInWords(because)}{" "}
            {because.signature ? formWord("notice.signatureVoided") : formWord("notice.pageDue")}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {shared ? (
        <MessageBar intent="info" className={styles.notice}>
          <MessageBarBody>
            {site.members.othersPart} <Link to={site.members.progressTo}>{site.members.progress}</Link>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {locked ? (
        <MessageBar intent="info" className={styles.notice}>
          <MessageBarBody>{formWord("notice.locked")}</MessageBarBody>
        </MessageBar>
      ) : null}
      {recheck ? (
        <MessageBar intent="warning" className={styles.notice}>
          <MessageBarBody>{formWord("notice.recheck")}</MessageBarBody>
        </MessageBar>
      ) : null}
    </>
  );
}
