// A plain-text reading of the Markdown our disclosure texts use (headings, paragraphs, bullet and
// numbered lists, table rows, bold, links, inline HTML marks, comments), for the signed PDF. Not a Markdown
// renderer: it keeps every word the page shows and drops only markup, so the PDF reads as the page.

export type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "item"; marker: string; text: string };

/** Inline markup to plain text: **bold**, _emphasis_, `code`, [text](url) → "text (url)", <tags> and entities. */
export function inlineText(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) =>
      label === url || url.replace(/^https?:\/\//, "").replace(/\/$/, "") === label
        ? label
        : `${label} (${url})`,
    )
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/__([^_]+)__/g, "$1")
    .replace(/(^|[^\w*])\*([^*\s][^*]*)\*(?!\w)/g, "$1$2")
    .replace(/(^|\W)_([^_\s][^_]*)_(?!\w)/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1")
    .replace(/<\/?[A-Za-z][^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The blocks of a Markdown body, in order. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, "").split(/\r?\n/);
  let paragraph: string[] = [];
  let item: { marker: string; lines: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: inlineText(paragraph.join(" ")) });
    if (item) blocks.push({ kind: "item", marker: item.marker, text: inlineText(item.lines.join(" ")) });
    paragraph = [];
    item = null;
  };
  for (const line of lines) {
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*(\d+)[.)]\s+(.*)$/.exec(line);
    const row = /^\s*\|(.*)\|\s*$/.exec(line);
    if (line.trim() === "") flush();
    else if (row) {
      // A table row reads as one line of its cells; the |---| line under the header is markup.
      flush();
      if (!/^[\s|:-]*$/.test(row[1]!))
        blocks.push({
          kind: "paragraph",
          text: row[1]!
            .split("|")
            .map((cell) => inlineText(cell))
            .join("   "),
        });
    } else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length, text: inlineText(heading[2]!) });
    } else if (bullet) {
      flush();
      item = { marker: "•", lines: [bullet[1]!] };
    } else if (numbered) {
      flush();
      item = { marker: `${numbered[1]}.`, lines: [numbered[2]!] };
    } else if (item) item.lines.push(line.trim());
    else paragraph.push(line.trim());
  }
  flush();
  return blocks.filter((b) => b.text !== "");
}
