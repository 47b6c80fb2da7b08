// A colleague's loan originator profile (URLA section 9; the SAFE Act's unique identifier, 12 CFR
// 1007.105(b)): their NMLS ID and the work phone applicants are given with it. A loan officer
// assigned to a file is named with them on the applicant's summary, the portal's file and the
// MISMO export. The server checks the fields (digits only) and names the one it refuses.
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
} from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatPhone } from "@engine/base/format";
import { trpc } from "@web/src/api/trpc";
import { onFormRefusal } from "./form-refusal";
import type { PortalUser } from "./portal-types";

type Errors = Partial<Record<"userId" | "nmlsId" | "phone", string>>;

export function OriginatorProfileForm({ users, onSaved }: { users: PortalUser[]; onSaved(): void }) {
  const save = useMutation(trpc.portal.users.setOriginatorProfile.mutationOptions());
  const [userId, setUserId] = useState("");
  const [nmlsId, setNmlsId] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ intent: "success" | "error"; text: string } | null>(null);

  const choose = (id: string) => {
    const user = users.find((u) => u.id === id);
    setUserId(id);
    setNmlsId(user?.nmlsId ?? "");
    setPhone(user?.phone ? formatPhone(user.phone) : "");
    setErrors({});
    setOutcome(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!userId) found.userId = "Choose the colleague.";
    const id = nmlsId.trim();
    if (id && !/^[0-9]{1,12}$/.test(id)) found.nmlsId = "Enter the NMLS ID as its digits only.";
    const digits = phone.replace(/\D/g, "");
    if (phone.trim() && digits.length !== 10) found.phone = "Enter a 10-digit U.S. phone number.";
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length) return;
    const name = users.find((u) => u.id === userId)?.name ?? "";
    save.mutate(
      { userId, nmlsId: id || null, phone: digits || null },
      {
        onSuccess: () => {
          setOutcome({ intent: "success", text: `Saved ${name}'s loan originator profile.` });
          onSaved();
        },
        onError: onFormRefusal(["userId", "nmlsId", "phone"] as const, setErrors, setOutcome),
      },
    );
  };

  return (
    <form
      className="form-stack portal-invite"
      onSubmit={onSubmit}
      noValidate
      aria-busy={save.isPending}
      aria-labelledby="originator-title"
    >
      <h2 id="originator-title" className="section-title">
        Loan originator profile
      </h2>
      <p className="meta">
        The NMLS ID and work phone of a colleague who originates loans. The loan officer assigned to a file is
        named with them to its applicants and in its MISMO file. A loan officer needs an NMLS ID before any
        file can be assigned to them: federal law (the SAFE Act) has a loan originator registered with the
        NMLS before taking an application, and gives applicants their NMLS ID.
      </p>
      <Field
        label="Colleague"
        required
        validationMessage={errors.userId}
        validationState={errors.userId ? "error" : "none"}
      >
        <Select value={userId} onChange={(_, d) => choose(d.value)}>
          <option value="">Choose…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.roleLabel})
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="NMLS ID"
        hint="Digits only. Leave empty to clear it (not while files are assigned to them)."
        validationMessage={errors.nmlsId}
        validationState={errors.nmlsId ? "error" : "none"}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={nmlsId}
          onChange={(_, d) => setNmlsId(d.value)}
        />
      </Field>
      <Field
        label="Work phone"
        hint="Leave empty to clear it."
        validationMessage={errors.phone}
        validationState={errors.phone ? "error" : "none"}
      >
        <Input type="tel" autoComplete="off" value={phone} onChange={(_, d) => setPhone(d.value)} />
      </Field>
      {outcome ? (
        <MessageBar intent={outcome.intent} role={outcome.intent === "success" ? "status" : "alert"}>
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={save.isPending}
          icon={save.isPending ? <Spinner size="tiny" aria-label="Saving" /> : undefined}
          iconPosition="after"
        >
          Save profile
        </Button>
      </div>
    </form>
  );
}
