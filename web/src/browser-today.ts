// The day the browser's step logic reads (what a page shows, hides and requires, and its checks
// before a save): worked out here, in one place, and passed to the engine, which takes no default.
import { todayIso } from "@engine/base/dates";

/** The browser's day now (yyyy-MM-dd, UTC, as the engine and the server read days). */
export const browserToday = (): string => todayIso();
