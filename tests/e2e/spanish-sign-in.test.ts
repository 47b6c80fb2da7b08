// The applicant's sign-in pages in Spanish (issue 41): the sign-in form, its field errors and the
// notice once a code is sent, and the sign-in error page, each with no English left (english-left.ts)
// but the error page's message (rules/auth-errors.json, not translated yet).
// axe clean; screenshots spanish-sign-in, spanish-sign-in-error.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { englishLeft } from "./english-left";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ shared: true });

async function spanishPage(path: string): Promise<Page> {
  // axe is added as a script: past the page's CSP.
  const { context, page } = await e2e.page(1280, { bypassCSP: true });
  await context.addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
  await page.goto(path);
  await page.waitForFunction("document.documentElement?.lang === 'es'");
  return page;
}

describe("the applicant's sign-in pages in Spanish", { timeout: 90_000 }, () => {
  it("asks for the email in Spanish, says what is wrong with it in Spanish, and says the code was sent in Spanish", async () => {
    const page = await spanishPage("/app/login");
    await page.getByRole("heading", { level: 1, name: "Inicie sesión en su solicitud" }).waitFor();
    expect(await page.title()).toContain("Iniciar sesión");
    expect(await englishLeft(page)).toEqual([]);

    const send = page.getByRole("button", { name: "Enviarme un código por correo electrónico" });
    await send.click();
    await page.getByText("Escriba su correo electrónico.").waitFor();
    await page.getByLabel("Correo electrónico").fill("dana@");
    await send.click();
    await page.getByText("Escriba un correo electrónico válido, como nombre@ejemplo.com.").waitFor();
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-sign-in");

    await page.getByLabel("Correo electrónico").fill("dana.spanish@example.com");
    await send.click();
    await page
      .getByText(
        "Si dana.spanish@example.com tiene una cuenta, le enviamos a esa dirección un código de 6 dígitos.",
        {
          exact: false,
        },
      )
      .waitFor();
    await page.getByLabel("Código de 6 dígitos").waitFor();
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await page.getByText("Escriba el código de 6 dígitos que le enviamos por correo electrónico.").waitFor();
    expect(await englishLeft(page)).toEqual([]);
  });

  it("says in Spanish that it could not sign the applicant in, with the ways on in Spanish (the error's own words still English)", async () => {
    const page = await spanishPage("/app/error?error=Configuration");
    await page.getByRole("heading", { level: 1, name: "No pudimos iniciar su sesión" }).waitFor();
    expect(await page.title()).toContain("Problema al iniciar sesión");
    await page.getByRole("link", { name: "Intente iniciar sesión de nuevo" }).waitFor();
    await page.getByRole("link", { name: "vaya a la página de inicio" }).waitFor();
    // The error's own words are rules/auth-errors.json, not translated yet: a known leak, asserted by
    // name (the detector's function words miss this short sentence).
    expect(await page.locator("h1 + p").textContent()).toBe(
      "Sign-in is not available right now. Please try again in a few minutes.",
    );
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-sign-in-error");
  });
});
