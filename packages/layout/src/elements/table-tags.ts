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
  headerCell(column: number): FrameTag;
}

export const REPEATED_HEADER: FrameTag = { role: "Artifact", artifact: "Pagination" };
export const TABLE_DECORATION: FrameTag = { role: "Artifact", artifact: "Layout" };

const byModel = new WeakMap<TableModel, TableTags>();

/** The tags of `model`'s table, made on first use. */
export function tableTags(model: TableModel): TableTags {
  let tags = byModel.get(model);
  if (tags === undefined) {
    const rows = new Map<number, { tr: FrameTag; cells: FrameTag[] }>();
    const headerCells: FrameTag[] = [];
    tags = {
      head: { role: "THead" },
      headRow: { role: "TR" },
      body: { role: "TBody" },
      row(index, cells) {
        let row = rows.get(index);
        if (row === undefined) {
          row = { tr: { role: "TR" }, cells: Array.from({ length: cells }, (): FrameTag => ({ role: "TD" })) };
          rows.set(index, row);
        }
        return row;
      },
      headerCell(column) {
        return (headerCells[column] ??= { role: "TH", scope: "Column" });
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
