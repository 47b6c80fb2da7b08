// Portal roles and permissions, read from rules/portal-roles.json: the server knows permission
// names (each procedure asks for one), the data says which role holds which.
import type { Definitions } from "@engine/definitions/definitions";
import { portalRoleProblems, type Permission, type PortalRolesParams } from "@engine/lending/portal-roles";

export { PERMISSIONS, type Permission } from "@engine/lending/portal-roles";

export interface Role {
  id: string;
  label: string;
  description: string;
  permissions: Permission[];
}

export interface PortalPolicy {
  roles: Map<string, Role>;
  /** The role that manages users; a partner always keeps one active holder. */
  adminRole: string;
  /** The role applications are assigned to. */
  assigneeRole: string;
  inviteMs: number;
  resetMs: number;
  passwordMinLength: number;
}

const HOUR = 3_600_000;

/** Reads the policy; a file npm run check refuses (portalRoleProblems) stops the server at start. */
export function portalPolicy(defs: Definitions): PortalPolicy {
  const p = (defs.params["portal-roles"] ?? {}) as PortalRolesParams;
  const problems = portalRoleProblems(defs);
  if (problems.length)
    throw new Error(`rules/portal-roles.json: ${problems.map((problem) => problem.message).join("; ")}`);
  const roles = new Map<string, Role>();
  for (const [id, r] of Object.entries(p.roles ?? {}))
    roles.set(id, {
      id,
      label: r.label ?? id,
      description: r.description ?? "",
      permissions: (r.permissions ?? []) as Permission[],
    });
  const adminRole = p.adminRole ?? "";
  const assigneeRole = p.assigneeRole ?? "";
  return {
    roles,
    adminRole,
    assigneeRole,
    inviteMs: (p.inviteHours ?? 72) * HOUR,
    resetMs: (p.resetHours ?? 2) * HOUR,
    passwordMinLength: p.passwordMinLength ?? 12,
  };
}

export const can = (policy: PortalPolicy, role: string, permission: Permission) =>
  policy.roles.get(role)?.permissions.includes(permission) ?? false;
