// Content files the displays show (rendered to HTML at build time by web/build/markdown-plugin.ts),
// each its own small chunk, loaded when a display first needs it: the content pages of
// content/pages/. (Disclosure texts are not built in: the server sends them, esign.documents.)
import type { ContentModule } from "@web/src/pages/public/content";
import { localizedPageLoader } from "@web/src/app/localized-pages";

const loaders = {
  pages: import.meta.glob<ContentModule>("../../../../../content/pages/*.md"),
};

export type DisplayFolder = keyof typeof loaders;

const cache = new Map<string, Promise<ContentModule | null>>();

/** The file content/<folder>/<name>.md, or null when there is none (a promise for React's use()). */
export function loadContent(folder: DisplayFolder, name: string): Promise<ContentModule | null> {
  const key = `${folder}/${name}`;
  let promise = cache.get(key);
  if (!promise) {
    // By the file's place under content/ (the glob's keys are relative to this file).
    const suffix = `/content/${folder}/${name}.md`;
    const load =
      (folder === "pages" ? localizedPageLoader(name) : undefined) ??
      Object.entries(loaders[folder]).find(([path]) => path.endsWith(suffix))?.[1];
    promise = load ? load().catch(() => null) : Promise.resolve(null);
    cache.set(key, promise);
  }
  return promise;
}

/** The HTML without its first heading: the display shows the title itself (or the step does). */
export const withoutTitle = (html: string) => html.replace(/^\s*<h1[^>]*>[\s\S]*?<\/h1>\s*/, "");

export const textOf = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : String(value);

export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
