// rules/portal-roles.json against what the server asks (engine/lending/portal-roles.ts): npm run
// check refuses what would stop the server at start, or leave a page or a move of the loan to no one.
import { describe, expect, it } from "vitest";
import { checkLendingSet } from "@engine/lending/set-check";
import { portalRoleProblems } from "@engine/lending/portal-roles";
import { formatProblem } from "@engine/lint/lint";
import { portalPolicy } from "@server/features/portal/roles";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

const problemsOf = (copy: ReturnType<typeof copyDefinitions>) =>
  portalRoleProblems(loadCopy(copy).defs).map((p) => `${p.file}#${p.pointer}: ${p.message}`);

describe("the portal's roles and permissions", () => {
  it("the repository's file describes every permission the server asks, and a role holds each move's", () => {
    expect(portalRoleProblems(repo.defs)).toEqual([]);
  });

  it("refuses a role naming a misspelt permission, at its place, as npm run check and as the server's start", () => {
    const copy = copyDefinitions({ schemas: true, content: true });
    copy.edit("rules/portal-roles.json", (r) => {
      const own: string[] = r.params.roles.admin.permissions;
      own[own.indexOf("documents.review")] = "documents.reveiw";
    });
    expect(checkLendingSet(copy.dirs).problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        /^rules\/portal-roles\.json:\d+:\d+ #\/params\/roles\/admin\/permissions\/\d+: role "admin" names the unknown permission "documents\.reveiw", so it does not have it, did you mean `documents\.review`\?$/,
      ),
    );
    expect(() => portalPolicy(loadCopy(copy).defs)).toThrow(/unknown permission "documents\.reveiw"/);
  });

  it("refuses a permission the server asks for that the file no longer describes", () => {
    const copy = copyDefinitions();
    copy.edit("rules/portal-roles.json", (r) => {
      delete r.params.permissions["loan.fund"];
      for (const role of Object.values<{ permissions: string[] }>(r.params.roles))
        role.permissions = role.permissions.filter((p) => p !== "loan.fund");
    });
    expect(problemsOf(copy)).toEqual([
      'rules/portal-roles.json#/params/permissions: the server asks for the permission "loan.fund", which this file does not describe: no role can be given it',
    ]);
  });

  it("refuses a move of the loan no role may take: approving, once no role holds decision.approve", () => {
    const copy = copyDefinitions();
    copy.edit("rules/portal-roles.json", (r) => {
      for (const role of Object.values<{ permissions: string[] }>(r.params.roles))
        role.permissions = role.permissions.filter((p) => p !== "decision.approve");
    });
    expect(problemsOf(copy)).toContain(
      'rules/milestones.json#/params/transitions/approve/permission: no role of rules/portal-roles.json holds "decision.approve", so no one can take the move "approve"',
    );
  });

  it("refuses an assignee role that is not a role", () => {
    const copy = copyDefinitions();
    copy.edit("rules/portal-roles.json", (r) => (r.params.assigneeRole = "loanOfficr"));
    expect(problemsOf(copy)).toEqual([
      'rules/portal-roles.json#/params/assigneeRole: assigneeRole "loanOfficr" is not a role, did you mean `loanOfficer`?',
    ]);
  });
});
