// One home per concept (issue 33): an audit action and a site route are spelled in their table and
// read from it everywhere else, so a new one is a row and a renamed one changes in one place.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { ROUTES } from "@engine/base/routes";
import { auditAction, auditActionNames, describeAuditAction, fileArgs } from "@engine/lending/audit-actions";
import { OWNER_ROLE } from "@engine/funnel/owner";
import { documentKind, documentTypes, idTypes } from "@engine/lending/catalogue";
import { repo } from "../helpers/definitions";

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
});

/** Every string value of the definition files (worked cases aside: they spell outputs), with its place. */
const definitionStrings = (): { file: string; pointer: string; value: string }[] => {
  const out: { file: string; pointer: string; value: string }[] = [];
  const walk = (file: string, value: unknown, pointer: string) => {
    if (typeof value === "string") out.push({ file, pointer, value });
    else if (value && typeof value === "object")
      for (const [key, v] of Object.entries(value)) walk(file, v, `${pointer}/${key}`);
  };
  for (const folder of ["rules", "steps", "schemas", "content"])
    for (const path of readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: "utf8" }))
      if (path.endsWith(".json") && !path.endsWith(".cases.json"))
        walk(`${folder}/${path}`, JSON.parse(readFileSync(join(REPO_ROOT, folder, path), "utf8")), "");
  return out;
};

describe("the document catalogue (rules/document-types.json)", () => {
  const HOME = "rules/document-types.json";
  // schemas/enums.json validates uploads with the same types and titles; npm run check holds it equal to the catalogue.
  const MIRROR = "schemas/enums.json";
  const strings = definitionStrings().filter(({ file }) => file !== HOME && file !== MIRROR);

  it("is the only place a photo ID type is spelled, but where a condition narrows the ID types it accepts", () => {
    for (const idType of idTypes(repo.defs)) {
      expect(spelled(idType, "", HOME), idType).toEqual([]);
      const places = strings
        .filter(({ value }) => value === idType)
        .map(({ file, pointer }) => `${file}#${pointer}`)
        .filter((place) => !/^rules\/conditions\.json#\/params\/conditions\/\d+\/subtypes\/\d+$/.test(place));
      expect(places, idType).toEqual([]);
    }
  });

  it("is the only place a document's label or title is spelled", () => {
    for (const type of documentTypes(repo.defs)) {
      const { label, title } = documentKind(repo.defs, type)!;
      for (const words of new Set([label, title])) {
        expect(spelled(words, "", HOME), words).toEqual([]);
        const places = strings
          .filter(({ value }) => value === words)
          .map(({ file, pointer }) => `${file}#${pointer}`);
        expect(places, words).toEqual([]);
      }
    }
  });

  it("names the photo ID's sides in one place: the identity rules read them from it", () => {
    for (const file of ["rules/documents.json", "rules/identity-documents.json"]) {
      const text = readFileSync(join(REPO_ROOT, file), "utf8");
      expect(text, file).toContain("params.document-types.idTypes");
      expect(text, file).not.toMatch(/sidesByIdType|idTypeNames|"labels"|"counts"|applicantTexts/);
    }
  });
});
