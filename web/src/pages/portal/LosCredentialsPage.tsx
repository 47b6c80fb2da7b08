// /portal/los-credentials: the service credentials the partner's loan origination system pulls its
// MISMO 3.4 files with (the LOS API, docs/export.md). Staff with los.credentials name a new one
// (its token is shown once, here, and never again: only its hash is kept) and revoke one at once,
// after a confirmation. Each row says who made it, when it was last used and whether it is revoked.
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
} from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { dateTime } from "./portal-format";
import { PortalFrame } from "./PortalFrame";
import { errorMessage, Failure, Loading } from "./PortalStates";
import type { LosCredential } from "./portal-types";
import { TableRegion } from "./TableRegion";

type Outcome = { intent: "success" | "error"; text: string };

/** The token of a credential just made: shown once, with a button to copy it. */
function NewToken({ label, token, onDone }: { label: string; token: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <MessageBar intent="warning" layout="multiline" className="portal-message">
      <MessageBarBody>
        <p className="portal-strong">
          The token of “{label}”. Copy it into your LOS now: it is not shown again.
        </p>
        <Field label="Token">
          <Input readOnly value={token} className="portal-break" onFocus={(e) => e.target.select()} />
        </Field>
        <div className="actions">
          <Button
            onClick={() =>
              void navigator.clipboard?.writeText(token).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy the token"}
          </Button>
          <Button appearance="primary" onClick={onDone}>
            I have stored it
          </Button>
        </div>
        <p className="meta" role="status">
          {copied ? "The token is on your clipboard." : ""}
        </p>
      </MessageBarBody>
    </MessageBar>
  );
}

function CreateForm({ onCreated }: { onCreated(made: { label: string; token: string }): void }) {
  const create = useMutation(trpc.portal.losCredentials.create.mutationOptions());
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError("Name the credential, for example “Encompass production”.");
    setError(null);
    create.mutate(
      { label: label.trim() },
      {
        onSuccess: (made) => {
          setLabel("");
          onCreated(made);
        },
        onError: (e) => {
          const failure = classifyApiError(e);
          setError(
            failure.kind === "fields"
              ? (failure.fieldErrors[0]?.message ?? failure.message)
              : failure.message,
          );
        },
      },
    );
  };
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-labelledby="los-create-title">
      <h2 id="los-create-title" className="section-title">
        Create a credential
      </h2>
      <Field
        label="Name"
        hint="Which LOS and environment uses it. The token it gets reads only your organisation's applications."
        required
        validationMessage={error ?? undefined}
        validationState={error ? "error" : "none"}
      >
        <Input autoComplete="off" maxLength={80} value={label} onChange={(_, d) => setLabel(d.value)} />
      </Field>
      <div className="actions">
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={create.isPending}
          icon={create.isPending ? <Spinner size="tiny" aria-label="Creating" /> : undefined}
          iconPosition="after"
        >
          Create credential
        </Button>
      </div>
    </form>
  );
}

function RevokeDialog({
  credential,
  open,
  onClose,
}: {
  credential: LosCredential;
  open: boolean;
  onClose(outcome: Outcome | null): void;
}) {
  const revoke = useMutation(trpc.portal.losCredentials.revoke.mutationOptions());
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => (d.open ? null : onClose(null))}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Revoke “{credential.label}”?</DialogTitle>
          <DialogContent>
            The LOS using it is refused from its next request on. This cannot be undone: create a new
            credential to give it access again.
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(null)}>Cancel</Button>
            <Button
              appearance="primary"
              disabledFocusable={revoke.isPending}
              onClick={() =>
                revoke.mutate(
                  { credentialId: credential.id },
                  {
                    onSuccess: () =>
                      onClose({ intent: "success", text: `“${credential.label}” is revoked.` }),
                    onError: (e) => onClose({ intent: "error", text: errorMessage(e) }),
                  },
                )
              }
            >
              Revoke
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function Credentials() {
  const list = useQuery(trpc.portal.losCredentials.list.queryOptions({}));
  const [made, setMade] = useState<{ label: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<LosCredential | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A revoked row loses its button: focus goes to the list's heading, not lost to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  if (list.isPending) return <Loading label="Loading the credentials" />;
  if (list.error)
    return <Failure error={list.error} retry={() => void list.refetch()} what="the credentials" />;
  const rows = list.data.credentials;
  return (
    <>
      <section aria-labelledby="los-list-title" className="portal-section">
        <h2 id="los-list-title" className="section-title" tabIndex={-1} ref={heading}>
          Credentials
        </h2>
        {made ? <NewToken {...made} onDone={() => setMade(null)} /> : null}
        {outcome ? (
          <MessageBar
            intent={outcome.intent}
            role={outcome.intent === "success" ? "status" : "alert"}
            className="portal-message"
          >
            <MessageBarBody>{outcome.text}</MessageBarBody>
          </MessageBar>
        ) : null}
        {rows.length === 0 ? (
          <p className="meta">Your organisation has no LOS credential yet.</p>
        ) : (
          <TableRegion label="LOS credentials" stack>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td data-label="Name">
                    <span className="portal-strong">{c.label}</span>
                    <div className="meta">
                      <code>los_{c.id}</code>
                    </div>
                  </td>
                  <td data-label="Created">
                    {dateTime(c.createdAt)}
                    <div className="meta">by {c.createdBy}</div>
                  </td>
                  <td data-label="Last used">{c.lastUsedAt ? dateTime(c.lastUsedAt) : "Never"}</td>
                  <td data-label="Status">
                    {c.revokedAt ? (
                      <>
                        <Badge appearance="tint" color="subtle">
                          Revoked
                        </Badge>
                        <div className="meta">
                          {dateTime(c.revokedAt)} by {c.revokedBy}
                        </div>
                      </>
                    ) : (
                      <Badge appearance="tint" color="success">
                        Active
                      </Badge>
                    )}
                  </td>
                  <td data-label="Actions">
                    {c.revokedAt ? (
                      <span className="meta">—</span>
                    ) : (
                      <Button
                        size="small"
                        onClick={() => {
                          setOutcome(null);
                          setRevoking(c);
                          setDialogOpen(true);
                        }}
                      >
                        Revoke<span className="visually-hidden"> {c.label}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </section>
      <section className="portal-section">
        <CreateForm
          onCreated={(m) => {
            setOutcome(null);
            setMade(m);
            void list.refetch();
          }}
        />
      </section>
      {revoking ? (
        <RevokeDialog
          key={revoking.id}
          credential={revoking}
          open={dialogOpen}
          onClose={(result) => {
            setDialogOpen(false);
            if (!result) return;
            setOutcome(result);
            void list.refetch().then(() => heading.current?.focus());
          }}
        />
      ) : null}
    </>
  );
}

export default function LosCredentialsPage() {
  return (
    <PortalFrame title="LOS access" requires={["los.credentials"]}>
      <p className="page-intro">
        Your loan origination system pulls the MISMO 3.4 file of each application ready for export through the
        LOS API, with a credential made here. Every pull is in the application’s audit trail.
      </p>
      <Credentials />
    </PortalFrame>
  );
}
