// The sign-in form for either session (applicant or portal): email then a mailed 6-digit code,
// or email and password, as the base's providers allow; when the server answers a right password
// by asking for a code (the portal's second factor), the form moves on to the code. Errors appear
// at their field or, for the form as a whole, in an alert above the button. Spec §8: with no
// providers the page goes to the error page; asked for a provider it does not offer, to the plain
// sign-in page with callbackUrl.
import {
  Button,
  Field,
  Input,
  Link as FluentLink,
  MessageBar,
  MessageBarBody,
  Spinner,
} from "@fluentui/react-components";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { prefetchBotToken } from "@web/src/api/bot-check";
import {
  getProviders,
  requestEmailCode,
  requestPhoneCode,
  signInWithCredentials,
  signInWithPhoneCode,
  type Providers,
} from "@web/src/session/auth-client";
import { authErrorMessage } from "@web/src/session/auth-messages";
import { errorPagePath, sameOriginPath, signInPath, type AuthBase } from "@web/src/session/auth-paths";
import { useSession } from "@web/src/session/session";
import { useCtaStyles } from "@web/src/shell/button-styles";
import { PageLoading } from "@web/src/shell/PageLoading";
import {
  asksForCode,
  checkCode,
  checkEmail,
  checkPassword,
  checkPhone,
  phoneDigits,
  loginStart,
  methodsOf,
  restartStage,
  type LoginStage,
} from "./login-flow";

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

