// A content file's HTML (our own Markdown, rendered at build time) as a page section.
// Links inside it to our own pages navigate in-app instead of reloading the whole app.
import type { MouseEvent } from "react";
import { useNavigate } from "react-router-dom";

export function Prose({
  html,
  className = "prose",
  lang,
}: {
  html: string;
  className?: string;
  /** The text's language when it is not the page's (an English legal text on a Spanish page). */
  lang?: string | undefined;
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href || !href.startsWith("/") || href.startsWith("//") || link.target) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <div className={className} lang={lang} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
