// The funnel in Spanish (issue 41): an applicant chooses Español on the home page and reads the
// early funnel in it: <html lang>, the step's words, the progress, Next, the field errors, numbers;
// a string whose translation is missing shows in English, never an old sentence.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { routeOf } from "../helpers/routes";
import { answer, fieldBox } from "./answer";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ shared: true });

async function inSpanish(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Español" }).click();
  await page.waitForFunction("document.documentElement.lang === 'es'");
  await expect(page.getByRole("button", { name: "Español" }).getAttribute("aria-pressed")).resolves.toBe(
    "true",
  );
}

describe("the funnel in Spanish (e2e, headless Chromium)", { timeout: 90_000 }, () => {
  it("shows the name step in Spanish after Español is chosen on the home page, errors too, and keeps the choice", async () => {
    for (const width of [375, 1280]) {
      const { page } = await e2e.page(width, { bypassCSP: true });
      await inSpanish(page);
      // The home page and the frame in Spanish: heading, choices, navigation, footer.
      await page
        .getByRole("heading", { level: 1, name: "Aproveche el valor líquido de su vivienda, a su manera" })
        .waitFor();
      await page.getByRole("link", { name: "Iniciar sesión" }).waitFor();
      await page.getByRole("navigation", { name: "Información legal y ayuda" }).waitFor();
      await screenshot(page, `spanish-home-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("link", { name: /Vivienda principal/ }).click();
      await page.waitForURL(`**${routeOf("name")}`);
      await page.getByRole("heading", { level: 1, name: "Comencemos. ¿Cuál es su nombre?" }).waitFor();
      await expect(page.evaluate("document.documentElement.lang")).resolves.toBe("es");
      await screenshot(page, `spanish-name-${width}`);
      await expect(page.getByLabel(/^Nombre/).count()).resolves.toBe(1);
      await expect(
        page
          .getByText(/Su vivienda/)
          .first()
          .isVisible(),
      ).resolves.toBe(true);
      // Siguiente with nothing answered: the engine's messages, in Spanish.
      await page.getByRole("button", { name: "Siguiente" }).click();
      await expect(fieldBox(page, "/user/firstName").innerText()).resolves.toContain(
        "Nombre: es obligatorio",
      );
      await page.getByText("2 respuestas requieren su atención.").waitFor();
      await screenshot(page, `spanish-name-errors-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await answer(page, "/user/firstName", "Dana");
      await answer(page, "/user/lastName", "Rivera");
      await page.getByRole("button", { name: "Siguiente" }).click();
      await page.waitForURL(`**${routeOf("email")}`, { timeout: 45_000 });
      await page
        .getByRole("heading", { level: 1, name: "¿Cuál es su dirección de correo electrónico?" })
        .waitFor();
      await page.getByRole("button", { name: "Enviarme un código" }).waitFor();
      await page.getByRole("button", { name: "Atrás" }).waitFor();
      await screenshot(page, `spanish-email-${width}`);
      // A reload (the page shell from the server) stays in Spanish.
      await page.reload();
      await page
        .getByRole("heading", { level: 1, name: "¿Cuál es su dirección de correo electrónico?" })
        .waitFor();
      await expect(page.evaluate("document.documentElement.lang")).resolves.toBe("es");
      await page.context().close();
    }
  });

  it("goes back to English when English is chosen", async () => {
    const { page, context } = await e2e.page(1280);
    await inSpanish(page);
    await page.getByRole("button", { name: "English" }).click();
    await page.waitForFunction("document.documentElement.lang === 'en'");
    await page.getByRole("link", { name: /Primary Home/ }).click();
    await page.getByRole("heading", { level: 1, name: "Let's get started. What's your name?" }).waitFor();
    await context.close();
  });
});
