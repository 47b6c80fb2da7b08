// Signing in as a person meets it (issue 11), in headless Chromium against the real server: a
// returning applicant signs in at /app/login with the code from the development outbox and lands on
// the page for their status; a page that needs a session sends a visitor to sign in with
// error=SessionRequired and back again; and the sign-in page's behaviours of spec §8: no providers
// → the error page, an unknown provider → the sign-in page with callbackUrl. The words shown are
// those of rules/auth-errors.json. Screenshots of the error states land in tests/artifacts/login/.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { routeForStatus, signOutTargetFor } from "@engine/funnel/funnel";
import { todayIso } from "@engine/base/dates";
import { REPO_ROOT } from "@engine/base/paths";
import { AUTH_ERRORS, credentialError } from "@server/features/auth/errors";
import { makeApplicant } from "../helpers/accounts";
import { mailedCode } from "../helpers/server";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";
import { earlyFunnel, unique } from "./early-funnel";

/** A page that needs a signed-in applicant, which sends a visitor to sign in (spec §8). */
const NEEDS_SESSION = "/app/upload";

const e2e = useE2E({ shared: true });

const SHOTS = join(ARTIFACTS, "login");
mkdirSync(SHOTS, { recursive: true });
const FIXTURE = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as { user: Record<string, unknown> };

/** A returning applicant: the two-borrower fixture's application at the given status, under a fresh email. */
function returningApplicant(status: string) {
  const email = unique("maria");
  return makeApplicant(e2e.server.services, {
    email,
    status,
    doc: { ...FIXTURE, user: { ...FIXTURE.user, email } },
  });
}

