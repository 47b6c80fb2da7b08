// A wording experiment in a real browser (issue 41 item 5): an applicant in arm roughEstimate of
// the shipped property-value experiment reads that arm's wording, from the page shell's first
// paint on (never the step's own first), answers and goes on; their events carry the arm; the
// portal's analytics then show each arm's conversion with its interval. Screenshots:
// experiment-arm-rough-estimate.png, experiment-portal.png.
import { expect, it, describe } from "vitest";
import { armAt, experimentsOf } from "@engine/funnel/experiments";
import { assignmentPoint } from "@server/features/experiments/arms";
import { funnelEvents } from "@server/persistence/db/schema";
import { makeApplicant } from "../helpers/accounts";
import { copyDefinitions, repo } from "../helpers/definitions";
import { browser as apiBrowser } from "../helpers/server";
import { answer, next } from "./answer";
import { join } from "node:path";
import { ARTIFACTS, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { pageWithSession, staffPage } from "./sessions";

const example = experimentsOf(repo.defs).find((e) => e.id === "propertyValueWording")!;
const ROUTE = "/app/initial-setup/property-value";
const ROUGH_TITLE = "About how much is your home worth?";

// The shipped example on a demo server, its window moved around today so the test does not age.
const copy = copyDefinitions();
copy.edit("rules/experiments.json", (r) => {
  r.params.experiments[0].start = new Date(Date.now() - 86_400_000).toISOString();
  r.params.experiments[0].end = new Date(Date.now() + 30 * 86_400_000).toISOString();
});
const e2e = useE2E({ demo: true, definitions: copy.dirs });

/** A signed-in applicant at the property-value step whose account draws `arm`. */
async function applicantIn(arm: string) {
  for (;;) {
    const who = await makeApplicant(e2e.server.services, { status: "propertyValue" });
    if (armAt(example, assignmentPoint(example.id, who.userId)).id !== arm) continue;
    const api = apiBrowser(e2e.server.url);
    const res = await api.auth("Applicant", "callback/credentials", {
      email: who.email,
      password: who.password,
    });
    expect(res.status).toBe(200);
    return { who, api };
  }
}

describe("a wording experiment in the browser (e2e)", { timeout: 180_000 }, () => {
  it("shows an applicant in arm roughEstimate its wording, and the portal each arm's conversion with its interval", async () => {
    const { api } = await applicantIn("roughEstimate");
    // The page shell's heading (before any script) is the arm's already.
    const shell = await (await api.fetch(`${e2e.server.url}${ROUTE}`)).text();
    expect(shell).toContain(ROUGH_TITLE);
    expect(shell).not.toContain("What is your home worth?");

    const page = await pageWithSession(e2e, api);
    await page.goto(ROUTE);
    await page.getByRole("heading", { level: 1, name: ROUGH_TITLE }).waitFor();
    await expect(
      page.getByText("A rough estimate is fine: we check the value ourselves later.").count(),
    ).resolves.toBe(1);
    // The field and its validation are the step's own.
    await expect(page.getByText("What is your home worth?").count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "experiment-arm-rough-estimate");
    // A reload: the same wording.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: ROUGH_TITLE }).waitFor();
    await answer(page, "/setup/propertyValue", "640000");
    await next(page, "/app/initial-setup/mortgage-estimate");

    // The events the page sent carry the arm.
    const rows = () => e2e.server.services.db.select().from(funnelEvents);
    await expect
      .poll(async () => (await rows()).some((r) => r.kind === "completed" && r.stepId === "propertyValue"), {
        timeout: 10_000,
      })
      .toBe(true);
    const mine = (await rows()).filter((r) => r.stepId === "propertyValue");
    expect(mine.map((r) => r.arms)).toEqual(
      mine.map(() => JSON.stringify({ propertyValueWording: "roughEstimate" })),
    );

    const portal = await staffPage(e2e, "admin");
    await portal.goto("/portal/analytics");
    await portal.getByRole("heading", { name: "Wording experiments" }).waitFor();
    const table = portal.getByRole("region", { name: /propertyValueWording: conversion per arm/ });
    await expect(table.getByRole("row").count()).resolves.toBe(3);
    const rough = table.getByRole("row").filter({ hasText: "roughEstimate" });
    await expect(rough.getByText(/95% CI/).count()).resolves.toBe(1);
    await expect(rough.getByRole("cell").nth(2).innerText()).resolves.toBe("1"); // shown
    await expect(rough.getByRole("cell").nth(3).innerText()).resolves.toBe("0"); // converted: not at the offer yet
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await screenshot(portal, "experiment-portal");
    await portal
      .getByRole("region", { name: "Wording experiments" })
      .screenshot({ path: join(ARTIFACTS, "experiment-portal-arms.png") });
  });
});
