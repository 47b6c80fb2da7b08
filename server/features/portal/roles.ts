// Portal roles and permissions, read from rules/portal-roles.json: the server knows permission
// names (each procedure asks for one), the data says which role holds which.
import type { Definitions } from "@engine/definitions/definitions";

export const PERMISSIONS = [
  "users.manage",
  "users.originatorProfile",
  "applications.all",
  "applications.assigned",
  "applications.assign",
  "documents.view",
  "documents.review",
  "notes.write",
  "identity.review",
  "definitions.view",
  "definitions.impact",
  "definitions.rollback",
  "analytics.view",
  "notices.view",
  "rescission.record",
  "credit.recordScore",
  "messaging.view",
  "exports.mismo",
  "exports.hmda",
  "los.credentials",
  // The loan after submission (rules/milestones.json names which move needs which).
  "loan.review",
  "conditions.manage",
  "conditions.clear",
  "decision.approve",
  "decision.decline",
  "decision.incomplete",
  "decision.withdraw",
  "closing.manage",
  "closing.notarize",
  "valuations.record",
  "notices.mail",
  "loan.fund",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

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

interface Params {
  permissions?: Record<string, string>;
  roles?: Record<string, { label?: string; description?: string; permissions?: string[] }>;
  adminRole?: string;
  assigneeRole?: string;
  inviteHours?: number;
  resetHours?: number;
  passwordMinLength?: number;
}

const HOUR = 3_600_000;

/** Reads the policy; a file that names an unknown permission or role stops the server at start. */
export function portalPolicy(defs: Definitions): PortalPolicy {
  const p = (defs.params["portal-roles"] ?? {}) as Params;
  const problems: string[] = [];
  for (const name of Object.keys(p.permissions ?? {}))
    if (!PERMISSIONS.includes(name as Permission))
      problems.push(`permission "${name}" is not one the server checks`);
  const roles = new Map<string, Role>();
  for (const [id, r] of Object.entries(p.roles ?? {})) {
    for (const perm of r.permissions ?? [])
      if (!(perm in (p.permissions ?? {})))
        problems.push(`role "${id}" names the unknown permission "${perm}"`);
    roles.set(id, {
      id,
      label: r.label ?? id,
      description: r.description ?? "",
      permissions: (r.permissions ?? []) as Permission[],
    });
  }
  const adminRole = p.adminRole ?? "";
  const assigneeRole = p.assigneeRole ?? "";
  if (!roles.get(adminRole)?.permissions.includes("users.manage"))
    problems.push(`adminRole "${adminRole}" must be a role with users.manage`);
  if (!roles.has(assigneeRole)) problems.push(`assigneeRole "${assigneeRole}" is not a role`);
  if (problems.length) throw new Error(`rules/portal-roles.json: ${problems.join("; ")}`);
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
