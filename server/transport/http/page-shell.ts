// The app page (dist/web/index.html) as a request's path wants it (the first paint of a funnel
// page). The build wrote the frame of every page into it (web/build/static-shell-plugin.ts);
// here a funnel step's page gets its heading and lead in place of the loading state, as the step
// will show them (the web app's PageLoading keeps them on screen until the step is ready:
// web/src/shell/boot-skeleton.ts), and the portal's pages, which have a frame of their own, get
// none. And a visitor on a step they cannot open is sent on at once (visitorTargetFor). Pure.
import type { Definitions, Step } from "@engine/definitions/definitions";
import { redirectFor, routeForStatus, signOutTargetFor } from "@engine/funnel/funnel";
import { accessTo } from "@engine/funnel/journey";
import { escapeHtml } from "@engine/base/text";

const SHELL = /<!--shell-->[\s\S]*<!--\/shell-->/;

const PAGE = /<!--page-->[\s\S]*?<!--\/page-->/;
/** The loading state inside the page marks (the frame's main content). */
const LOADING = /<!--page-->([\s\S]*?)<!--\/page-->/;

/** A funnel step's page before its code: a place for the progress, the heading, the lead, and the loading state where the form will be. */
export function stepSkeleton(step: Pick<Step, "route" | "title" | "description">, loading: string): string {
  return (
    `<div class="page funnel step-skeleton" data-boot-path="${escapeHtml(step.route)}">` +
    '<div class="funnel__progress step-skeleton__progress"></div>' +
    '<div class="step-skeleton__body">' +
    (step.title ? `<h1 class="step-skeleton__title">${escapeHtml(step.title)}</h1>` : "") +
    (step.description ? `<p class="step-skeleton__lead">${escapeHtml(step.description)}</p>` : "") +
    `${loading}</div></div>`
  );
}

/** The spinner of the loading state, without the page around it (none when the loading state is not the one expected). */
const spinnerOf = (loading: string) =>
  /^<div class="page center-state">(<div class="spinner"[\s\S]*<\/div>)<\/div>$/.exec(loading)?.[1] ?? "";

/** The language form's return path in the build's frame (web/src/shell/LanguagePicker.tsx). */
const RETURN_TO = /<input type="hidden" name="to" value="\/"\/?>/;

/**
 * The page with its language form sending the reader back to `here` (the request's path and
 * query), for a language chosen before the page's code has loaded.
 */
export const withReturnPath = (html: string, here: string): string =>
  html.replace(RETURN_TO, () => `<input type="hidden" name="to" value="${escapeHtml(here)}"/>`);

/** The page with the frame `frame` (the build's frame in the reader's language, marks included) in place of the English one. */
export const withFrame = (html: string, frame: string | null): string =>
  frame && SHELL.test(frame) && SHELL.test(html) ? html.replace(SHELL, () => frame) : html;

/**
 * The app page for `path`: `step` is the funnel step whose page it is (null: none). A page built
 * without the frame (an older build) is sent as it is.
 */
export function pageShellFor(
  html: string,
  path: string,
  step: Pick<Step, "route" | "title" | "description"> | null,
): string {
  // The portal's pages have a frame of their own; the notice to a browser without JavaScript stays.
  if (path === "/portal" || path.startsWith("/portal/"))
    return html.replace(SHELL, (frame) => /<noscript>[\s\S]*?<\/noscript>/.exec(frame)?.[0] ?? "");
  if (!step) return html;
  const loading = LOADING.exec(html)?.[1];
  if (loading === undefined) return html;
  return html.replace(PAGE, `<!--page-->${stepSkeleton(step, spinnerOf(loading))}<!--/page-->`);
}

/**
 * Where a visitor without a session who opens `step`'s page is sent, as the page would send them
 * once loaded (web/src/pages/funnel/use-funnel-guard.ts, then step.get's refusal): null, nowhere
 * or not here. A page the session guard protects is left to the page, which signs the tab out
 * (its drafts cleared) on its way to the guard's page. `today`: the server's clock's day.
 */
export function visitorTargetFor(defs: Definitions, step: Step, today: string): string | null {
  if (signOutTargetFor(defs, step.route, false, today).target) return null;
  const redirected = redirectFor(
    defs,
    { applicationStatus: null, path: step.route, previousPath: null, hasLoan: false },
    today,
  ).target;
  if (redirected && redirected !== step.route) return redirected;
  const access = accessTo(defs, null, step.id, null);
  if (access.open) return null;
  return access.stepId
    ? (defs.steps.get(access.stepId)?.def.route ?? routeForStatus(defs, access.stepId))
    : routeForStatus(defs, null);
}
