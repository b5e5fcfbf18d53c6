// A slice of a measured table: its header row, then an optional part of a row split between pages, then
// whole rows [start, end), then an optional first part of the next row. Tables split between rows and
// repeat the header on every page; a row that can never fit a page (or meets the top of one) splits at lines.
import type { FrameItem, FrameTag } from "../frame/types.js";
import { sliceParagraph, splitParagraph } from "../text/split.js";
import type { ParagraphLayout } from "../text/types.js";
import { EPSILON, type Block, type PageNumbers, type Split } from "./block.js";
import type { RowLayout, TableModel } from "./table-model.js";
import { pushTagged, REPEATED_HEADER, TABLE_DECORATION, tableTags } from "./table-tags.js";

/** A table, or the part of one on a page. */
export class TableBlock implements Block {
  readonly rowSplittable = true;
  readonly height: number;

  constructor(
    private readonly model: TableModel,
    private readonly start: number,
    private readonly end: number,
    private readonly lead: RowLayout | null = null,
    private readonly tail: RowLayout | null = null,
  ) {
    const { prefix, header } = model;
    this.height = header.height + (lead?.height ?? 0) + (prefix[end] as number) - (prefix[start] as number) + (tail?.height ?? 0);
  }

  split(available: number, atTop: boolean): Split {
    if (this.height <= available + EPSILON) return { fits: this, rest: null };
    const { model } = this;
    const n = this.end;
    const room = available - model.header.height;
    if (room <= EPSILON) return { fits: null, rest: this };
    let used = 0;
    if (this.lead) {
      if (this.lead.height > room + EPSILON) {
        // The continued row still does not fit: it is already at the top of its table, so split it again.
        const parts = splitRow(this.lead, room, model.padding);
        if (!parts) return { fits: null, rest: this };
        return this.parts(new TableBlock(model, this.start, this.start, parts.fit), parts.rest, this.start);
      }
      used = this.lead.height;
    }
    const k = this.lastFitting(room - used);
    const placedRows = this.lead !== null || k > this.start;
    const next = model.rows[k];
    if (k >= n || !next) return { fits: this, rest: null };
    // A row that can never fit a page with its header splits where it is, as does one at the top of a page.
    const giant = next.height + model.header.height > model.pageBody + EPSILON || (atTop && !placedRows);
    const left = room - used - ((model.prefix[k] as number) - (model.prefix[this.start] as number));
    const parts = giant ? splitRow(next, left, model.padding) : null;
    if (parts) return this.parts(new TableBlock(model, this.start, k, this.lead, parts.fit), parts.rest, k + 1);
    if (!placedRows) return { fits: null, rest: this };
    return { fits: new TableBlock(model, this.start, k, this.lead), rest: new TableBlock(model, k, n) };
  }

  private parts(fits: TableBlock, restRow: RowLayout, from: number): Split {
    return { fits, rest: new TableBlock(this.model, from, this.end, restRow) };
  }