/** Asks for a code at the sign-in page now open and enters the one mailed to the outbox. */
async function signInWithMailedCode(page: Page, email: string, previous?: string): Promise<string> {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("6-digit code").waitFor();
  const code = await mailedCode(e2e.server.services.config.dataDir, email, previous);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return code;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Whether the page is wider than the window (a message running off a phone's screen). Browser code as a string: tests/ has no DOM types. */
const overflows = (page: Page) =>
  page.evaluate("document.documentElement.scrollWidth > window.innerWidth") as Promise<boolean>;
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe("signing in as an applicant (e2e, headless Chromium)", { timeout: 90_000 }, () => {
  it("signs a returning applicant in with the code from the outbox and lands where their status says", async () => {
    const status = "application3";
    const who = await returningApplicant(status);
    const { page } = await e2e.page();
    await page.goto("/app/login");
    await page.getByRole("heading", { name: "Sign in to your application" }).waitFor();
    await page.getByLabel("Email address").fill(who.email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page
      .getByText(`If ${who.email} has an account, we sent a 6-digit code to it.`, { exact: false })
      .waitFor();
    expect(queryOf(page).step).toBe("code");

    const code = await mailedCode(e2e.server.services.config.dataDir, who.email);
    await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: credentialError("code", "CredentialsSignin") })
      .waitFor();

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const route = routeForStatus(e2e.server.services.defs, status);
    await page.waitForURL((url) => url.pathname === route);
    await page
      .getByRole("heading", { level: 1, name: e2e.server.services.defs.steps.get(status)!.def.title! })
      .waitFor();
  });

  it("lets a new applicant start on the home page without a password, leave, and come back where they left off", async () => {
    const email = unique("newcomer");
    const first = await e2e.page();
    await earlyFunnel(first.page, { value: 640000, owed: 250000, email });
    // Signed in since the first answer: the menu offers their application, no password was asked.
    await first.page.getByRole("link", { name: "My application" }).waitFor();
    await first.page.close(); // they leave; the browser keeps their session

    // An address typed in the funnel is only a claim until a mailed code proves it (docs/security.md,
    // "Account pre-hijacking"): they come back in the browser that holds their session.
    const page = await first.context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "My application" }).click();
    await page.waitForURL((url) => url.pathname === "/app/initial-setup/mortgage-balance");
    await page
      .getByRole("heading", {
        level: 1,
        name: e2e.server.services.defs.steps.get("mortgageBalance")!.def.title!,
      })
      .waitFor();
  });

  it("sends a visitor from a page that needs a session to sign in with error=SessionRequired, and back after", async () => {
    // The session guard's own data says this page sends a visitor to sign in.
    expect(
      signOutTargetFor(e2e.server.services.defs, NEEDS_SESSION, false, todayIso(e2e.server.services.now()))
        .target,
    ).toMatch(/^\/app\/login\?/);
    const who = await returningApplicant("incomeDocs");
    const { page } = await e2e.page();
    await page.goto(NEEDS_SESSION);
    await page.waitForURL((url) => url.pathname === "/app/login");
    expect(queryOf(page)).toEqual({ error: "SessionRequired", callbackUrl: NEEDS_SESSION });
    await page.getByText(AUTH_ERRORS.SessionRequired).waitFor();
    // A request to sign in, not a failure: no alert.
    expect(await page.getByRole("alert").count()).toBe(0);

    await signInWithMailedCode(page, who.email);
    await page.waitForURL((url) => url.pathname === NEEDS_SESSION);
    await page.getByRole("heading", { level: 1, name: "Upload your documents" }).waitFor();
  });

  it("signs out everywhere from the menu: the session on another device ends too", async () => {
    const who = await returningApplicant("incomeDocs");
    const laptop = (await e2e.page()).page;
    const phone = (await e2e.page()).page;
    let code: string | undefined;
    for (const page of [laptop, phone]) {
      await page.goto("/app/login");
      code = await signInWithMailedCode(page, who.email, code);
      await page.waitForURL((url) => url.pathname !== "/app/login");
    }
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    await laptop.waitForURL((url) => url.pathname === "/");
    await laptop.getByRole("link", { name: "Sign in" }).waitFor();
    // The phone's next page needs a session it no longer has.
    await phone.goto(NEEDS_SESSION);
    await phone.waitForURL((url) => url.pathname === "/app/login");
    expect(queryOf(phone)).toEqual({ error: "SessionRequired", callbackUrl: NEEDS_SESSION });
  });

  it("goes to the error page when the providers answer none or fail to load, and offers to try again", async () => {
    // The providers answer stubbed: this tests how our page meets an empty answer and a failed one.
    const empty = (await e2e.page()).page;
    await empty.route("**/api/authApplicant/providers", (route) => route.fulfill({ json: {} }));
    await empty.goto("/app/login");
    await empty.waitForURL((url) => url.pathname === "/app/error");
    expect(queryOf(empty)).toEqual({ error: "Configuration" });
    await empty.getByText(AUTH_ERRORS.Configuration).waitFor();

    const { page } = await e2e.page();
    await page.route("**/api/authApplicant/providers", (route) =>
      route.fulfill({ status: 500, json: { message: "down" } }),
    );
    await page.goto(`/app/login?callbackUrl=${encodeURIComponent(NEEDS_SESSION)}`);
    await page.waitForURL((url) => url.pathname === "/app/error");
    expect(queryOf(page)).toEqual({ error: "Configuration", callbackUrl: NEEDS_SESSION });
    await page.getByRole("heading", { level: 1, name: "We could not sign you in" }).waitFor();
    await page.getByText(AUTH_ERRORS.Configuration).waitFor();

    // Once the providers load again, "try again" is the sign-in page, still on the way back.
    await page.unroute("**/api/authApplicant/providers");
    await page.getByRole("link", { name: "Try signing in again" }).click();
    await page.waitForURL((url) => url.pathname === "/app/login");
    await page.getByLabel("Email address").waitFor();
    expect(queryOf(page)).toEqual({ callbackUrl: NEEDS_SESSION });
  });

  it("goes to the portal's own error page when the portal's providers do not load", async () => {
    const { page } = await e2e.page();
    await page.route("**/api/authPortal/providers", (route) =>
      route.fulfill({ status: 503, json: { message: "down" } }),
    );
    await page.goto("/portal/login");
    await page.waitForURL((url) => url.pathname === "/portal/error");
    await page.getByText(AUTH_ERRORS.Configuration).waitFor();
    await expect(
      page.getByRole("link", { name: "go to the partner portal" }).getAttribute("href"),
    ).resolves.toBe("/portal");
  });

  it("turns a sign-in asked for an unknown provider to the sign-in page, keeping callbackUrl", async () => {
    const who = await returningApplicant("incomeDocs");
    const { page } = await e2e.page();
    await page.goto(`/app/login?provider=github&callbackUrl=${encodeURIComponent(NEEDS_SESSION)}`);
    await page.waitForURL((url) => url.pathname === "/app/login" && !url.searchParams.has("provider"));
    expect(queryOf(page)).toEqual({ callbackUrl: NEEDS_SESSION });
    await signInWithMailedCode(page, who.email);
    await page.waitForURL((url) => url.pathname === NEEDS_SESSION);

    // The portal offers no email codes: asking for them there is an unknown provider too.
    const portal = (await e2e.page()).page;
    await portal.goto("/portal/login?provider=email&callbackUrl=%2Fportal%2Fmanage-users");
    await portal.waitForURL((url) => url.pathname === "/portal/login" && !url.searchParams.has("provider"));
    expect(queryOf(portal)).toEqual({ callbackUrl: "/portal/manage-users" });
    await portal.getByLabel("Password").waitFor();
  });

  it("opens the form of a provider it offers when asked for it", async () => {
    const { page } = await e2e.page();
    await page.goto("/app/login?provider=credentials");
    await page.getByLabel("Password").waitFor();
    expect(pathOf(page)).toBe("/app/login");
  });

  it("shows its error states clearly and accessibly at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      // axe is injected as a script tag: this context lets it past the Content Security Policy.
      const { page } = await e2e.page(width, { bypassCSP: true });
      await page.goto(NEEDS_SESSION);
      await page.getByText(AUTH_ERRORS.SessionRequired).waitFor();
      await page.screenshot({ path: join(SHOTS, `session-required-${width}.png`), fullPage: true });
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);
      await expect(overflows(page)).resolves.toBe(false);

      await page.getByLabel("Email address").fill("nobody@example.com");
      await page.getByRole("button", { name: "Email me a code" }).click();
      await page.getByLabel("6-digit code").fill("123456");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: credentialError("code", "CredentialsSignin") })
        .waitFor();
      await page.getByText("If nobody@example.com has an account", { exact: false }).waitFor();
      await page.screenshot({ path: join(SHOTS, `wrong-code-${width}.png`), fullPage: true });
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);
      await expect(overflows(page)).resolves.toBe(false);

      await page.goto("/app/error?error=Configuration");
      await page.getByText(AUTH_ERRORS.Configuration).waitFor();
      await page.screenshot({ path: join(SHOTS, `error-page-${width}.png`), fullPage: true });
      await expect(seriousA11yViolations(page)).resolves.toEqual([]);
      await expect(overflows(page)).resolves.toBe(false);
    }
  });
});
