// Renders the app into the page, replacing the frame the HTML painted with the same frame (main.tsx).
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

export function startApp(): void {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
