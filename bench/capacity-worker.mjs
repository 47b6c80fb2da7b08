// A worker thread runs TypeScript only through tsx's loader, registered here for this thread.
import { register } from "tsx/esm/api";

register();
await import("./capacity-server.ts");
