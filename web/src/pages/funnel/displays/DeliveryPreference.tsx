// The borrower's own E-SIGN consent on their status page, and the way to withdraw it and ask for
// paper (15 U.S.C. 7001(c)(1)(B)): the server records it (esign.withdrawConsent), after which their
// notices go to the print-and-mail queue. Every word is the step's (`ui:options.deliveryPreference`).
import { Button, Checkbox } from "@fluentui/react-components";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../api-errors";
import { textOf } from "./markdown";
import { useDisplayStyles } from "./styles";

export function DeliveryPreference({ words }: { words: Record<string, unknown> }) {
  const styles = useDisplayStyles();
  const client = useQueryClient();
  const [confirmed, setConfirmed] = useState(false);
  const preference = useQuery(trpc.esign.deliveryPreference.queryOptions());
  const withdraw = useMutation(
    trpc.esign.withdrawConsent.mutationOptions({
      onSuccess: () => client.invalidateQueries({ queryKey: trpc.esign.deliveryPreference.queryKey() }),
    }),
  );
  if (!preference.data) return null;
  const { consent } = preference.data;
  return (
    <section className={styles.stack} aria-labelledby="delivery-preference">
      <h2 id="delivery-preference" className={styles.groupTitle}>
        {textOf(words.heading)}
      </h2>
      <p>{textOf(consent === "given" ? words.given : words.paper)}</p>
      {consent === "given" ? (
        <>
          <Checkbox
            checked={confirmed}
            onChange={(_, data) => setConfirmed(data.checked === true)}
            label={textOf(words.confirm)}
          />
          <div>
            <Button
              appearance="secondary"
              disabledFocusable={!confirmed || withdraw.isPending}
              onClick={() => withdraw.mutate({ confirm: true })}
            >
              {textOf(words.button)}
            </Button>
          </div>
        </>
      ) : null}
      <p role="status" className={styles.note}>
        {withdraw.error ? classifyApiError(withdraw.error).message : ""}
      </p>
    </section>
  );
}
