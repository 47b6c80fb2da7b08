// GET /api/language?lang=es&to=/path: a language chosen before the page's code has loaded. The build's
// static frame paints the language buttons first (web/src/shell/LanguagePicker.tsx), as a form
// that comes here; once the app runs, the buttons set the cookie themselves and this is not used.
// The same cookie as the page writes, then back to the page it was chosen on: a path of this site
// only (never another site's address), the home page otherwise.
import { Hono } from "hono";
import { offeredLocales } from "@engine/locale/locales";
import type { Services } from "@server/services";
import { langCookie } from "./locale";

/** `to` when it is a path of this site (with its query), else the home page. */
export function returnPath(to: string | undefined): string {
  if (!to || !to.startsWith("/")) return "/";
  try {
    const base = "http://here.invalid";
    const url = new URL(to, base);
    return url.origin === base ? `${url.pathname}${url.search}` : "/";
  } catch {
    return "/";
  }
}

export function createLanguageRoute(services: Pick<Services, "defs" | "config">) {
  return new Hono().get("/", (c) => {
    const code = c.req.query("lang");
    if (offeredLocales(services.defs.texts).some((l) => l.code === code))
      c.header("Set-Cookie", langCookie(code!, services.config.secureCookies));
    c.header("Cache-Control", "no-store");
    return c.redirect(returnPath(c.req.query("to")), 303);
  });
}
