// "No question asked twice", as an applicant would notice it: every question shown on a journey
// is noted by the page itself (its words, where it was, whether it came answered), across
// sections, pages and reloads, so a test can find one that was answered before and shown empty
// again. Browser code as strings: tests/ has no DOM types.
import type { Page } from "playwright-core";

export interface Asked {
  route: string;
  /** The page's heading: right after Next the address is the next page's while the form is still this one's. */
  title: string;
  pointer: string;
  question: string;
  /** Nothing typed, picked or ticked when the question first showed on this page. */
  empty: boolean;
  /** A "same as" choice above it fills it with an earlier answer (the step's sameAs). */
  offered: boolean;
  /** A one-time code (autocomplete one-time-code): a new one is asked for each time by design. */
  oneTime: boolean;
}

// Each question the first time it shows on a page (route + field), kept in the tab's sessionStorage.
const RECORDER = `(() => {
  const KEY = "e2e:asked";
  const seen = () => JSON.parse(sessionStorage.getItem(KEY) || "[]");
  const words = (el) => (el ? el.textContent || "" : "").replace(/\\*/g, "").replace(/\\s+/g, " ").trim();
  const note = () => {
    const list = seen();
    const have = new Set(list.flatMap((a) => [a.route + " " + a.pointer, a.title + " " + a.pointer]));
    for (const el of document.querySelectorAll("[data-pointer]")) {
      if (el.offsetParent === null || el.querySelector(":scope [data-pointer] input, :scope [data-pointer] select, :scope [data-pointer] textarea")) continue;
      const inputs = [...el.querySelectorAll("input, select, textarea")].filter((i) => i.type !== "hidden" && i.type !== "file");
      if (inputs.length === 0) continue;
      const route = location.pathname;
      const title = words(document.querySelector("main h1"));
      const pointer = el.getAttribute("data-pointer");
      if (have.has(route + " " + pointer) || have.has(title + " " + pointer)) continue;
      const question = words(el.querySelector('[id$="-label"], label, legend'));
      const choice = inputs.some((i) => i.type === "radio" || i.type === "checkbox");
      const empty = choice ? !inputs.some((i) => i.checked) : inputs.every((i) => i.value === "");
      // A field a "same as" choice fills (sameAs) is one press away, not typed again.
      const name = pointer.split("/").pop();
      const offered = [...document.querySelectorAll("[data-same-as]")].some((p) => p.parentElement.contains(el) && p.getAttribute("data-same-as").split(" ").includes(name));
      const oneTime = inputs.some((i) => i.autocomplete === "one-time-code");
      list.push({ route, title, pointer, question, empty, offered, oneTime });
      have.add(route + " " + pointer);
      have.add(title + " " + pointer);
    }
    sessionStorage.setItem(KEY, JSON.stringify(list));
  };
  let timer = null;
  new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(note, 150);
  }).observe(document, { subtree: true, childList: true });
})()`;

/** Starts noting the questions of every page this browser context opens from now on. */
export async function noteQuestions(page: Page): Promise<void> {
  await page.context().addInitScript(RECORDER);
}

/** The questions noted so far, in the order they showed. */
export async function questionsAsked(page: Page): Promise<Asked[]> {
  return JSON.parse(
    (await page.evaluate(`sessionStorage.getItem("e2e:asked") || "[]"`)) as string,
  ) as Asked[];
}

/**
 * Fields that ask one thing in different shapes, as the applicant hears it: how the home is used
 * (early funnel, property info) answers declaration A, "will you occupy it as your primary
 * residence?". Written here, not read from the steps' prefill, so a lost prefill is caught.
 */
const SAME_QUESTION: readonly (readonly string[])[] = [
  ["/setup/propertyUsage", "/property/propertyUsage", "/user/declarations/hasIntentToOccupy"],
];
const sameField = (a: string, b: string) =>
  a === b || SAME_QUESTION.some((group) => group.includes(a) && group.includes(b));

/**
 * Questions shown empty although the same question (the same field, one that asks the same thing,
 * or the same words) showed before on another page, with no "same as" choice to fill them: what
 * "asked twice" means to the person answering.
 */
export function askedTwice(asked: readonly Asked[]): string[] {
  const out: string[] = [];
  const key = (q: string) => q.toLowerCase();
  asked.forEach((a, i) => {
    if (!a.empty || a.offered || a.oneTime) return;
    const samePage = (b: Asked) => b.route === a.route || b.title === a.title;
    const before = asked
      .slice(0, i)
      .find(
        (b) =>
          !samePage(b) &&
          (sameField(b.pointer, a.pointer) || (a.question !== "" && key(b.question) === key(a.question))),
      );
    if (before)
      out.push(
        `"${a.question}" (${a.pointer}) on ${a.route}, asked before on ${before.route} (${before.pointer})`,
      );
  });
  return out;
}

// Every sentence of the page's main content matching a pattern, with the page it was on, kept in
// the tab's sessionStorage (text that shows for a moment, such as an error, counts too).
const wordsRecorder = (source: string) => `(() => {
  const KEY = "e2e:words";
  const pattern = new RegExp(${JSON.stringify(source)}, "i");
  const note = () => {
    const main = document.querySelector("main");
    if (!main) return;
    const list = JSON.parse(sessionStorage.getItem(KEY) || "[]");
    const have = new Set(list);
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.parentElement ? node.parentElement.textContent : node.textContent || "").replace(/\\s+/g, " ").trim();
      const line = location.pathname + ": " + text.slice(0, 200);
      if (pattern.test(text) && !have.has(line)) { list.push(line); have.add(line); }
    }
    sessionStorage.setItem(KEY, JSON.stringify(list));
  };
  let timer = null;
  new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(note, 150); }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/** Starts noting, on every page this context opens, the text of the main content that matches `pattern`. */
export async function noteWords(page: Page, pattern: RegExp): Promise<void> {
  await page.context().addInitScript(wordsRecorder(pattern.source));
}

/** The text noted so far ("<path>: <text>"). */
export async function wordsNoted(page: Page): Promise<string[]> {
  return JSON.parse(
    (await page.evaluate(`sessionStorage.getItem("e2e:words") || "[]"`)) as string,
  ) as string[];
}
