// Content files become modules at build time (web/build/markdown-plugin.ts).
declare module "*.md" {
  export const attributes: Record<string, string | number | boolean>;
  export const html: string;
}
// The same, with the lender's details filled in (the public copy of a disclosure).
declare module "*.md?lender" {
  export const attributes: Record<string, string | number | boolean>;
  export const html: string;
}
// The lender's facts the site's frame shows, from the profile LENDER_PROFILE names (web/build/markdown-plugin.ts).
declare module "virtual:lender-profile" {
  const lender: { status: "sample" | "production"; legalName: string; nmlsId: string };
  export default lender;
}
// Each offered language's loader of its words (web/build/locale-content-plugin.ts).
declare module "virtual:content-locales" {
  export const loaders: Record<
    string,
    () => Promise<{
      default: { content: Record<string, Record<string, string>>; words: Record<string, string> };
    }>
  >;
}
// Each other offered language's public pages, one loader per page (web/build/locale-pages-plugin.ts).
declare module "virtual:content-pages" {
  export const pages: Record<
    string,
    Record<
      string,
      () => Promise<{
        attributes: Record<string, string | number | boolean>;
        html: string;
        /** The language the page is in: the reader's, or English where its translation is missing, stale or (a legal text) unreviewed. */
        language: string;
        /** A legal text: shown in another language only from a reviewed translation. */
        legal: boolean;
      }>
    >
  >;
}
