// Answering funnel screens in the browser as a person does (typing, choosing, ticking), addressed
// by the field's JSON pointer: the renderer marks every field's box with data-pointer, so a test
// can tell "your employer" from "your co-borrower's employer" on the same page.
import type { Page } from "playwright-core";
import { expect } from "vitest";

export type Answer = string | number | boolean;

/** The box of the field at `pointer` (the renderer's data-pointer attribute). */
export const fieldBox = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"]`).first();

/**
 * Answers one field: a text input gets the value typed; a select or a group of radios or cards
 * gets the option whose label is the value (true/false pick Yes/No); a checkbox is ticked or not.
 */
export async function answer(page: Page, pointer: string, value: Answer): Promise<void> {
  const box = fieldBox(page, pointer);
  await reveal(page, pointer);
  await box.waitFor();
  if ((await box.locator("select").count()) > 0) {
    await box
      .locator("select")
      .first()
      .selectOption({ label: String(value) });
    return;
  }
  if ((await box.locator('input[type="radio"]').count()) > 0) {
    const label = value === true ? "Yes" : value === false ? "No" : String(value);
    // Choice cards hide their radio behind the card: press the card (the radio's label), as a person does.
    const radio = box.getByLabel(label, { exact: true });
    const id = await radio.getAttribute("id");
    await box.locator(`label[for="${id}"]`).first().click();
    await expect(radio.isChecked()).resolves.toBe(true);
    return;
  }
  if ((await box.locator('input[type="checkbox"]').count()) > 0) {
    // Clicked once, then its state is awaited: the form hands a change to React a moment after the
    // click, which on a busy machine is later than Playwright's setChecked looks (it then fails).
    const checkbox = box.locator('input[type="checkbox"]').first();
    if ((await checkbox.isChecked()) !== Boolean(value)) await checkbox.click();
    // A click that lands while the page is still drawing can be lost (seen once in a few hundred
    // runs, not yet explained): it is made once more before the test gives up.
    const settled = await expect
      .poll(() => checkbox.isChecked(), { timeout: 5_000 })
      .toBe(Boolean(value))
      .then(
        () => true,
        () => false,
      );
    if (!settled) {
      if ((await checkbox.isChecked()) !== Boolean(value)) await checkbox.click();
      await expect.poll(() => checkbox.isChecked(), { timeout: 10_000 }).toBe(Boolean(value));
    }
    return;
  }
  const input = box.locator("input:not([type=hidden]), textarea").first();
  await input.fill(String(value));
  await input.blur();
}

/** The Continue of a step shown in sections (one topic per screen), while one is on screen. */
const sectionNext = (page: Page) => page.locator('[data-section-next="true"]');

/** The section on screen: its id and fields (the heading carries them), or null on a step without sections. */
async function sectionOnScreen(page: Page): Promise<{ id: string; fields: string[] } | null> {
  const heading = page.locator("h2[data-section]");
  if ((await heading.count()) === 0) return null;
  return {
    id: (await heading.getAttribute("data-section"))!,
    fields: JSON.parse((await heading.getAttribute("data-fields")) ?? "[]") as string[],
  };
}

/** Presses Continue on a step in sections and waits for the next section. */
async function continueSection(page: Page, from: string): Promise<void> {
  await sectionNext(page).click();
  await expect.poll(async () => (await sectionOnScreen(page))?.id, { timeout: 10_000 }).not.toBe(from);
}

/**
 * On a step in sections, presses Continue as a person does until the section holding the field at
 * `pointer` is on screen (fields are answered in the page's order).
 */
export async function reveal(page: Page, pointer: string): Promise<void> {
  // The page first: the field, or the heading of the section on screen.
  await page.locator(`[data-pointer="${pointer}"], h2[data-section]`).first().waitFor();
  for (let i = 0; i < 12; i++) {
    const section = await sectionOnScreen(page);
    if (!section || section.fields.some((f) => pointer === f || pointer.startsWith(`${f}/`))) return;
    if ((await sectionNext(page).count()) === 0) return;
    await continueSection(page, section.id);
  }
}

/**
 * Picks, above the field at `pointer` (an address), the earlier answer it is the same as (the
 * step's sameAs choices), as a person does: by its words.
 */
export async function sameAs(page: Page, pointer: string, label: string): Promise<void> {
  await reveal(page, pointer);
  const radio = fieldBox(page, pointer).locator("[data-same-as]").getByLabel(label, { exact: true });
  await radio.waitFor({ state: "attached" });
  if (!(await radio.isChecked()))
    await fieldBox(page, pointer)
      .locator(`label[for="${await radio.getAttribute("id")}"]`)
      .click();
  await expect.poll(() => radio.isChecked(), { timeout: 10_000 }).toBe(true);
}

/** Answers several fields in order. */
export async function answerAll(page: Page, answers: Record<string, Answer>): Promise<void> {
  for (const [pointer, value] of Object.entries(answers)) await answer(page, pointer, value);
}

/** Presses the step's main button and waits for the next page. */
/**
 * Picks a choice on a step that advances when a choice is made (ui:options.autoAdvance): presses
 * the option's card or label, as a person does, and waits for the page it leads to.
 */
export async function choose(
  page: Page,
  pointer: string,
  value: Answer,
  expectedPath: string,
): Promise<void> {
  const box = fieldBox(page, pointer);
  await box.waitFor();
  const label = value === true ? "Yes" : value === false ? "No" : String(value);
  const id = await box.getByLabel(label, { exact: true }).getAttribute("id");
  await box.locator(`label[for="${id}"]`).first().click();
  await page.waitForURL((url) => url.pathname === expectedPath, { timeout: 20_000 });
}

export async function next(
  page: Page,
  expectedPath: string,
  button: string | RegExp = "Next",
): Promise<void> {
  // A step in sections: the sections left are passed with Continue (each judged as a person's would be).
  for (let i = 0; i < 12 && (await sectionNext(page).count()) > 0; i++)
    await continueSection(page, (await sectionOnScreen(page))!.id);
  await page.getByRole("button", { name: button }).click();
  // A save and the next page's data on a CI machine's two loaded cores took over 20 s once (4 s alone).
  await page.waitForURL((url) => url.pathname === expectedPath, { timeout: 45_000 });
}

/** Adds an item to the list at `pointer` with its "Add …" button. */
export async function addItem(page: Page, pointer: string): Promise<void> {
  const list = fieldBox(page, pointer);
  await list.getByRole("button", { name: /^Add/ }).last().click();
}
