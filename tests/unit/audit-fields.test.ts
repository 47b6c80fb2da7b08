// The audit trail's "Changed fields" in words: the audit records JSON pointers (never values), and
// staff read each by its label, with the group it is in, the item's number and whose answer it is.
import { describe, expect, it } from "vitest";
import { changedFieldLabel } from "@engine/lending/audit-fields";
import { repo } from "../helpers/definitions";

const roleName = (role: string) => (role === "coborrower" ? "Co-borrower" : "Borrower");
const label = (pointer: string) => changedFieldLabel(repo.defs, pointer, roleName);

describe("a changed field in the audit trail", () => {
  it("is the field's label with the borrower it belongs to, never the pointer", () => {
    expect(label("/user/ssn")).toMatch(/Social Security number \(borrower\)$/i);
    expect(label("/coborrower/ssn")).toMatch(/Social Security number \(co-borrower\)$/i);
    expect(label("/user/ssn")).not.toContain("/");
  });

  it("names the group a field sits in, so a home's ZIP code and a former one differ", () => {
    const home = label("/user/address/zip");
    const former = label("/user/formerAddress/zip");
    expect(home).toMatch(/ZIP code \(borrower\)$/);
    expect(home).not.toBe(former);
    expect(label("/property/zip")).toMatch(/ZIP code$/);
    expect(label("/property/zip")).not.toMatch(/borrower/);
  });

  it("numbers the item of a list", () => {
    expect(label("/user/employment/1/employerName")).toBe("Employment: Employer name (#2, borrower)");
  });

  it("puts a pointer outside the application's answers in words, leaving ids out", () => {
    expect(label("/loanFile/milestone")).toBe("Loan file: Milestone");
    expect(label("/notes/3f0c2a1e-8b7d-4c1e-9a55-0d4b1f2e6c77")).toBe("Notes");
  });
});
