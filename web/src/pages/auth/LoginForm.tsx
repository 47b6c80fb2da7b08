// The sign-in form for either session (applicant or portal): email then a mailed 6-digit code,
// or email and password, as the base's providers allow; when the server answers a right password
// by asking for a code (the portal's second factor), the form moves on to the code. Errors appear
// at their field or, for the form as a whole, in an alert above the button. Spec §8: with no
// providers the page goes to the error page; asked for a provider it does not offer, to the plain
// sign-in page with callbackUrl.
import { Button, MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { authErrorMessage } from "@web/src/session/auth-messages";
import { sameOriginPath, type AuthBase } from "@web/src/session/auth-paths";
import { useSession } from "@web/src/session/session";
import { useCtaStyles } from "@web/src/shell/button-styles";
import { PageLoading } from "@web/src/shell/PageLoading";
import { IdentityField, LoginSwitches, SecretField } from "./LoginFields";
import { loginFieldErrors, methodsOf, type FieldErrors, type LoginStage } from "./login-flow";
import { sayFor, type Say } from "./login-words";
import { submitLogin } from "./login-submit";
import { useLoginStart } from "./use-login-start";

export interface LoginFormProps {
  base: AuthBase;
  title: string;
  intro: string;
  /** Start with the password form when both ways are offered (staff use passwords). */
  preferPassword?: boolean;
  /** A notice to show above the form when it opens (e.g. "Your password is set"). */
  notice?: string | null;
  /** Where to go after signing in when the URL names no callbackUrl; may read the new session. */
  afterSignIn(session: { applicationRoute?: string | null } | null): string;
}

/** Where the code goes: the email address, or the mobile number the account verified (applicants). */
type Via = "email" | "phone";

export function LoginForm({
  base,
  title,
  intro,
  preferPassword = false,
  notice: openingNotice = null,
  afterSignIn,
}: LoginFormProps) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const callbackUrl = sameOriginPath(search.get("callbackUrl"), window.location.origin);
  const { loaded, stage, setStage } = useLoginStart(base, search, preferPassword, callbackUrl);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [via, setVia] = useState<Via>(() => (search.get("via") === "phone" ? "phone" : "email"));
  const [secret, setSecret] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(() => urlError(search, base));
  const [notice, setNotice] = useState<string | null>(() => urlNotice(search, base) ?? openingNotice);
  const [busy, setBusy] = useState(false);
  const methods = methodsOf(loaded);
  const phoneOffered = !!loaded && Object.hasOwn(loaded, "sms");
  const byPhone = via === "phone" && phoneOffered;
  const say = sayFor(base);

  if (stage === null) return <PageLoading />;

  const moveTo = (next: LoginStage) => {
    setStage(next);
    setSecret("");
    setErrors({});
    setFormError(null);
    setNotice(null);
  };

  const finish = async () => {
    const data = await session.refresh();
    session.broadcast();
    void navigate(callbackUrl ?? afterSignIn(data), { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = loginFieldErrors(stage, byPhone, { email, phone, secret }, say);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const outcome = await submitLogin(base, stage, { byPhone, email, phone, secret, callbackUrl }, say);
      if (outcome.kind === "error") setFormError(outcome.message);
      else if (outcome.kind === "code") {
        moveTo("code");
        setNotice(outcome.notice);
        if (outcome.inUrl) setSearch(codeStepInUrl, { replace: true });
      } else await finish();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : authErrorMessage("UnknownError", base));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page page--narrow">
      <h1 className="page-title">{title}</h1>
      <p className="page-intro">{intro}</p>
      <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {notice ? <Message intent={stage === "code" ? "success" : "info"}>{notice}</Message> : null}
        <IdentityField
          byPhone={byPhone}
          email={email}
          phone={phone}
          errors={errors}
          onEmail={setEmail}
          onPhone={setPhone}
          say={say}
        />
        <SecretField
          stage={stage}
          byPhone={byPhone}
          secret={secret}
          errors={errors}
          onSecret={setSecret}
          say={say}
        />
        {formError ? <Message intent="error">{formError}</Message> : null}
        <SubmitButton busy={busy} say={say}>
          {say(stage === "email" ? (byPhone ? "login.send.text" : "login.send.email") : "login.signIn")}
        </SubmitButton>
        <LoginSwitches
          stage={stage}
          methods={methods}
          phoneOffered={phoneOffered}
          byPhone={byPhone}
          moveTo={moveTo}
          switchVia={() => setVia(byPhone ? "email" : "phone")}
          say={say}
        />
      </form>
    </div>
  );
}

/** The URL of the code form (?step=code), so a reload stays on it; a past error or provider goes. */
function codeStepInUrl(search: URLSearchParams) {
  search.set("step", "code");
  search.delete("error");
  search.delete("provider");
  return search;
}

// An error in the URL: SessionRequired is a plain request to sign in, anything else went wrong.
function urlError(search: URLSearchParams, base: AuthBase): string | null {
  const error = search.get("error");
  return error && error !== "SessionRequired" ? authErrorMessage(error, base) : null;
}
const urlNotice = (search: URLSearchParams, base: AuthBase): string | null =>
  search.get("error") === "SessionRequired" ? authErrorMessage("SessionRequired", base) : null;

function SubmitButton({ busy, say, children }: { busy: boolean; say: Say; children: string }) {
  const cta = useCtaStyles();
  return (
    <div className="actions">
      <Button
        type="submit"
        appearance="primary"
        className={cta.root}
        disabledFocusable={busy}
        icon={busy ? <Spinner size="tiny" aria-label={say("login.working")} /> : undefined}
        iconPosition="after"
      >
        {children}
      </Button>
    </div>
  );
}

/**
 * A notice, or the form's error (an alert). Multiline: the automatic layout does not re-measure
 * when the words change, so a longer notice would run off a phone's screen on one line.
 */
function Message({ intent, children }: { intent: "success" | "info" | "error"; children: string }) {
  return (
    <MessageBar intent={intent} layout="multiline" {...(intent === "error" ? { role: "alert" } : {})}>
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}
