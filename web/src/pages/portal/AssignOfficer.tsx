// Who works an application: the loan officer select, for roles that may assign (applications.assign).
// The choice is saved with its own button, so moving through the options with the keyboard does not
// reassign the application at every step.
import { Button, Field, MessageBar, MessageBarBody, Select, Spinner } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { useNotify } from "@web/src/shell/notify";
import type { ApplicationDetail } from "./portal-types";
import { errorMessage } from "./PortalStates";

export function AssignOfficer({ detail, onSaved }: { detail: ApplicationDetail; onSaved(): void }) {
  const notify = useNotify();
  const officers = useQuery(trpc.portal.applications.assignees.queryOptions({}));
  const assign = useMutation(trpc.portal.applications.assign.mutationOptions());
  const current = detail.loanOfficer?.id ?? "";
  const [chosen, setChosen] = useState(current);
  const options = officers.data?.loanOfficers ?? [];
  // An officer since deactivated stays visible as the current choice.
  const all =
    detail.loanOfficer && !options.some((o) => o.id === detail.loanOfficer!.id)
      ? [
          ...options,
          {
            id: detail.loanOfficer.id,
            name: detail.loanOfficer.name ?? "A former loan officer",
            assignable: false,
          },
        ]
      : options;
  // A loan officer without an NMLS ID cannot take a file (the SAFE Act): shown, not offered.
  const unregistered = options.some((o) => !o.assignable);

  const onSave = () =>
    assign.mutate(
      { applicationId: detail.id, loanOfficerId: chosen || null },
      {
        onSuccess: () => {
          notify({
            intent: "success",
            title: chosen
              ? `Assigned to ${all.find((o) => o.id === chosen)?.name ?? "the loan officer"}`
              : "The assignment is removed",
          });
          onSaved();
        },
      },
    );

  return (
    <div className="portal-assign">
      <Field
        label="Loan officer"
        hint={
          officers.isPending
            ? "Loading the loan officers…"
            : officers.error
              ? "The loan officers could not be loaded."
              : unregistered
                ? "A loan officer without an NMLS ID cannot be assigned: federal law (the SAFE Act) has them registered before they take an application. Set it on Manage users, Loan originator profile."
                : undefined
        }
      >
        <Select value={chosen} onChange={(_, d) => setChosen(d.value)} disabled={officers.isPending}>
          <option value="">Not assigned</option>
          {all.map((o) => (
            <option key={o.id} value={o.id} disabled={!o.assignable && o.id !== current}>
              {o.assignable || o.id === current ? o.name : `${o.name} (no NMLS ID)`}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        onClick={onSave}
        disabledFocusable={assign.isPending || chosen === current}
        icon={assign.isPending ? <Spinner size="extra-tiny" aria-label="Working" /> : undefined}
      >
        Save assignment
      </Button>
      {assign.error ? (
        <MessageBar intent="error" role="alert" className="portal-message">
          <MessageBarBody>{errorMessage(assign.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
