// The frame of every page as HTML, written into index.html at build time (web/build/
// static-shell-plugin.ts), so a page paints its header, footer and loading state before any of its
// code has loaded; React then renders the same frame in its place (web/src/main.tsx). A visitor's
// frame: the account end of the navigation says "Sign in" until the session is known. A reader of
// another language is sent that language's frame (renderStaticShellIn), never English first.
import { renderToStaticMarkup } from "react-dom/server";
import { setWordsTable, word, type Words } from "@engine/locale/words";
import { setAt } from "@engine/base/pointer";
import { escapeHtml } from "@engine/base/text";
import { setContentTable } from "@web/src/app/content-text";
import { MemoryRouter } from "react-router-dom";
import { SessionProvider } from "../session/session";
import { Layout } from "./Layout";
import { PageLoading } from "./PageLoading";
import { setStaticLocale } from "./LanguagePicker";

/** Marks around the frame, and around the main landmark's content, where the server puts a funnel page's heading (server/transport/http/page-shell.ts). */
export const SHELL_START = "<!--shell-->";
export const SHELL_END = "<!--/shell-->";
export const PAGE_START = "<!--page-->";
export const PAGE_END = "<!--/page-->";

export function renderStaticShell(): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <SessionProvider>
        <Layout>
          <PageLoading />
        </Layout>
      </SessionProvider>
    </MemoryRouter>,
  );
  const loading = renderToStaticMarkup(
    <MemoryRouter>
      <PageLoading />
    </MemoryRouter>,
  );
  if (!html.includes(loading)) throw new Error("static shell: the loading state is not in the frame");
  // In the frame, so that a reader of another language reads it in theirs too.
  const noScript = `<noscript>${escapeHtml(word("frame.noScript"))}</noscript>`;
  return html.replace(loading, `${PAGE_START}${loading}${PAGE_END}`) + noScript;
}

/**
 * The frame in another language, for a reader who chose it (server/app.ts puts it in place of the
 * English one): rendered with that language's words, as the app renders once they are loaded.
 */
export function renderStaticShellIn(
  code: string,
  strings: {
    content: Record<string, Record<string, string>>;
    words: Record<string, string>;
  },
): string {
  setStaticLocale(code);
  setContentTable(strings.content, setAt);
  setWordsTable(strings.words as Partial<Words>);
  try {
    return `${SHELL_START}${renderStaticShell()}${SHELL_END}`;
  } finally {
    setStaticLocale(undefined);
    setContentTable({}, setAt);
    setWordsTable(undefined);
  }
}
