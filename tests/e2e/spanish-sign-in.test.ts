// The applicant's sign-in pages in Spanish (issue 41): the sign-in form, its field errors, the
// notice once a code is sent and the server's refusal of a wrong code, and the sign-in error page
// with its message (rules/auth-errors.json, translated), each with no English left (english-left.ts).
// The portal's error page stays English (the portal is English by design).
// axe clean; screenshots spanish-sign-in, spanish-sign-in-wrong-code, spanish-sign-in-error.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { englishLeft } from "./english-left";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ shared: true });

async function spanishBrowserAt(path: string): Promise<Page> {
  // axe is added as a script: past the page's CSP.
  const { context, page } = await e2e.page(1280, { bypassCSP: true });
  await context.addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
  await page.goto(path);
  return page;
}

async function spanishPage(path: string): Promise<Page> {
  const page = await spanishBrowserAt(path);
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

    // A wrong code: the server's refusal, in Spanish.
    await page.getByLabel("Código de 6 dígitos").fill("000000");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await page
      .getByText(
        "Ese código no coincide. Revise el código de 6 dígitos de su correo electrónico más reciente e inténtelo de nuevo, o pida un código nuevo.",
      )
      .waitFor();
    expect(await englishLeft(page)).toEqual([]);
    await screenshot(page, "spanish-sign-in-wrong-code");
  });

  it("says in Spanish that it could not sign the applicant in and why, with the ways on in Spanish", async () => {
    const page = await spanishPage("/app/error?error=Configuration");
    await page.getByRole("heading", { level: 1, name: "No pudimos iniciar su sesión" }).waitFor();
    expect(await page.title()).toContain("Problema al iniciar sesión");
    await page.getByRole("link", { name: "Intente iniciar sesión de nuevo" }).waitFor();
    await page.getByRole("link", { name: "vaya a la página de inicio" }).waitFor();
    expect(await page.locator("h1 + p").textContent()).toBe(
      "El inicio de sesión no está disponible en este momento. Inténtelo de nuevo en unos minutos.",
    );
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-sign-in-error");
  });

  it("keeps the portal's sign-in error page English in a browser that chose Español", async () => {
    const page = await spanishBrowserAt("/portal/error?error=Configuration");
    await page.getByRole("heading", { level: 1, name: "We could not sign you in" }).waitFor();
    expect(await page.locator("h1 + p").textContent()).toBe(
      "Sign-in is not available right now. Please try again in a few minutes.",
    );
  });
});
