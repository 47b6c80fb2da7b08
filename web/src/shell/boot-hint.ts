// The heading the server wrote into a funnel page (server/transport/http/page-shell.ts), read by the entry
// script before React replaces the page's HTML (shell/boot-skeleton.tsx shows it again). No
// React here: the entry script runs it before the app's code has loaded.

export interface BootSkeleton {
  path: string;
  title: string | null;
  description: string | null;
}

let boot: BootSkeleton | null = null;

export function readBootSkeleton(): void {
  const page = document.querySelector<HTMLElement>("[data-boot-path]");
  if (!page?.dataset.bootPath) return;
  boot = {
    path: page.dataset.bootPath,
    title: page.querySelector("h1")?.textContent ?? null,
    description: page.querySelector(".step-skeleton__lead")?.textContent ?? null,
  };
}

export const bootSkeleton = (): BootSkeleton | null => boot;
