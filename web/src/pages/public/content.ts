// Loads a Markdown content file (rendered to HTML at build time) by name. Each file is its own
// small chunk, fetched when its page opens; `use()` suspends the page until it is there.
import { use } from "react";
import { localizedPageLoader } from "@web/src/app/localized-pages";

export interface ContentModule {
  attributes: Record<string, string | number | boolean>;
  html: string;
  /** The language the text is in, when a page was built for a reader of another (web/app/localized-pages.ts); absent: English. */
  language?: string;
  /** A legal text (the terms of use): in another language only from a reviewed translation. */
  legal?: boolean;
}

type Loader = () => Promise<ContentModule>;

/** A disclosure's public copy: a legal text, in English (a reader of another language is told why). */
const englishLegalText = (m: ContentModule): ContentModule => ({
  attributes: m.attributes,
  html: m.html,
  language: "en",
  legal: true,
});

const loaders = {
  pages: {
    ...import.meta.glob<ContentModule>("../../../../content/pages/*.md"),
    // One E-SIGN consent text: the public page shows the disclosure the applicant signs, with the
    // lender's details filled in at build time (the server fills the same values when it is signed).
    "../../../../content/pages/e-consent.md": () =>
      import("@content/disclosures/e-sign-consent.md?lender").then(englishLegalText),
    // One privacy notice: the public page shows the notice every applicant is given and acknowledges
    // at the account setup (GLBA, 12 CFR 1016.4(a)), recorded there with its version and SHA-256.
    "../../../../content/pages/privacy-statement.md": () =>
      import("@content/disclosures/privacy-notice.md?lender").then(englishLegalText),
  } as Record<string, Loader>,
  insights: import.meta.glob<ContentModule>("../../../../content/insights/*.md"),
  ineligible: import.meta.glob<ContentModule>("../../../../content/ineligible/*.md"),
};

export type ContentFolder = keyof typeof loaders;

const cache = new Map<string, Promise<ContentModule | null>>();

function loaderFor(folder: ContentFolder, name: string): Loader | undefined {
  const files: Record<string, Loader> = loaders[folder];
  const suffix = `/content/${folder}/${name}.md`;
  return Object.entries(files).find(([path]) => path.endsWith(suffix))?.[1];
}

/** The content file `content/<folder>/<name>.md`, or null when there is none. */
export function useContent(folder: ContentFolder, name: string): ContentModule | null {
  const key = `${folder}/${name}`;
  let promise = cache.get(key);
  if (!promise) {
    const load = (folder === "pages" ? localizedPageLoader(name) : undefined) ?? loaderFor(folder, name);
    promise = load ? load() : Promise.resolve(null);
    cache.set(key, promise);
  }
  return use(promise);
}

const folderCache = new Map<ContentFolder, Promise<Array<{ name: string } & ContentModule>>>();

/** Every file of a folder with its name (the insights list). */
export function useContentFolder(folder: ContentFolder): Array<{ name: string } & ContentModule> {
  let promise = folderCache.get(folder);
  if (!promise) {
    promise = Promise.all(
      Object.entries(loaders[folder]).map(async ([path, load]) => ({
        name: path.replace(/^.*\/([^/]+)\.md$/, "$1"),
        ...(await load()),
      })),
    );
    folderCache.set(folder, promise);
  }
  return use(promise);
}

export const text = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : String(value);
