import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./shell/fonts";
import "./shell/global.css";
import { App } from "./app/App";
import { startFunnelEarly } from "./app/early-funnel";

startFunnelEarly(location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
