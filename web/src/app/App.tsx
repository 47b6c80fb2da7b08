// Providers around the routes: the router, the query client, the page's session, the previous
// path for the redirect guard, the shell theme and the toasts.
import { FluentProvider } from "@fluentui/react-components";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router-dom";
import { queryClient } from "../api/query-client";
import { SessionProvider } from "../session/session";
import { NotifyProvider } from "../shell/notify";
import { PreviousPathProvider } from "../shell/previous-path";
import { shellTheme } from "../shell/theme";
import { AppRoutes } from "./routes";

export function App() {
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <PreviousPathProvider>
            <FluentProvider theme={shellTheme}>
              <NotifyProvider>
                <AppRoutes />
              </NotifyProvider>
            </FluentProvider>
          </PreviousPathProvider>
        </SessionProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
