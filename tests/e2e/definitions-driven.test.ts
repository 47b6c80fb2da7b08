// DESIGN.md "The one idea", seen from the browser: a copy of steps/ and rules/ with a question added
// to one step and a new step put between two others is served by the server started on that copy,
// and the funnel shows both: no code change, no rebuild.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadDefinitions } from "@server/features/definitions/live";
import { copyDefinitions } from "../helpers/definitions";
import { startE2E, type E2E } from "./browser";
import { confirmEmail } from "./early-funnel";

let e2e: E2E;
const copy = copyDefinitions();
beforeAll(async () => {
  // A question added to a step: the middle name on the name step, under a new title.
  copy.edit("steps/initial-setup/name.json", (step) => {
    step.title = "Hello! What should we call you?";
    step.schema.properties.user.properties.middleName = {
      $ref: "../../schemas/user.json#/properties/middleName",
    };
  });
  // A new step between email and property value, in both early-funnel variants: the phone number
  // (the spec ranks a `phone` status at 0 already; the step file states its own rank, label and route).
  copy.write("steps/initial-setup/phone.json", {
    id: "phone",
    route: "/app/initial-setup/contact-phone", // the spec's wider slugs name a `phone` step too
    label: "Phone",
    rank: 0,
    title: "What number can we reach you at?",
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["user"],
      properties: {
        user: {
          type: "object",
          additionalProperties: false,
          required: ["phone"],
          properties: { phone: { $ref: "../../schemas/user.json#/properties/phone" } },
        },
      },
    },
    uiSchema: { user: { phone: { "ui:widget": "phone" } } },
  });
  copy.edit("steps/flows/early-funnel.json", (flow) => {
    for (const variant of flow.variants)
      variant.steps.splice(variant.steps.indexOf("emailVerify") + 1, 0, "phone");
  });
  // The worked journeys walk the new step too (check refuses a set whose journeys meet a page they
  // have no answers for), as product ops would add them.
  for (const file of readdirSync(copy.dirs.journeys).filter((f) => f.endsWith(".json")))
    // Only the walks through an early-funnel variant, where the step is added (not the prequal's).
    copy.edit(`journeys/${file}`, (j) => j.variant && (j.answers.phone = { user: { phone: "3035550123" } }));
  e2e = await startE2E({ definitions: copy.dirs });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
});

describe("web app follows the definitions (e2e)", { timeout: 60_000 }, () => {
  it("shows a question added to a step and a step added between two others", async () => {
    const { page } = await e2e.page();
    await page.goto("/app/initial-setup/name");
    await page.getByRole("heading", { level: 1, name: "Hello! What should we call you?" }).waitFor();
    expect(await page.getByLabel(/middle name/i).isEditable()).toBe(true);
    await page.getByLabel("First name").fill("Dana");
    await page.getByLabel(/middle name/i).fill("Lee");
    await page.getByLabel("Last name").fill("Rivera");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL("**/app/initial-setup/email");
    const email = `dana.${Date.now()}@example.com`;
    await page.getByLabel(/email/i).fill(email);
    await confirmEmail(page, email, "/app/initial-setup/contact-phone");

    // The new step follows the email and its code, and the disclosures follow it.
    await page.waitForURL("**/app/initial-setup/contact-phone");
    await page.getByRole("heading", { level: 1, name: "What number can we reach you at?" }).waitFor();
    await page.getByLabel(/phone/i).fill("3035550142");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL("**/app/initial-setup/disclosures");

    // Back walks the changed flow too, and the answers are there.
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL("**/app/initial-setup/contact-phone");
    await expect(page.getByLabel(/phone/i).inputValue()).resolves.toBe("(303) 555-0142");
  });

  it("picks up definitions reloaded while a page is open, from its next step on", async () => {
    const { page } = await e2e.page();
    await page.goto("/app/initial-setup/name");
    await page.getByLabel("First name").fill("Ana");
    await page.getByLabel("Last name").fill("Ruiz");
    // While the applicant is on this page, product ops change the next step's title (a production reload).
    copy.edit("steps/initial-setup/email.json", (step) => {
      step.title = "Where should we send your offer?";
    });
    const reload = await reloadDefinitions(e2e.server.services, copy.dirs, "test");
    expect(reload).toMatchObject({ swapped: true, problems: [] });
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL("**/app/initial-setup/email");
    await page.getByRole("heading", { level: 1, name: "Where should we send your offer?" }).waitFor();
  });

  it("starts again from the new definitions when the next step's files arrive from a reloaded set", async () => {
    const { page } = await e2e.page();
    // The next step's own files are held back until the reload, so they come from the new set
    // (on a busy machine the page is not idle early enough to fetch them before it).
    let reloaded!: () => void;
    const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
    await page.route(/\/api\/trpc\/definitions\.page\?.*stepId/, async (route) => {
      await afterReload;
      await route.continue();
    });
    await page.goto("/app/initial-setup/name");
    await page.getByLabel("First name").fill("Eva");
    await page.getByLabel("Last name").fill("Soto");
    copy.edit("steps/initial-setup/email.json", (step) => {
      step.title = "Which email should your offer go to?";
    });
    expect(await reloadDefinitions(e2e.server.services, copy.dirs, "test")).toMatchObject({
      swapped: true,
      problems: [],
    });
    reloaded();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL("**/app/initial-setup/email");
    await page.getByRole("heading", { level: 1, name: "Which email should your offer go to?" }).waitFor();
    await expect(page.getByLabel(/email/i).isVisible()).resolves.toBe(true);
  });
});
