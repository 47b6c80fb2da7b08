// The portal's pure modules: how it words what the server sends, which pages a role sees, and
// how the pipeline's filters live in the URL.
import { describe, expect, it } from "vitest";
import enums from "@schemas/enums.json";
import {
  aprText,
  borrowerLabel,
  borrowerNames,
  date,
  enumLabel,
  fileSize,
  money,
  ratioText,
} from "@web/src/pages/portal/portal-format";
import { allows, isCurrent, pagesFor, PORTAL_PAGES } from "@web/src/pages/portal/portal-pages";
import { paramsFromQuery, queryFromParams } from "@web/src/pages/portal/pipeline-query";
import { ROUTES } from "@engine/base/routes";

describe("the portal's wording", () => {
  it("names an enumeration value by its title in schemas/enums.json, else in words", () => {
    const [name, def] = Object.entries(
      (enums as unknown as { $defs: Record<string, { oneOf?: { const: unknown; title: string }[] }> }).$defs,
    ).find(([, d]) => typeof d.oneOf?.[0]?.const === "string")!;
    const first = def.oneOf![0]!;
    expect(enumLabel(enums, name, first.const as string)).toBe(first.title);
    expect(enumLabel(enums, name, "not_in_the_list")).toBe("Not in the list");
    expect(enumLabel(enums, name, null)).toBe("—");
  });

  it("joins the borrowers' names, and says so when nobody is named yet", () => {
    const maria = { role: "borrower", name: "Maria Alvarez", ssn: null };
    const luis = { role: "coBorrower", name: "Luis Alvarez", ssn: null };
    expect(borrowerNames([maria, luis])).toBe("Maria Alvarez and Luis Alvarez");
    expect(borrowerNames([{ ...maria, name: null }])).toBe("Unnamed applicant");
  });

  it("names a role by the members' labels, and a document without one as the property's", () => {
    expect(borrowerLabel({ coBorrower: "Co-borrower" }, "coBorrower")).toBe("Co-borrower");
    expect(borrowerLabel({}, "spouse")).toBe("spouse");
    expect(borrowerLabel({}, null)).toBe("Property");
  });

  it("formats money, rates, ratios, sizes and dates, with a dash for what is missing", () => {
    expect(money(225000)).toBe("$225,000");
    expect(aprText(8.246)).toBe("8.25%");
    expect(aprText(null)).toBe("—");
    expect(ratioText(0.85)).toBe("85%");
    expect(ratioText(0.8512)).toBe("85.1%");
    expect(fileSize(900)).toBe("900 B");
    expect(fileSize(2048)).toBe("2 KB");
    expect(fileSize(3 * 1024 * 1024)).toBe("3.0 MB");
    expect(date("2026-11-28T12:00:00Z")).toBe("Nov 28, 2026");
    expect(date("not a date")).toBe("not a date");
    expect(date(null)).toBe("—");
  });
});

describe("the portal's pages", () => {
  it("shows a loan officer only the pipeline, and a role with no permission nothing", () => {
    expect(pagesFor(["applications.assigned"]).map((p) => p.to)).toEqual([ROUTES.portal]);
    expect(pagesFor([])).toEqual([]);
    expect(pagesFor(PORTAL_PAGES.flatMap((p) => p.anyOf))).toHaveLength(PORTAL_PAGES.length);
    expect(allows([], [])).toBe(true);
  });

  it("marks the pipeline current on an application's page, and no other page", () => {
    const application = `${ROUTES.portalApplications}/abc`;
    const current = PORTAL_PAGES.filter((p) => isCurrent(p, application)).map((p) => p.to);
    expect(current).toEqual([ROUTES.portal]);
    const users = PORTAL_PAGES.find((p) => p.to === ROUTES.portalManageUsers)!;
    expect(isCurrent(users, `${ROUTES.portalManageUsers}/`)).toBe(true);
    expect(isCurrent(users, ROUTES.portal)).toBe(false);
  });
});

describe("the pipeline's query in the URL", () => {
  it("keeps a search, filters, sort and page through the URL and back", () => {
    const query = {
      search: "alvarez",
      status: "sign",
      dateOf: "created" as const,
      from: "2026-11-01",
      to: "2026-11-28",
      sort: "lineAmount" as const,
      order: "asc" as const,
      page: 3,
    };
    expect(queryFromParams(paramsFromQuery(query))).toEqual(query);
  });

  it("drops what the server would refuse instead of sending it", () => {
    const params = new URLSearchParams({
      step: "not a step!",
      from: "28/11/2026",
      sort: "ssn",
      page: "0",
      order: "sideways",
    });
    expect(queryFromParams(params)).toEqual({});
    expect(queryFromParams(new URLSearchParams({ q: "x".repeat(500) })).search).toHaveLength(100);
  });

  it("writes only what differs from the defaults", () => {
    expect(paramsFromQuery({ sort: "updated", order: "desc", page: 1 }).toString()).toBe("");
  });
});
