// Before an early decline is a decision (a pricing rule flagged confirmFirst, rules/pricing.json):
// the ineligible page asks the applicant to confirm the answer it rests on, or to go back and
// correct it. Nothing is recorded until they confirm (decision.confirm); without their E-SIGN
// consent and a mailing address on file the notice goes on paper, so the page asks where to mail
// it. The server checks the address (schemas/address.json) and names the field it refuses.
import { Button, Field, Input } from "@fluentui/react-components";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { siteText } from "@web/src/app/content-text";
import type { Address } from "@engine/generated/schema-types";
import { trpc } from "@web/src/api/trpc";
import { useCtaStyles } from "@web/src/shell/button-styles";
import { classifyApiError } from "../funnel/api-errors";

const FIELDS = ["line1", "line2", "city", "state", "zip"] as const;
type AddressField = (typeof FIELDS)[number];

export function DeclineConfirmation() {
  const site = siteText();
  const words = site.declineConfirmation;
  const pending = useQuery({ ...trpc.decision.pending.queryOptions(), retry: false });
  const client = useQueryClient();
  const navigate = useNavigate();
  const cta = useCtaStyles();
  const [address, setAddress] = useState<Record<AddressField, string>>({
    line1: "",
    line2: "",
    city: "",
    state: "",
    zip: "",
  });
  const confirm = useMutation(
    trpc.decision.confirm.mutationOptions({
      onSuccess: () =>
        Promise.all([
          client.invalidateQueries({ queryKey: trpc.decision.pending.queryKey() }),
          client.invalidateQueries({ queryKey: trpc.decision.latest.queryKey() }),
        ]),
    }),
  );
  const decline = pending.data;
  if (!decline) return null;
  const failure = confirm.error ? classifyApiError(confirm.error) : null;
  const fieldError = (field: AddressField) =>
    failure?.kind === "fields"
      ? failure.fieldErrors.find((e) => e.pointer === `/mailTo/${field}`)?.message
      : undefined;
  const submit = () => {
    // The server judges the address against schemas/address.json (a state it does not know is refused, naming the field).
    const mailTo: Address | undefined =
      decline.mailingAddressOnFile || FIELDS.every((f) => !address[f].trim())
        ? undefined
        : {
            line1: address.line1.trim(),
            line2: address.line2.trim() || null,
            city: address.city.trim(),
            state: address.state.trim().toUpperCase() as Address["state"],
            zip: address.zip.trim(),
          };
    confirm.mutate({ ruleId: decline.ruleId, ...(mailTo ? { mailTo } : {}) });
  };
  return (
    <section className="notice" aria-labelledby="decline-confirmation">
      <h2 id="decline-confirmation">{words.label}</h2>
      <p>{words.intro}</p>
      <h3>{words.reasonsLabel}</h3>
      <ul>
        {decline.reasons.map((r) => (
          <li key={r.code}>{r.text}</li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {decline.mailingAddressOnFile ? null : (
          <fieldset>
            <legend>{words.addressIntro}</legend>
            {FIELDS.map((field) => (
              <Field
                key={field}
                label={words[field]}
                required={field !== "line2"}
                validationMessage={fieldError(field)}
              >
                <Input
                  name={field}
                  value={address[field]}
                  autoComplete={
                    {
                      line1: "address-line1",
                      line2: "address-line2",
                      city: "address-level2",
                      state: "address-level1",
                      zip: "postal-code",
                    }[field]
                  }
                  onChange={(_, data) => setAddress({ ...address, [field]: data.value })}
                />
              </Field>
            ))}
          </fieldset>
        )}
        {failure && failure.kind !== "fields" ? <p role="alert">{failure.message}</p> : null}
        {failure?.kind === "fields" && !FIELDS.some(fieldError) ? (
          <p role="alert">{failure.fieldErrors.map((e) => e.message).join(" ")}</p>
        ) : null}
        <div className="actions">
          <Button className={cta.root} appearance="primary" type="submit" disabled={confirm.isPending}>
            {words.confirm}
          </Button>
          <Button className={cta.root} appearance="secondary" type="button" onClick={() => navigate(-1)}>
            {words.back}
          </Button>
        </div>
      </form>
    </section>
  );
}
