// The checklist's own styles and the few words its parts share.
import { displayWord, sideWordId } from "@engine/locale/display-words";
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
    display: "grid",
    gridTemplateColumns: "48px 1fr auto",
    alignItems: "center",
    columnGap: "10px",
    fontSize: "14px",
    color: "var(--ink)",
    overflowWrap: "anywhere",
    padding: "4px 0",
  },
  fileText: { display: "grid", gap: "2px", minWidth: 0 },
  fileName: { fontWeight: 600 },
  thumb: {
    width: "48px",
    height: "48px",
    objectFit: "cover",
    borderRadius: "4px",
    border: "1px solid var(--line)",
  },
  fileIcon: {
    width: "48px",
    height: "48px",
    display: "grid",
    placeItems: "center",
    borderRadius: "4px",
    border: "1px solid var(--line)",
    background: "var(--tint)",
    fontSize: "12px",
    fontWeight: 700,
    color: "var(--secondary)",
  },
  // The drop zone: its file input is visually hidden but focusable, so the zone shows the focus.
  zone: {
    position: "relative",
    border: "2px dashed #6b7c75",
    borderRadius: "6px",
    background: "#fafcfb",
    cursor: "pointer",
    ":focus-within": { outline: "3px solid var(--brand-dark)", outlineOffset: "2px" },
    ":hover": { background: "var(--tint)" },
  },
  zoneLabel: {
    display: "grid",
    gap: "6px",
    justifyItems: "center",
    textAlign: "center",
    padding: "16px",
    cursor: "pointer",
  },
  errors: {
    gridColumn: "1 / -1",
    margin: "4px 0 0",
    paddingLeft: "18px",
    fontSize: "14px",
    color: "#a4262c",
    fontWeight: 600,
  },
  zoneActive: { border: "2px solid var(--brand-dark)", background: "var(--tint)" },
  zoneTitle: { fontSize: "15px", fontWeight: 600, color: "var(--ink)" },
  zoneButton: {
    display: "inline-block",
    padding: "6px 14px",
    borderRadius: "4px",
    border: "1px solid var(--brand-dark)",
    color: "var(--brand-dark)",
    background: "#fff",
    fontWeight: 600,
    fontSize: "14px",
  },
  hiddenInput: {
    position: "absolute",
    width: "1px",
    height: "1px",
    padding: 0,
    margin: "-1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
    border: 0,
  },
  // "Take a photo" for phones and tablets; a desktop has the picker (and rarely a back camera).
  camera: {
    display: "none",
    position: "relative",
    "@media (pointer: coarse), (max-width: 640px)": { display: "grid" },
  },
  cameraButton: {
    display: "block",
    textAlign: "center",
    padding: "10px 14px",
    borderRadius: "4px",
    background: "var(--brand-dark)",
    color: "#fff",
    fontWeight: 600,
    fontSize: "15px",
    cursor: "pointer",
    ":focus-within": { outline: "3px solid var(--ink)", outlineOffset: "2px" },
  },
  status: {
    fontSize: "14px",
    fontWeight: 600,
    whiteSpace: "nowrap",
    justifySelf: "end",
    alignSelf: "start",
    padding: "2px 8px",
    borderRadius: "10px",
    // On a phone the status goes under the document's name, which keeps the whole width.
    "@media (max-width: 599px)": {
      gridColumn: "1 / -1",
      gridRow: "2",
      justifySelf: "start",
      whiteSpace: "normal",
    },
  },
  more: { gridColumn: "1 / -1", justifySelf: "start", marginTop: "4px" },
  status_needed: { color: "#5c3c00", background: "#fdf0d5" },
  status_rejected: { color: "#a4262c", background: "#fde7e9" },
  status_uploaded: { color: "#0e5c0e", background: "#e7f4e7" },
  status_inReview: { color: "#1b4f8a", background: "#e6eef8" },
  status_accepted: { color: "#0e5c0e", background: "#e7f4e7" },
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
  // A line of the document's own (the item is a grid of label and status): across the whole item.
  itemHint: { gridColumn: "1 / -1", fontSize: "13px", color: "var(--secondary)", margin: 0 },
  error: { fontSize: "14px", color: "#a4262c", margin: 0, fontWeight: 600 },
  done: { fontSize: "14px", color: "#0e700e", margin: 0 },
  review: { gridColumn: "1 / -1", fontSize: "14px", margin: 0 },
  select: { fontSize: "14px", padding: "4px", maxWidth: "320px" },
});

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
/** A photo ID's side ("front", "back": rules/document-types.json) in the page's language. */
export const sideWord = (side: string) => {
  const id = sideWordId(side);
  return id ? displayWord(id) : side;
};
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A reason written by staff, ending as a sentence does. */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
