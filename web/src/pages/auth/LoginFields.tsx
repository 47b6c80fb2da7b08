// The parts of the sign-in form (LoginForm.tsx): who is signing in (email or mobile number), the
// code or password, and the links that switch between the ways of signing in.
import { Field, Input, Link as FluentLink } from "@fluentui/react-components";
import { restartStage, type FieldErrors, type LoginMethods, type LoginStage } from "./login-flow";
import type { Say } from "./login-words";

/** The email address, or the mobile number the account verified (applicants, by text). */
export function IdentityField(props: {
  byPhone: boolean;
  email: string;
  phone: string;
  errors: FieldErrors;
  onEmail(value: string): void;
  onPhone(value: string): void;
  say: Say;
}) {
  const { byPhone, errors, say } = props;
  return byPhone ? (
    <Field
      label={say("login.mobile")}
      required
      hint={say("login.mobileHint")}
      validationMessage={errors.phone}
      validationState={errors.phone ? "error" : "none"}
    >
      <Input
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        value={props.phone}
        onChange={(_, d) => props.onPhone(d.value)}
        size="large"
      />
    </Field>
  ) : (
    <Field
      label={say("login.email")}
      required
      validationMessage={errors.email}
      validationState={errors.email ? "error" : "none"}
    >
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        value={props.email}
        onChange={(_, d) => props.onEmail(d.value)}
        size="large"
      />
    </Field>
  );
}

/** The 6-digit code at the code stage, the password at the password stage; nothing before. */
export function SecretField(props: {
  stage: LoginStage;
  byPhone: boolean;
  secret: string;
  errors: FieldErrors;
  onSecret(value: string): void;
  say: Say;
}) {
  const { stage, byPhone, errors, say } = props;
  if (stage === "code")
    return (
      <Field
        label={say("login.code")}
        required
        hint={say(byPhone ? "login.codeHint.text" : "login.codeHint.email")}
        validationMessage={errors.code}
        validationState={errors.code ? "error" : "none"}
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={props.secret}
          onChange={(_, d) => props.onSecret(d.value.replace(/\D/g, ""))}
          size="large"
        />
      </Field>
    );
  if (stage === "password")
    return (
      <Field
        label={say("login.password")}
        required
        validationMessage={errors.password}
        validationState={errors.password ? "error" : "none"}
      >
        <Input
          type="password"
          autoComplete="current-password"
          value={props.secret}
          onChange={(_, d) => props.onSecret(d.value)}
          size="large"
        />
      </Field>
    );
  return null;
}

/** The other ways of signing in this session offers, and a new code. */
export function LoginSwitches(props: {
  stage: LoginStage;
  methods: LoginMethods;
  phoneOffered: boolean;
  byPhone: boolean;
  moveTo(stage: LoginStage): void;
  switchVia(): void;
  say: Say;
}) {
  const { stage, methods, phoneOffered, byPhone, moveTo, say } = props;
  return (
    <div className="actions">
      {stage !== "password" && methods.password && methods.code ? (
        <FluentLink as="button" type="button" onClick={() => moveTo("password")}>
          {say("login.passwordInstead")}
        </FluentLink>
      ) : null}
      {stage === "password" && methods.code ? (
        <FluentLink as="button" type="button" onClick={() => moveTo("email")}>
          {say("login.emailInstead")}
        </FluentLink>
      ) : null}
      {stage === "email" && phoneOffered ? (
        <FluentLink as="button" type="button" onClick={props.switchVia}>
          {say(byPhone ? "login.emailInstead" : "login.textInstead")}
        </FluentLink>
      ) : null}
      {stage === "code" ? (
        <FluentLink as="button" type="button" onClick={() => moveTo(restartStage(methods))}>
          {say(methods.code ? "login.newCode" : "login.passwordForCode")}
        </FluentLink>
      ) : null}
    </div>
  );
}
