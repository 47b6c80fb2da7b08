// Per-route document titles: "<page> | <site>". The site name and default description are in
// content/site.json (also written into index.html).
import { useEffect } from "react";
import site from "@content/site.json";

export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${site.name}` : `${site.name}: ${site.tagline}`;
  }, [title]);
}
