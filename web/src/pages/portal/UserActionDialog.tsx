// The confirmation before changing a colleague's account: change role, deactivate, reactivate or
// reset password. The dialog stays open while the server answers; its refusal (the last active
// administrator, one's own account) is handed to the page to show.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import type { PortalRole, PortalUser } from "./portal-types";
import { errorMessage } from "./PortalStates";
import { RoleChoice } from "./RoleChoice";

export type UserAction = "role" | "deactivate" | "reactivate" | "reset" | "resend";

export interface ActionOutcome {
  intent: "success" | "warning" | "error";
  text: string;
}

const TITLES: Record<UserAction, (name: string) => string> = {
  role: (name) => `Change the role of ${name}`,
  deactivate: (name) => `Deactivate ${name}?`,
  reactivate: (name) => `Reactivate ${name}?`,
  reset: (name) => `Reset the password of ${name}?`,
  resend: (name) => `Send ${name} the invite again?`,
};

const EXPLAIN: Record<Exclude<UserAction, "role">, string> = {
  deactivate:
    "They are signed out at once and cannot sign in until an administrator reactivates them. Their applications stay as they are.",
  reactivate: "They can sign in again with their password and a code.",
  reset:
    "Their password stops working now and they are signed out. We email them a link to choose a new one.",
  resend:
    "They have not set a password yet. We email them a new link to set one; the link sent before stops working.",
};

const CONFIRM: Record<UserAction, string> = {
  role: "Save role",
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  reset: "Reset password",
  resend: "Send the invite again",
};

export function UserActionDialog({
  open,
  action,
  user,
  roles,
  onClose,
}: {
  open: boolean;
  action: UserAction;
  user: PortalUser;
  roles: PortalRole[];
  onClose(outcome: ActionOutcome | null): void;
}) {
  const [role, setRole] = useState(user.role);
  const setRoleM = useMutation(trpc.portal.users.setRole.mutationOptions());
  const deactivate = useMutation(trpc.portal.users.deactivate.mutationOptions());
  const reactivate = useMutation(trpc.portal.users.reactivate.mutationOptions());
  const reset = useMutation(trpc.portal.users.resetPassword.mutationOptions());
  const busy = setRoleM.isPending || deactivate.isPending || reactivate.isPending || reset.isPending;
  const done = (text: string) => onClose({ intent: "success", text });
  const refused = (error: unknown) => onClose({ intent: "error", text: errorMessage(error) });

  const onConfirm = () => {
    const ref = { userId: user.id };
    if (action === "role") {
      const label = roles.find((r) => r.id === role)?.label ?? role;
      setRoleM.mutate(
        { ...ref, role },
        { onSuccess: () => done(`${user.name} is now ${label}.`), onError: refused },
      );
    } else if (action === "deactivate")
      deactivate.mutate(ref, {
        onSuccess: () => done(`${user.name} is deactivated and signed out.`),
        onError: refused,
      });
    else if (action === "reactivate")
      reactivate.mutate(ref, { onSuccess: () => done(`${user.name} can sign in again.`), onError: refused });
    else
      reset.mutate(ref, {
        onSuccess: (result) =>
          onClose(
            result.mailed
              ? {
                  intent: "success",
                  text:
                    action === "resend"
                      ? `We emailed ${user.name} a new invite link.`
                      : `We emailed ${user.name} a link to choose a new password.`,
                }
              : {
                  intent: "warning",
                  text:
                    action === "resend"
                      ? `The earlier invite link of ${user.name} no longer works, and the new one could not be sent. Try again later.`
                      : `The password of ${user.name} is reset, but the email could not be sent. Try again later.`,
                },
          ),
        onError: refused,
      });
  };

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && !busy && onClose(null)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{TITLES[action](user.name)}</DialogTitle>
          <DialogContent>
            {action === "role" ? (
              <RoleChoice roles={roles} value={role} onChange={setRole} label="New role" />
            ) : (
              <p>{EXPLAIN[action]}</p>
            )}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              onClick={onConfirm}
              disabledFocusable={busy || (action === "role" && role === user.role)}
              icon={busy ? <Spinner size="extra-tiny" aria-label="Working" /> : undefined}
            >
              {CONFIRM[action]}
            </Button>
            <Button onClick={() => onClose(null)} disabled={busy}>
              Cancel
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