  // Largest k such that rows [start, k) fit in `room` (binary search on the prefix sums).
  private lastFitting(room: number): number {
    const { prefix } = this.model;
    const base = prefix[this.start] as number;
    let lo = this.start;
    let hi = this.end;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((prefix[mid] as number) - base <= room + EPSILON) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  // Painted in the same order as an untagged table (header background, header cells, then per row its stripe and
  // cells, then the rules): the groups only carry structure (./table-tags.ts), the pixels do not change.
  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const m = this.model;
    const t = m.tagged;
    const tags = t ? tableTags(m) : undefined;
    const left = x + m.left;
    if (m.headerBg) pushTagged(out, TABLE_DECORATION, [rect(left, y, m.width, m.header.height, m.headerBg)], t);
    // The header is content where the table starts; repeated on a later page it is an artifact.
    const first = this.start === 0 && this.lead === null;
    const headerCells = this.placeCells(m.header, x, y, tags && first ? tags.headerCells(m.header.cells.length) : undefined);
    if (tags && first) pushTagged(out, tags.head, headerCells.length > 0 ? [{ kind: "group", tag: tags.headRow, items: headerCells }] : []);
    else pushTagged(out, REPEATED_HEADER, headerCells, t);
    const lines: number[] = [y, y + m.header.height];
    let top = y + m.header.height;
    const body: FrameItem[] = [];
    const row = (r: RowLayout): void => {
      if (m.stripeBg && r.index % 2 === 1) pushTagged(body, TABLE_DECORATION, [rect(left, top, m.width, r.height, m.stripeBg)], t);
      const rowTags = tags?.row(r.index, r.cells.length);
      pushTagged(body, rowTags?.tr ?? REPEATED_HEADER, this.placeCells(r, x, top, rowTags?.cells), t);
      top += r.height;
      lines.push(top);
    };
    if (this.lead) row(this.lead);
    for (let i = this.start; i < this.end; i++) row(m.rows[i] as RowLayout);
    if (this.tail) row(this.tail);
    pushTagged(out, tags?.body ?? REPEATED_HEADER, body, t);
    // A row counts on the page where it starts: whole rows and the first part of a split one (the tail).
    if (page.rows) {
      for (let i = this.start; i < this.end; i++) page.rows.push(m.data[i]);
      if (this.tail) page.rows.push(m.data[this.tail.index]);
    }
    if (!m.border) return;
    const stroke = m.border;
    const rules: FrameItem[] = [];
    for (const ly of lines) rules.push({ kind: "shape", geometry: { type: "line", x1: left, y1: ly, x2: left + m.width, y2: ly }, stroke });
    const edges = new Set<number>([m.left, m.left + m.width]);
    m.columnX.forEach((cx, i) => {
      edges.add(cx);
      edges.add(cx + (m.columnWidth[i] ?? 0));
    });
    for (const ex of [...edges].sort((a, b) => a - b)) {
      rules.push({ kind: "shape", geometry: { type: "line", x1: x + ex, y1: y, x2: x + ex, y2: top }, stroke });
    }
    pushTagged(out, TABLE_DECORATION, rules, t);
  }

  /** A row's cell runs, each cell's in a group with its tag (`cellTags`, by column), or all as they are without. */
  private placeCells(row: RowLayout, x: number, y: number, cellTags: readonly FrameTag[] | undefined): FrameItem[] {
    const m = this.model;
    const out: FrameItem[] = [];
    row.cells.forEach((cell, c) => {
      const dx = x + (m.columnX[c] ?? 0) + m.padding;
      const dy = y + row.offset;
      const runs: FrameItem[] = cellTags === undefined ? out : [];
      for (const line of cell.lines) {
        for (const run of line.runs) runs.push({ ...run, x: run.x + dx, y: run.y + dy });
      }
      if (cellTags !== undefined) pushTagged(out, cellTags[c]!, runs);
    });
    return out;
  }
}

function rect(x: number, y: number, width: number, height: number, fill: string): FrameItem {
  return { kind: "shape", geometry: { type: "rect", x, y, width, height }, fill };
}

/** Splits a row at line boundaries so its first part is at most `room` tall; null when no line fits. */
export function splitRow(row: RowLayout, room: number, padding: number): { fit: RowLayout; rest: RowLayout } | null {
  const fit: ParagraphLayout[] = [];
  const rest: ParagraphLayout[] = [];
  let any = false;
  for (const cell of row.cells) {
    // Lines are measured from the content top, which sits at the row's offset.
    const parts = splitParagraph(cell, room - row.offset - padding);
    if (parts.fit.lines.length > 0) any = true;
    fit.push(parts.fit);
    rest.push(parts.rest ?? sliceParagraph(cell, cell.lines.length));
  }
  if (!any) return null;
  const restContent = Math.max(0, ...rest.map((c) => c.height));
  if (restContent === 0) return null;
  return {
    fit: { cells: fit, height: room, index: row.index, offset: row.offset },
    rest: { cells: rest, height: restContent + 2 * padding, index: row.index, offset: padding },
  };
}
