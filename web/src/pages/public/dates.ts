import { formatMoment } from "@engine/base/format";

// "2025-03-04" → "March 4, 2025". Dates are read as UTC, as everywhere in the app.
export function formatPublished(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return formatMoment(date.toISOString(), {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
