// /portal/set-password?token=…: where an invite or a password-reset mail lands. Asks the server
// whether the link still works and how long a password must be, then sets the password and
// sends the user to sign in.
import { ROUTES } from "@engine/base/routes";
import { authWord } from "@engine/locale/auth-words";
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { prefetchBotToken } from "@web/src/api/bot-check";
import { sameOriginPath } from "@web/src/session/auth-paths";
import { useCtaStyles } from "@web/src/shell/button-styles";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { PageLoading } from "@web/src/shell/PageLoading";
import { checkNewPassword, type NewPasswordErrors } from "./login-flow";
import { checkLink, LINK_TOKEN, setPassword, type SetPasswordLink } from "./set-password";

function LinkProblem({ title, children }: { title: string; children: string }) {
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{title}</h1>
      <p className="page-intro">{children}</p>
      <p>
        <Link to={ROUTES.portalSignIn}>Go to the partner portal sign-in</Link>
      </p>
    </div>
  );
}

export default function SetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const navigate = useNavigate();
  const cta = useCtaStyles();
  const [link, setLink] = useState<SetPasswordLink | "failed" | null>(null);
  const [password, setPasswordValue] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wellFormed = LINK_TOKEN.test(token);
  useDocumentTitle(
    link && link !== "failed" && link.purpose === "reset" ? "Choose a new password" : "Set your password",
  );

  useEffect(() => {
    if (!wellFormed) return;
    prefetchBotToken();
    checkLink(token).then(setLink, () => setLink("failed"));
  }, [token, wellFormed]);

  if (!wellFormed)
    return (
      <LinkProblem title="This link is not complete">
        Open the link from your email again, or copy the whole link into the address bar.
      </LinkProblem>
    );
  if (link === null) return <PageLoading label={authWord("auth.checkingLink")} />;
  if (link === "failed")
    return (
      <div className="page page--narrow" role="alert">
        <h1 className="page-title">We could not check your link</h1>
        <p className="page-intro">We could not reach our server. Reload the page to try again.</p>
      </div>
    );
  if (!link.valid)
    return (
      <LinkProblem title="This link no longer works">
        It has expired or was already used. Ask your administrator for a new one.
      </LinkProblem>
    );

  const min = link.passwordMinLength;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword(password, confirm, min);
    setErrors(found);
    setFormError(null);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      const result = await setPassword(token, password);
      if (result.ok)
        void navigate(
          sameOriginPath(result.url, window.location.origin) ?? `${ROUTES.portalSignIn}?passwordSet=1`,
          {
            replace: true,
          },
        );
      else if (result.error === "WeakPassword") setErrors({ password: result.message });
      else setFormError(result.message);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const reset = link.purpose === "reset";
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{reset ? "Choose a new password" : "Set your password"}</h1>
      <p className="page-intro">
        {reset ? "Your administrator reset your partner portal password." : "Welcome to the partner portal."}{" "}
        Choose a password of at least {min} characters; you will then sign in with it and a code we email you.
      </p>
      <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Field
          label="New password"
          required
          hint={`At least ${min} characters.`}
          validationMessage={errors.password}
          validationState={errors.password ? "error" : "none"}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(_, d) => setPasswordValue(d.value)}
            size="large"
          />
        </Field>
        <Field
          label="Confirm the new password"
          required
          validationMessage={errors.confirm}
          validationState={errors.confirm ? "error" : "none"}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(_, d) => setConfirm(d.value)}
            size="large"
          />
        </Field>
        {formError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{formError}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className="actions">
          <Button
            type="submit"
            appearance="primary"
            className={cta.root}
            disabledFocusable={busy}
            icon={busy ? <Spinner size="tiny" aria-label="Working" /> : undefined}
            iconPosition="after"
          >
            Set password
          </Button>
        </div>
      </form>
    </div>
  );
}
