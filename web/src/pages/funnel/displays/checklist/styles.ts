// The checklist's own styles and the few words its parts share.
import { makeStyles } from "@fluentui/react-components";

export const useChecklistStyles = makeStyles({
  files: {
    gridColumn: "1 / -1",
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: "4px",
  },
  file: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: "8px",
    rowGap: "2px",
    fontSize: "14px",
    color: "var(--ink)",
    overflowWrap: "anywhere",
  },
  slots: {
    gridColumn: "1 / -1",
    display: "grid",
    gap: "12px",
    marginTop: "4px",
  },
  slot: { display: "grid", gap: "4px" },
  slotLabel: { fontSize: "14px", fontWeight: 600, color: "var(--ink)" },
  input: { fontSize: "14px", maxWidth: "100%" },
  progress: { width: "100%", maxWidth: "320px", height: "8px" },
  hint: { fontSize: "13px", color: "var(--secondary)", margin: 0 },
  error: { fontSize: "14px", color: "#a4262c", margin: 0, fontWeight: 600 },
  done: { fontSize: "14px", color: "#0e700e", margin: 0 },
  review: { gridColumn: "1 / -1", fontSize: "14px", margin: 0 },
  select: { fontSize: "14px", padding: "4px", maxWidth: "320px" },
});

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A reason written by staff, ending as a sentence does. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
