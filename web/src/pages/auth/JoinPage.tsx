// /app/join?token=…: where a co-borrower's invite mail lands (server/features/members/effects.ts). Says who
// invited them and to which address (members.invitation, which does not spend the link); "Accept
// and continue" spends it (members.accept: their account and session), then the session is read
// again, the other tabs told, and the co-borrower taken to their first step. Works without a
// session. A link that no longer works, another account signed in, or an address that has its own
// application are said in the server's words, with the way to sign in.
import { formatMoment } from "@engine/base/format";
import { ROUTES } from "@engine/base/routes";
import { authWord } from "@engine/locale/auth-words";
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { prefetchBotToken } from "@web/src/api/bot-check";
import { trpc } from "@web/src/api/trpc";
import { useSession } from "@web/src/session/session";
import { useCtaStyles } from "@web/src/shell/button-styles";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { PageLoading } from "@web/src/shell/PageLoading";
import { classifyApiError } from "../funnel/api-errors";
import { LINK_TOKEN } from "./set-password";

const SIGN_IN = ROUTES.applicantSignIn;

const useStyles = makeStyles({
  facts: {
    margin: "0 0 24px",
    paddingLeft: "20px",
    color: "var(--secondary)",
    display: "grid",
    gap: "4px",
    overflowWrap: "anywhere",
  },
});

/** The server's words for a refusal, and the way on: signing in. */
function Problem({ message }: { message: string }) {
  return (
    <MessageBar intent="error" role="alert" layout="multiline">
      <MessageBarBody>
        {message} <Link to={SIGN_IN}>{authWord("auth.goToSignIn")}</Link>
      </MessageBarBody>
    </MessageBar>
  );
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{title}</h1>
      <Problem message={message} />
    </div>
  );
}

const dateOf = (iso: string) => formatMoment(iso, { month: "long", day: "numeric", year: "numeric" });

/** A word with one value shown in bold (the address the invite went to). */
function WordWithStrong({ text, value }: { text: string; value: string }) {
  const at = text.indexOf(value);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong>{value}</strong>
      {text.slice(at + value.length)}
    </>
  );
}

export default function JoinPage() {
  useDocumentTitle(authWord("join.documentTitle"));
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const wellFormed = LINK_TOKEN.test(token);
  const session = useSession();
  const navigate = useNavigate();
  const cta = useCtaStyles();
  const styles = useStyles();
  const invitation = useQuery({ ...trpc.members.invitation.queryOptions({ token }), enabled: wellFormed });
  const accept = useMutation(
    trpc.members.accept.mutationOptions({
      onSuccess: async ({ route }) => {
        await session.refresh();
        session.broadcast();
        void navigate(route, { replace: true });
      },
    }),
  );

  useEffect(() => {
    if (wellFormed) prefetchBotToken();
  }, [wellFormed]);

  if (!wellFormed)
    return (
      <LinkProblem title={authWord("auth.linkIncomplete")} message={authWord("auth.linkIncompleteBody")} />
    );
  if (invitation.isPending) return <PageLoading label={authWord("auth.checkingInvite")} />;
  if (invitation.error)
    return (
      <LinkProblem title={authWord("join.linkBroken")} message={classifyApiError(invitation.error).message} />
    );

  const { inviter, roleLabel, emailHint, expiresAt, access } = invitation.data;
  const busy = accept.isPending || accept.isSuccess;
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{authWord("join.invited", { inviter, role: roleLabel.toLowerCase() })}</h1>
      <p className="page-intro">
        {authWord(access === "signs" ? "join.introSigns" : "join.introAnswers", { inviter })}
      </p>
      <ul className={styles.facts}>
        <li>
          <WordWithStrong text={authWord("join.sentTo", { email: emailHint })} value={emailHint} />
        </li>
        <li>{authWord("join.worksUntil", { date: dateOf(expiresAt) })}</li>
      </ul>
      <div className="form-stack">
        {accept.error ? <Problem message={classifyApiError(accept.error).message} /> : null}
        <div className="actions">
          <Button
            appearance="primary"
            className={cta.root}
            disabledFocusable={busy}
            icon={busy ? <Spinner size="tiny" aria-label={authWord("auth.working")} /> : undefined}
            iconPosition="after"
            onClick={() => accept.mutate({ token })}
          >
            {authWord("join.accept")}
          </Button>
        </div>
      </div>
    </div>
  );
}
