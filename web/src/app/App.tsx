// Providers around the routes: the router, the page's session, the previous path for the redirect
// guard and the toasts. The Fluent theme and the query client wrap the pages that use them
// (app/PageProviders.tsx, loaded on demand), so the home page loads neither.
import { BrowserRouter } from "react-router-dom";
import { SessionProvider } from "../session/session";
import { NotifyProvider } from "../shell/notify";
import { PreviousPathProvider } from "../shell/previous-path";
import { AppRoutes } from "./routes";

export function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <PreviousPathProvider>
          <NotifyProvider>
            <AppRoutes />
          </NotifyProvider>
        </PreviousPathProvider>
      </SessionProvider>
    </BrowserRouter>
  );
}
