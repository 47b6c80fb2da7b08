// Next → next step painted: a visitor walks the early funnel in headless Chromium against the real
// server on loopback; for each step, the time from the click on Next (a capturing listener's
// performance.now()) to the end of the first frame that paints the next step's first field: the
// field is in the page, the frame's animation callbacks run, it is laid out and painted, and a task
// posted from that callback runs after it (rAF alone stops the clock before the frame's layout and
// paint). Page code runs as strings: bench/ is type-checked without the DOM.
import type { Browser, Page } from "playwright-core";
import { routeOf } from "../tests/helpers/routes";
import { mailedCode } from "../tests/helpers/server";
import { median } from "./measure";

type Answer = string | number | boolean;

/**
 * The early funnel: each page's answers by field pointer, and the field that shows the next page is
 * there. Pages by their steps' routes as steps/ says them (a route product ops rename moves with them).
 */
const WALK: { path: string; answers: Record<string, Answer>; next: string[]; open?: RegExp }[] = [
  {
    path: routeOf("name"),
    answers: { "/user/firstName": "Dana", "/user/lastName": "Rivera" },
    next: ["/user/email"],
  },
  { path: routeOf("email"), answers: { "/user/email": "" }, next: ["/otpCode"] },
  // The code mailed to that address (read from the development outbox, as the applicant's inbox).
  { path: routeOf("emailVerify"), answers: { "/otpCode": "" }, next: ["/disclosuresGiven"] },
  {
    // The disclosures before the first question about the home: the booklet opened, then on.
    path: routeOf("earlyDisclosures"),
    answers: {},
    open: /^Open “What you should know about home equity lines of credit”/,
    next: ["/setup/propertyValue"],
  },
  {
    path: routeOf("propertyValue"),
    answers: { "/setup/propertyValue": 585000 },
    next: ["/setup/mortgageEstimate"],
  },
  {
    path: routeOf("mortgageEstimate"),
    answers: { "/setup/mortgageEstimate": 245000 },
    next: ["/setup/hasFbm"],
  },
  {
    path: routeOf("hasFbm"),
    answers: { "/setup/hasFbm": false },
    next: ["/setup/isSelfEmployed"],
  },
  {
    path: routeOf("isSelfEmployed"),
    answers: { "/setup/isSelfEmployed": false },
    next: ["/setup/creditRange"],
  },
  {
    path: routeOf("creditRange"),
    answers: { "/setup/creditRange": "Excellent (760+)" },
    next: ["/setup/zip"],
  },
  // The variants part here: one asks how the home is used, the other goes on to the co-borrower question.
  {
    path: routeOf("zip"),
    // A ZIP code of a state the lender serves (rules/licensing.json): Denver's stops at "not available".
    answers: { "/setup/zip": "94110" },
    next: ["/setup/propertyUsage", "/setup/hasCoborrower"],
  },
];

/** Answers one field as a person does (as tests/e2e/answer.ts): types, or picks the option by its label. */
async function answer(page: Page, pointer: string, value: Answer): Promise<void> {
  const box = page.locator(`[data-pointer="${pointer}"]`).first();
  await box.waitFor();
  if ((await box.locator("select").count()) > 0)
    return void (await box
      .locator("select")
      .first()
      .selectOption({ label: String(value) }));
  if ((await box.locator('input[type="radio"]').count()) > 0) {
    const radio = box.getByLabel(value === true ? "Yes" : value === false ? "No" : String(value), {
      exact: true,
    });
    await box
      .locator(`label[for="${await radio.getAttribute("id")}"]`)
      .first()
      .click();
    return;
  }
  const input = box.locator("input:not([type=hidden]), textarea").first();
  await input.fill(String(value));
  await input.blur();
}

/** Resolves, in the page, with the ms from the last click on a submit button to the frame that paints one of `pointers`. */
const PAINTED = `(pointers) => new Promise((resolve, reject) => {
  const found = () => pointers.some((p) => document.querySelector('[data-pointer="' + p + '"]'));
  const done = () => requestAnimationFrame(() => {
    const after = new MessageChannel();
    after.port1.onmessage = () => resolve(performance.now() - window.__benchClickAt);
    after.port2.postMessage(null);
  });
  const timer = setTimeout(() => reject(new Error("the next step did not show within 20 s")), 20000);
  const observer = new MutationObserver(() => {
    if (!found()) return;
    observer.disconnect();
    clearTimeout(timer);
    done();
  });
  observer.observe(document.body, { childList: true, subtree: true });
})`;

const LISTEN = `document.addEventListener("click", (e) => { if (e.target.closest('button[type="submit"]')) window.__benchClickAt = performance.now(); }, true)`;

export interface PaintRun {
  /** Each step's Next → next step painted, in ms, in walking order. */
  steps: { from: string; ms: number }[];
  medianMs: number;
}

/** Walks the early funnel `walks` times in fresh browser contexts; the median over every transition. */
export async function measureNextPaint(
  browser: Browser,
  baseURL: string,
  dataDir: string,
  walks = 3,
): Promise<PaintRun> {
  const steps: { from: string; ms: number }[] = [];
  for (let w = 0; w < walks; w++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL });
    const page = await context.newPage();
    await page.goto(WALK[0]!.path);
    await page.evaluate(LISTEN);
    const email = `bench.${Date.now()}.${w}@example.com`;
    for (const step of WALK) {
      await page.waitForURL((url) => url.pathname === step.path, { timeout: 20_000 });
      for (const [pointer, value] of Object.entries(step.answers))
        await answer(
          page,
          pointer,
          pointer === "/user/email"
            ? email
            : pointer === "/otpCode"
              ? await mailedCode(dataDir, email)
              : value,
        );
      if (step.open) {
        await page.getByRole("button", { name: step.open }).click();
        await page.locator('[data-document="heloc-booklet"] [role="region"]').waitFor();
      }
      // Wait for the field to be in the page before the click, then time click → painted.
      const painted = page.evaluate(`(${PAINTED})(${JSON.stringify(step.next)})`) as Promise<number>;
      await page.locator('button[type="submit"]').last().click();
      steps.push({ from: step.path, ms: await painted });
    }
    await context.close();
  }
  return { steps, medianMs: median(steps.map((s) => s.ms)) };
}