type FieldErrors = Partial<Record<"email" | "phone" | "code" | "password", string>>;
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
  const cta = useCtaStyles();
  const [providers, setProviders] = useState<Providers | null | "failed">(null);
  const [stage, setStage] = useState<LoginStage | null>(null);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [via, setVia] = useState<Via>(() => (search.get("via") === "phone" ? "phone" : "email"));
  const [secret, setSecret] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  // An error in the URL: SessionRequired is a plain request to sign in, anything else went wrong.
  const [formError, setFormError] = useState<string | null>(() => {
    const error = search.get("error");
    return error && error !== "SessionRequired" ? authErrorMessage(error) : null;
  });
  const [notice, setNotice] = useState<string | null>(() =>
    search.get("error") === "SessionRequired" ? authErrorMessage("SessionRequired") : openingNotice,
  );
  const [busy, setBusy] = useState(false);
  const callbackUrl = sameOriginPath(search.get("callbackUrl"), window.location.origin);

  useEffect(() => {
    prefetchBotToken();
    getProviders(base).then(setProviders, () => setProviders("failed"));
  }, [base]);

  const loaded = providers === "failed" ? null : providers;
  const methods = methodsOf(loaded);
  const phoneOffered = !!loaded && Object.hasOwn(loaded, "sms");
  const byPhone = via === "phone" && phoneOffered;
  useEffect(() => {
    if (providers === null || stage !== null) return;
    const start = loginStart(loaded, search, preferPassword);
    if (start.kind === "errorPage")
      void navigate(errorPagePath(base, start.error, callbackUrl), { replace: true });
    else if (start.kind === "signInPage") void navigate(signInPath(base, callbackUrl), { replace: true });
    else setStage(start.stage);
  }, [providers, loaded, stage, search, preferPassword, navigate, base, callbackUrl]);

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
    const found: FieldErrors = {};
    const idError = byPhone ? checkPhone(phone) : checkEmail(email);
    if (idError) found[byPhone ? "phone" : "email"] = idError;
    if (stage === "code") {
      const e = checkCode(secret);
      if (e) found.code = e;
    }
    if (stage === "password") {
      const e = checkPassword(secret);
      if (e) found.password = e;
    }
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const cleanEmail = email.trim();
      if (stage === "email") {
        const result = byPhone
          ? await requestPhoneCode(base, phoneDigits(phone), callbackUrl ?? "")
          : await requestEmailCode(base, cleanEmail, callbackUrl ?? "");
        if (result.error) setFormError(result.message ?? authErrorMessage(result.error));
        else {
          moveTo("code");
          setNotice(
            byPhone
              ? `If ${phone.trim()} is the verified mobile number of an application, we texted a 6-digit code to it. It works once, for 10 minutes.`
              : `If ${cleanEmail} has an account, we sent a 6-digit code to it. It works once, for 10 minutes.`,
          );
          setSearch(
            (s) => {
              s.set("step", "code");
              s.delete("error");
              s.delete("provider");
              return s;
            },
            { replace: true },
          );
        }
      } else {
        const credentials =
          stage === "code"
            ? { email: cleanEmail, code: secret.trim() }
            : { email: cleanEmail, password: secret };
        const result =
          byPhone && stage === "code"
            ? await signInWithPhoneCode(base, phoneDigits(phone), secret.trim(), callbackUrl ?? "")
            : await signInWithCredentials(base, credentials, callbackUrl ?? "");
        if (result.error) setFormError(result.message ?? authErrorMessage(result.error));
        else if (stage === "password" && asksForCode(result.url, window.location.origin)) {
          moveTo("code");
          setNotice(
            `We emailed a 6-digit code to ${cleanEmail}. Enter it to finish signing in; it works once, for 10 minutes.`,
          );
        } else await finish();
      }
    } catch (error) {
      setFormError(error instanceof Error ? error.message : authErrorMessage("UnknownError"));
    } finally {
      setBusy(false);
    }
  };

  const submitLabel = stage === "email" ? (byPhone ? "Text me a code" : "Email me a code") : "Sign in";
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{title}</h1>
      <p className="page-intro">{intro}</p>
      <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {notice ? (
          // Multiline: the automatic layout does not re-measure when the words change, so a longer
          // notice would run off a phone's screen on one line.
          <MessageBar intent={stage === "code" ? "success" : "info"} layout="multiline">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        ) : null}
        {byPhone ? (
          <Field
            label="Mobile number"
            required
            hint="The number you verified on your application."
            validationMessage={errors.phone}
            validationState={errors.phone ? "error" : "none"}
          >
            <Input
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              value={phone}
              onChange={(_, d) => setPhone(d.value)}
              size="large"
            />
          </Field>
        ) : (
          <Field
            label="Email address"
            required
            validationMessage={errors.email}
            validationState={errors.email ? "error" : "none"}
          >
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(_, d) => setEmail(d.value)}
              size="large"
            />
          </Field>
        )}
        {stage === "code" ? (
          <Field
            label="6-digit code"
            required
            hint={byPhone ? "From the text we just sent." : "From the email we just sent."}
            validationMessage={errors.code}
            validationState={errors.code ? "error" : "none"}
          >
            <Input
              autoFocus
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={secret}
              onChange={(_, d) => setSecret(d.value.replace(/\D/g, ""))}
              size="large"
            />
          </Field>
        ) : null}
        {stage === "password" ? (
          <Field
            label="Password"
            required
            validationMessage={errors.password}
            validationState={errors.password ? "error" : "none"}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={secret}
              onChange={(_, d) => setSecret(d.value)}
              size="large"
            />
          </Field>
        ) : null}
        {formError ? (
          <MessageBar intent="error" role="alert" layout="multiline">
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
            {submitLabel}
          </Button>
        </div>
        <div className="actions">
          {stage !== "password" && methods.password && methods.code ? (
            <FluentLink as="button" type="button" onClick={() => moveTo("password")}>
              Sign in with a password instead
            </FluentLink>
          ) : null}
          {stage === "password" && methods.code ? (
            <FluentLink as="button" type="button" onClick={() => moveTo("email")}>
              Email me a code instead
            </FluentLink>
          ) : null}
          {stage === "email" && phoneOffered ? (
            <FluentLink as="button" type="button" onClick={() => setVia(byPhone ? "email" : "phone")}>
              {byPhone ? "Email me a code instead" : "Text me a code instead"}
            </FluentLink>
          ) : null}
          {stage === "code" ? (
            <FluentLink as="button" type="button" onClick={() => moveTo(restartStage(methods))}>
              {methods.code ? "Send a new code" : "Enter your password again for a new code"}
            </FluentLink>
          ) : null}
        </div>
      </form>
    </div>
  );
}
