// Inviting a colleague: name, work email and role. The server mails them a link to set their
// password; a refusal (an email already in use) appears at its field.
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { trpc } from "@web/src/api/trpc";
import { checkEmail } from "../auth/login-flow";
import { onFormRefusal } from "./form-refusal";
import type { PortalRole } from "./portal-types";
import { RoleChoice } from "./RoleChoice";

type Errors = Partial<Record<"name" | "email" | "role", string>>;

export function InviteForm({ roles, onInvited }: { roles: PortalRole[]; onInvited(): void }) {
  const invite = useMutation(trpc.portal.users.invite.mutationOptions());
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ intent: "success" | "warning" | "error"; text: string } | null>(
    null,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = "Enter the colleague's full name.";
    const emailError = checkEmail(email);
    if (emailError) found.email = emailError.replace("your email", "their work email");
    if (!role) found.role = "Choose a role.";
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length) return;
    const sentTo = email.trim();
    invite.mutate(
      { name: name.trim(), email: sentTo, role },
      {
        onSuccess: (result) => {
          setOutcome(
            result.mailed
              ? {
                  intent: "success",
                  text: `We emailed an invitation to ${sentTo}. They set a password with its link, then sign in.`,
                }
              : {
                  intent: "warning",
                  text: `${name.trim()} is added, but the invitation email could not be sent. Use "Send the invite again" on their row to send a new link.`,
                },
          );
          setName("");
          setEmail("");
          setRole("");
          onInvited();
        },
        onError: onFormRefusal(["name", "email", "role"] as const, setErrors, setOutcome),
      },
    );
  };

  return (
    <form
      className="form-stack portal-invite"
      onSubmit={onSubmit}
      noValidate
      aria-busy={invite.isPending}
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="section-title">
        Invite a colleague
      </h2>
      <Field
        label="Full name"
        required
        validationMessage={errors.name}
        validationState={errors.name ? "error" : "none"}
      >
        <Input autoComplete="off" value={name} onChange={(_, d) => setName(d.value)} />
      </Field>
      <Field
        label="Work email"
        required
        validationMessage={errors.email}
        validationState={errors.email ? "error" : "none"}
      >
        <Input type="email" autoComplete="off" value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <RoleChoice roles={roles} value={role} onChange={setRole} error={errors.role} />
      {outcome ? (
        <MessageBar intent={outcome.intent} role={outcome.intent === "success" ? "status" : "alert"}>
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={invite.isPending}
          icon={invite.isPending ? <Spinner size="tiny" aria-label="Sending" /> : undefined}
          iconPosition="after"
        >
          Send invitation
        </Button>
      </div>
    </form>
  );
}
