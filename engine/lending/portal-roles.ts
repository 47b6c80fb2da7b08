// The portal's permissions and roles (rules/portal-roles.json) against what the server asks: each
// portal procedure names one permission of PERMISSIONS, the file describes each and gives them to
// roles. npm run check and the server's start hold the file to the same rules (portalRoleProblems):
// a role naming a misspelt permission loses it without a word (an administrator who can no longer
// review documents), a permission the file does not describe can be given to no one, and a move of
// the loan (rules/milestones.json) whose permission no role holds can be taken by no one (no loan
// approved, none funded).
import { escapeSegment } from "../base/pointer";
import { suggest } from "../base/text";
import type { Definitions, Problem } from "../definitions/definitions";

/** The permission names the server's portal procedures ask for (server/features/portal/roles.ts). */
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

const FILE = "rules/portal-roles.json";
const MILESTONES = "rules/milestones.json";

export interface PortalRolesParams {
  permissions?: Record<string, string>;
  roles?: Record<string, { label?: string; description?: string; permissions?: string[] }>;
  adminRole?: string;
  assigneeRole?: string;
  inviteHours?: number;
  resetHours?: number;
  passwordMinLength?: number;
}

export function portalRoleProblems(defs: Definitions): Problem[] {
  const p = (defs.params["portal-roles"] ?? {}) as PortalRolesParams;
  const file = defs.ruleSets.get("portal-roles")?.file ?? FILE;
  const problems: Problem[] = [];
  const say = (pointer: string, message: string, at = file) => problems.push({ file: at, pointer, message });
  const described = Object.keys(p.permissions ?? {});
  const known: readonly string[] = PERMISSIONS;
  for (const name of described)
    if (!known.includes(name))
      say(
        `/params/permissions/${escapeSegment(name)}`,
        `permission "${name}" is not one the server checks: no portal page asks for it${suggest(name, known)}`,
      );
  for (const name of known)
    if (!described.includes(name))
      say(
        "/params/permissions",
        `the server asks for the permission "${name}", which this file does not describe: no role can be given it`,
      );
  const roles = p.roles ?? {};
  for (const [id, role] of Object.entries(roles))
    (role.permissions ?? []).forEach((name, i) => {
      if (!described.includes(name))
        say(
          `/params/roles/${escapeSegment(id)}/permissions/${i}`,
          `role "${id}" names the unknown permission "${name}", so it does not have it${suggest(name, described)}`,
        );
    });
  const holds = (name: string) => Object.values(roles).some((r) => (r.permissions ?? []).includes(name));
  if (!(roles[p.adminRole ?? ""]?.permissions ?? []).includes("users.manage"))
    say("/params/adminRole", `adminRole "${p.adminRole ?? ""}" must be a role with users.manage`);
  if (!Object.hasOwn(roles, p.assigneeRole ?? ""))
    say(
      "/params/assigneeRole",
      `assigneeRole "${p.assigneeRole ?? ""}" is not a role${suggest(p.assigneeRole ?? "", Object.keys(roles))}`,
    );
  // A move of the loan that staff take needs a permission some role holds.
  const machine = (defs.params.milestones ?? {}) as { transitions?: Record<string, { permission?: string }> };
  const milestones = defs.ruleSets.get("milestones")?.file ?? MILESTONES;
  for (const [id, t] of Object.entries(machine.transitions ?? {}))
    if (t.permission && described.includes(t.permission) && !holds(t.permission))
      say(
        `/params/transitions/${escapeSegment(id)}/permission`,
        `no role of ${file} holds "${t.permission}", so no one can take the move "${id}"`,
        milestones,
      );
  return problems;
}
