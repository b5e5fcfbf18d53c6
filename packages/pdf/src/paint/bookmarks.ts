// The outline (bookmarks) from the document's headings: each heading is an entry opening its page at the heading's
// top, nested under the nearest heading of a lower level before it (an H3 after an H1 sits under the H1). The
// catalog's /PageMode /UseOutlines makes viewers open with the outline shown.
import type { HeadingMark } from "./structure.js";
import { pdfString, type PdfRef, type PdfWriter } from "./pdfkit.js";

interface Entry {
  readonly level: number;
  readonly ref: PdfRef;
  readonly children: Entry[];
}

/** Writes the outline of `headings` (in reading order) into the catalog; nothing when there are none. */
export function writeBookmarks(writer: PdfWriter, catalog: Record<string, unknown>, headings: readonly HeadingMark[], pages: readonly PdfRef[]): void {
  if (headings.length === 0) return;
  const root = writer.ref({ Type: "Outlines" });
  const top: Entry[] = [];
  const open: Entry[] = [];
  for (const heading of headings) {
    const page = pages[heading.pageIndex];
    if (page === undefined) continue;
    while (open.length > 0 && open[open.length - 1]!.level >= heading.level) open.pop();
    const parent = open[open.length - 1];
    const ref = writer.ref({
      Title: pdfString(heading.title.trim() || "Untitled"),
      Parent: parent?.ref ?? root,
      // The heading's top on its page; left and zoom as they are (a right-aligned heading must not scroll sideways).
      Dest: [page, "XYZ", null, round(heading.top), null],
    });
    const entry: Entry = { level: heading.level, ref, children: [] };
    (parent?.children ?? top).push(entry);
    open.push(entry);
  }
  link(root, top);
  root.data.Count = count(top);
  root.end();
  catalog.Outlines = root;
  catalog.PageMode = "UseOutlines";
}

/** First/Last on the parent, Prev/Next between siblings, and every entry open (a positive /Count). */
function link(parent: PdfRef, entries: readonly Entry[]): void {
  if (entries.length === 0) return;
  parent.data.First = entries[0]!.ref;
  parent.data.Last = entries[entries.length - 1]!.ref;
  entries.forEach((entry, i) => {
    if (i > 0) entry.ref.data.Prev = entries[i - 1]!.ref;
    if (i < entries.length - 1) entry.ref.data.Next = entries[i + 1]!.ref;
    link(entry.ref, entry.children);
    if (entry.children.length > 0) entry.ref.data.Count = count(entry.children);
    entry.ref.end();
  });
}

/** Entries visible under an open entry: its children and, all being open, theirs. */
function count(entries: readonly Entry[]): number {
  return entries.reduce((sum, entry) => sum + 1 + count(entry.children), 0);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
