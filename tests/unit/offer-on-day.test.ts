// The offer the portal shows beside an application and the one an export carries are priced on the
// day the server gives (its clock), never the machine's (issue 34): pricing that changes on a day
// (../helpers/dated-rules.ts, no offer from 2000 on) prices by that day, whatever the machine's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { exportFileOf } from "@engine/lending/export-file";
import { readLenderProfile } from "@engine/lending/lender-file";
import { offerFigures } from "@server/features/portal/offer";
import { CHANGE_DAY, datedRuleSets } from "../helpers/dated-rules";
import { repo } from "../helpers/definitions";

const defs = datedRuleSets(repo.defs);
const demo = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"));
const exportedOn = (now: string) =>
  exportFileOf(
    { id: "app-7", doc: demo(), submittedAt: "1999-12-20T15:00:00Z" },
    { defs, lender: readLenderProfile(), exporter: "heloc-funnel test", now: new Date(now) },
  );

describe("an offer priced on the server's day", () => {
  it("is the portal's on the day given", () => {
    expect(offerFigures(defs, demo(), "1999-12-31")?.lineAmount).toBeGreaterThan(0);
    expect(offerFigures(defs, demo(), CHANGE_DAY)).toBeNull();
  });

  it("is the export's on the day of its clock", () => {
    expect(exportedOn("1999-12-31T12:00:00Z").offer.lineAmount).toBeGreaterThan(0);
    expect(exportedOn(`${CHANGE_DAY}T12:00:00Z`).offer.lineAmount).toBeNull();
  });
});
