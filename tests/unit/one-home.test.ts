// One home per concept (issue 33): an audit action and a site route are spelled in their table and
// read from it everywhere else, so a new one is a row and a renamed one changes in one place.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { ROUTES } from "@engine/base/routes";
import { auditAction, auditActionNames, describeAuditAction, fileArgs } from "@engine/lending/audit-actions";
import { OWNER_ROLE } from "@engine/funnel/owner";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";

const sources = (dir: string): string[] =>
  readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "generated" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
const code = ["engine", "server", "web/src"].flatMap(sources).map((path) => ({
  path,
  text: readFileSync(join(REPO_ROOT, path), "utf8"),
}));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** Where a string literal starting with `value` (then a quote, or one of `then`) is written, `allowed` spellings aside. */
const spelled = (value: string, then: string, home: string, allowed?: RegExp) =>
  code
    .filter(({ path }) => path !== home)
    .flatMap(({ path, text }) =>
      new RegExp(`["'\`]${escape(value)}(["'\`]|[${escape(then)}])`).test(
        allowed ? text.replace(allowed, "") : text,
      )
        ? [path]
        : [],
    );

describe("audit actions", () => {
  const words = { step: () => "Personal info", document: () => "Pay stubs", borrower: () => "Co-borrower" };

  it("are spelled only in engine/lending/audit-actions.ts, or as a name auditAction() checks against it", () => {
    const outside = (name: string) =>
      spelled(
        name,
        ":$",
        "engine/lending/audit-actions.ts",
        /auditAction\(\s*(?:[^,)]*\?\s*)?["'`][^"'`]*["'`](?:\s*:\s*["'`][^"'`]*["'`])?/g,
      );
    for (const name of auditActionNames) expect(outside(name), name).toEqual([]);
  });

  it("each have words for staff, never the stored code", () => {
    for (const name of auditActionNames) {
      const stored = auditAction(name, "borrower", "x");
      expect(describeAuditAction(stored, words), name).not.toContain(name);
    }
  });

  it("word their arguments: a rejected pay stub, a co-borrower's identity check", () => {
    expect(describeAuditAction(auditAction("portal.upload.rejected", "paystub"), words)).toBe(
      "Rejected Pay stubs",
    );
    expect(describeAuditAction("identity.approved:coborrower", words)).toBe(
      "Identity check approved (co-borrower)",
    );
    // A file's ID type and side are its own, never another borrower's requirement label.
    const ids = { ...words, document: () => "Photo ID", subtype: () => "Passport" };
    expect(
      describeAuditAction(
        auditAction(
          "upload.add",
          ...fileArgs({ documentType: "id_document", subtype: "passport", side: "front" }),
        ),
        ids,
      ),
    ).toBe("Uploaded Photo ID (passport, front side)");
    expect(
      describeAuditAction(auditAction("upload.add", ...fileArgs({ documentType: "paystub" })), words),
    ).toBe("Uploaded Pay stubs");
    // An action an older version wrote and the table no longer knows is shown as stored.
    expect(describeAuditAction("retired.action:x", words)).toBe("retired.action:x");
  });
});

describe("the site's routes", () => {
  const named = Object.values(ROUTES).filter((route) => route.split("/").length > 2);

  it("are spelled only in engine/base/routes.ts", () => {
    for (const route of named) expect(spelled(route, "?#", "engine/base/routes.ts"), route).toEqual([]);
  });

  it("agree with the data files that name one", () => {
    const site = JSON.parse(readFileSync(join(REPO_ROOT, "content/site.json"), "utf8")) as {
      account: { signInTo: string };
    };
    expect(site.account.signInTo).toBe(ROUTES.applicantSignIn);
    const guard = JSON.parse(readFileSync(join(REPO_ROOT, "rules/session-guard.json"), "utf8")) as {
      params: { signInRoute: string };
    };
    expect(guard.params.signInRoute.startsWith(`${ROUTES.applicantSignIn}?`)).toBe(true);
  });
});

describe("the owner's role", () => {
  it("is read from rules/members.json", () => {
    const members = JSON.parse(readFileSync(join(REPO_ROOT, "rules/members.json"), "utf8")) as {
      params: { owner: { role: string } };
    };
    expect(OWNER_ROLE).toBe(members.params.owner.role);
  });

  it("cannot be renamed by a definitions change: check refuses it, naming the field", () => {
    const copy = copyDefinitions();
    copy.edit("rules/members.json", (json) => (json.params.owner.role = "primary"));
    const messages = loadCopy(copy).problems.map(problemText);
    expect(
      messages.some((m) => m.includes("/params/owner/role") && m.includes('cannot change to "primary"')),
    ).toBe(true);
  });
});
