// table: rows from a bound array, columns with key/header/width/align/format. Splits between rows,
// repeating its header row; see table-model.ts (measuring) and table-block.ts (splitting, drawing).
import type { TableElement } from "../model/types.js";
import type { ElementKind } from "./kind.js";
import { TableBlock } from "./table-block.js";
import { measureTable } from "./table-model.js";

/** Tables. */
export const tableElement: ElementKind<TableElement> = {
  measure(element, ctx) {
    const model = measureTable(element, ctx);
    return new TableBlock(model, 0, model.rows.length);
  },
};
