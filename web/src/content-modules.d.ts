// Content files become modules at build time (web/build/markdown-plugin.ts).
declare module "*.md" {
  export const attributes: Record<string, string | number | boolean>;
  export const html: string;
}
