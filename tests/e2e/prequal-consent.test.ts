// The prequalification's credit screen in Chromium: it shows the credit check authorization the
// main funnel's consent step shows, asks for it, and records it (issue 22: the prequal path
// records the same consents as the main funnel).
import { describe, expect, it } from "vitest";
import { walk } from "../helpers/journeys";
import { browser as apiBrowser, newestCode, type TestServer } from "../helpers/server";
import { answer, next } from "./answer";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { pageWithSession } from "./sessions";

const e2e = useE2E({ shared: true });

describe("the prequalification's credit check authorization (e2e)", { timeout: 90_000 }, () => {
  it("shows the authorization's text, refuses to go on without it, and goes on with it", async () => {
    const api = apiBrowser(e2e.server.url);
    const dataDir = e2e.server.services.config.dataDir;
    await walk(
      { ...e2e.server, dataDir, lastCode: () => newestCode(dataDir) } as unknown as TestServer,
      api,
      { from: "prequalBuildingType", until: "prequalCredit" },
    );
    const page = await pageWithSession(e2e, api, 390);
    await page.goto("/prequal/credit");
    // The same text, by version, the consent step shows and records.
    await page.getByText("Version CREDIT-AUTH-", { exact: false }).waitFor();
    // The one statement about credit pulls (content/statements.json), true today.
    await page
      .getByText("we do not obtain your credit report to show it", { exact: false })
      .first()
      .waitFor();
    await answer(page, "/setup/creditRange", "Very good (720-759)");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("I authorize you to obtain my credit report is required").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "prequal-credit-authorization-390");
    await answer(page, "/consents/creditCheck/accepted", true);
    await next(page, "/prequal/coborrower");
  });
});
