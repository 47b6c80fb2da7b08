// The entry script: the page's HTML (the frame, and a funnel page's heading, server/transport/http/page-shell.ts)
// paints first; the app's code is evaluated after that first frame (app/start.tsx), so a slow
// device shows the page while it runs the code. The funnel's data and code are asked for at once.
import "./shell/fonts";
import "./shell/global.css";
import { startFunnelCode, startFunnelEarly } from "./app/early-funnel";
import { bootLanguage } from "./app/locale";
import { loadChosenLocale } from "./app/locale-load";
import { readBootSkeleton } from "./shell/boot-hint";

bootLanguage();
startFunnelEarly(location.pathname);
readBootSkeleton(); // before React replaces the server's HTML

let started = false;
const start = () => {
  if (started) return;
  started = true;
  startFunnelCode(location.pathname);
  // The app's code and, for a reader of another language, its words, together; it renders with both.
  const app = import("./app/start");
  void loadChosenLocale().then(() => app.then((m) => m.startApp()));
};
// After the frame that paints the HTML; the timer is for a tab in the background, which runs no frames.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);
