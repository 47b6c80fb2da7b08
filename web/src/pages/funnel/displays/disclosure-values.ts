// Fills the {{name}} tokens of a disclosure text (content/disclosures/*.md) with the values the
// server computed for this applicant (esign.documents: the offer, the pricing params, the lender's
// details): the page shows exactly the figures whose text the signature hashes. A token with no
// value shows as a visible placeholder, never as an invented number. A token as a link's target
// ([the booklet]({{bookletHref}}), which the Markdown build writes URL-encoded) becomes that
// address when it is one (https, or a path on this site); otherwise the link goes nowhere. Pure:
// unit-tested in node.
import { escapeHtml } from "@engine/base/text";

const LINK_TARGET = /^(https:\/\/[^\s"<>]+|\/[^\s"<>]*)$/;

/** Replaces every {{name}} in rendered HTML by its value (escaped), or by a visible placeholder. */
export function fillValues(html: string, values: Record<string, string>): string {
  return html
    .replace(/<a href="%7B%7B([A-Za-z][A-Za-z0-9]*)%7D%7D"/g, (_, name: string) => {
      const target = Object.hasOwn(values, name) && LINK_TARGET.test(values[name]!) ? values[name]! : "#";
      return `<a href="${escapeHtml(target)}"${target.startsWith("https://") ? ' target="_blank" rel="noopener noreferrer"' : ""}`;
    })
    .replace(/\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (_, name: string) =>
      Object.hasOwn(values, name) ? escapeHtml(values[name]!) : "<mark>[not available yet]</mark>",
    );
}
