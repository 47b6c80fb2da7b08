// What every page but the home page renders inside, loaded with the first such page: the Fluent
// theme of the shell and the query client. The home page is plain HTML and CSS, so its first
// paint needs neither (its JavaScript budget: README).
import { FluentProvider } from "@fluentui/react-components";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router-dom";
import { queryClient } from "../api/query-client";
import { shellTheme } from "../shell/theme";

export default function PageProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <FluentProvider theme={shellTheme}>
        <Outlet />
      </FluentProvider>
    </QueryClientProvider>
  );
}
