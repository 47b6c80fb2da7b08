// Per-route document titles: "<page> | <site>". The site name and default description are in
// content/site.json (also written into index.html).
import { useEffect } from "react";
import { siteText } from "@web/src/app/content-text";

export function useDocumentTitle(title: string | null | undefined) {
  const site = siteText();
  useEffect(() => {
    document.title = title ? `${title} | ${site.name}` : `${site.name}: ${site.tagline}`;
  }, [title]);
}
