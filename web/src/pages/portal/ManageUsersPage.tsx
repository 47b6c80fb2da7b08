// /portal/manage-users: the partner's portal users with their role and status, an invite form, and
// per user (never one's own row): change role, deactivate or reactivate, reset password, each
// confirmed first. The server enforces the rules (nobody changes their own account; the last
// active administrator stays); its refusals are shown as it words them.
import { Badge, Button, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { InviteForm } from "./InviteForm";
import { OriginatorProfileForm } from "./OriginatorProfileForm";
import type { PortalRole, PortalUser } from "./portal-types";
import { PortalFrame, usePortalMe } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { UserActionDialog, type ActionOutcome, type UserAction } from "./UserActionDialog";
import { TableRegion } from "./TableRegion";

const STATUS = {
  active: { label: "Active", color: "success" },
  invited: { label: "Invited", color: "informative" },
  deactivated: { label: "Deactivated", color: "subtle" },
} as const;

function UserRow({
  user,
  onAction,
}: {
  user: PortalUser;
  onAction(action: UserAction, user: PortalUser): void;
}) {
  const status = STATUS[user.status];
  const who = <span className="visually-hidden"> {user.name}</span>;
  return (
    <tr>
      <td data-label="Name">
        <span className="portal-strong">{user.name}</span>
        {user.isYou ? <span className="meta"> (you)</span> : null}
      </td>
      <td data-label="Email" className="portal-break">
        {user.email}
      </td>
      <td data-label="Role">{user.roleLabel}</td>
      <td data-label="NMLS ID">{user.nmlsId ?? <span className="meta">None</span>}</td>
      <td data-label="Status">
        <Badge appearance="tint" color={status.color}>
          {status.label}
        </Badge>
      </td>
      <td data-label="Actions">
        {user.isYou ? (
          <span className="meta">Another administrator manages your account.</span>
        ) : (
          <div className="actions portal-row-actions">
            <Button size="small" onClick={() => onAction("role", user)}>
              Change role{who}
            </Button>
            {user.status === "deactivated" ? (
              <Button size="small" onClick={() => onAction("reactivate", user)}>
                Reactivate{who}
              </Button>
            ) : (
              <>
                {/* A user still invited has no password to reset: they get the invite again. */}
                {user.status === "invited" ? (
                  <Button size="small" onClick={() => onAction("resend", user)}>
                    Send the invite again{who}
                  </Button>
                ) : (
                  <Button size="small" onClick={() => onAction("reset", user)}>
                    Reset password{who}
                  </Button>
                )}
                <Button size="small" onClick={() => onAction("deactivate", user)}>
                  Deactivate{who}
                </Button>
              </>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

function Users({ roles }: { roles: PortalRole[] }) {
  const me = usePortalMe();
  const users = useQuery(trpc.portal.users.list.queryOptions({}));
  const [pending, setPending] = useState<{ action: UserAction; user: PortalUser } | null>(null);
  // The dialog closes through its open prop, never by unmounting while open: Fluent then gives
  // the page back to screen readers (an unmounted modal left #root aria-hidden).
  const [dialogOpen, setDialogOpen] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  if (users.isPending) return <Loading label="Loading the users" />;
  if (users.error) return <Failure error={users.error} retry={() => void users.refetch()} what="the users" />;

  const onClose = (result: ActionOutcome | null) => {
    setDialogOpen(false);
    if (!result) return;
    setOutcome(result);
    void users.refetch();
  };

  return (
    <>
      <section aria-labelledby="users-title" className="portal-section">
        <h2 id="users-title" className="section-title">
          Users
        </h2>
        {outcome ? (
          <MessageBar
            intent={outcome.intent}
            role={outcome.intent === "success" ? "status" : "alert"}
            className="portal-message"
          >
            <MessageBarBody>{outcome.text}</MessageBarBody>
          </MessageBar>
        ) : null}
        <TableRegion label="Users" stack>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">NMLS ID</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                onAction={(action, u) => {
                  setOutcome(null);
                  setPending({ action, user: u });
                  setDialogOpen(true);
                }}
              />
            ))}
          </tbody>
        </TableRegion>
      </section>
      <section className="portal-section">
        <InviteForm roles={roles} onInvited={() => void users.refetch()} />
      </section>
      {me.can("users.originatorProfile") ? (
        <section className="portal-section">
          <OriginatorProfileForm
            users={users.data.users.filter((u) => u.status !== "deactivated")}
            onSaved={() => void users.refetch()}
          />
        </section>
      ) : null}
      {pending ? (
        <UserActionDialog
          key={`${pending.action}-${pending.user.id}-${pending.user.role}-${pending.user.status}`}
          open={dialogOpen}
          action={pending.action}
          user={pending.user}
          roles={roles}
          onClose={onClose}
        />
      ) : null}
    </>
  );
}

function ManageUsers() {
  const roles = useQuery(trpc.portal.roles.queryOptions({}));
  if (roles.isPending) return <Loading label="Loading the roles" />;
  if (roles.error) return <Failure error={roles.error} retry={() => void roles.refetch()} what="the roles" />;
  return (
    <>
      <p className="page-intro">
        Invite colleagues, set what their role allows, and deactivate accounts that should no longer sign in.
      </p>
      <Users roles={roles.data.roles} />
    </>
  );
}

export default function ManageUsersPage() {
  return (
    <PortalFrame title="Manage users" requires={["users.manage"]}>
      <ManageUsers />
    </PortalFrame>
  );
}
