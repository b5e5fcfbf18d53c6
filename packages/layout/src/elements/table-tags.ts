// A report table's structure for a tagged PDF: THead with one TR of column-scoped TH cells, TBody with a TR of TD
// cells per data row. The tags are made once per measured table, so a row split over two pages is one TR and the
// table one Table; the header repeated on later pages is an artifact (it was read once already).
import type { FrameItem, FrameTag } from "../frame/types.js";
import type { TableModel } from "./table-model.js";

/** The structure tags of one measured table. */
export interface TableTags {
  readonly head: FrameTag;
  readonly headRow: FrameTag;
  readonly body: FrameTag;
  /** A data row's TR and its cells' TDs, by row index (made when first placed). */
  row(index: number, cells: number): { readonly tr: FrameTag; readonly cells: readonly FrameTag[] };
  /** The header row's TH cells (column scope). */
  headerCells(cells: number): readonly FrameTag[];
}

export const REPEATED_HEADER: FrameTag = { role: "Artifact", artifact: "Pagination" };
export const TABLE_DECORATION: FrameTag = { role: "Artifact", artifact: "Layout" };

const byModel = new WeakMap<TableModel, TableTags>();

/** The tags of `model`'s table, made on first use. */
export function tableTags(model: TableModel): TableTags {
  let tags = byModel.get(model);
  if (tags === undefined) {
    // Plain arrays and loops: this runs for every row of every table placed.
    const rows: ({ tr: FrameTag; cells: FrameTag[] } | undefined)[] = [];
    const headerCells: FrameTag[] = [];
    tags = {
      head: { role: "THead" },
      headRow: { role: "TR" },
      body: { role: "TBody" },
      row(index, count) {
        let row = rows[index];
        if (row === undefined) {
          const cells: FrameTag[] = [];
          for (let c = 0; c < count; c++) cells.push({ role: "TD" });
          row = { tr: { role: "TR" }, cells };
          rows[index] = row;
        }
        return row;
      },
      headerCells(count) {
        for (let c = headerCells.length; c < count; c++) headerCells.push({ role: "TH", scope: "Column" });
        return headerCells;
      },
    };
    byModel.set(model, tags);
  }
  return tags;
}

/** Appends `items` in a group carrying `tag` (nothing when there are no items), or as they are when not `tagged`. */
export function pushTagged(out: FrameItem[], tag: FrameTag, items: readonly FrameItem[], tagged = true): void {
  if (!tagged) for (const item of items) out.push(item);
  else if (items.length > 0) out.push({ kind: "group", tag, items });
}
