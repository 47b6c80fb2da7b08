// Stands in for markdown-to-jsx (about a third of the form engine's chunk, 122 kB minified) in the
// web build. RJSF imports it for three things we never use: descriptions and help a uiSchema opts
// into (`ui:enableMarkdownInDescription`/`InHelp`, set by no step; our templates render both as
// text), its own file widget (ours replaces it), and its configuration errors. Here those show as
// plain text. Our pages' Markdown is made into HTML at build time (web/build/markdown-plugin.ts).
import type { ReactNode } from "react";

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
