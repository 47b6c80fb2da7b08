// Fills the {{name}} tokens of a disclosure text (content/disclosures/*.md) with the values the
// server computed for this applicant (esign.documents: the offer, the pricing params, the lender's
// details): the page shows exactly the figures whose text the signature hashes. A token with no
// value shows as a visible placeholder, never as an invented number. Pure: unit-tested in node.
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Replaces every {{name}} in rendered HTML by its value (escaped), or by a visible placeholder. */
export function fillValues(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (_, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]!) : "<mark>[not available yet]</mark>",
  );
}
