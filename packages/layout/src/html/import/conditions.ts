// data-if and data-each through import-html: a condition on a block of <body> (or of a plain wrapper the
// import opens) is its band's visibleIf, and a repeated table's row (and a condition on that row or its table)
// is the detail band's binding and visibleIf. A report cannot say the rest (a condition on a span inside a paragraph, a list repeated outside
// a table): each of those is reported as `import.dropped` rather than printed always or once without a word.
import type { DiagnosticSink } from "../../diagnostics.js";
import type { Band } from "../../model/types.js";
import { elementChildren, type HtmlElement } from "../dom.js";

/** What the import carried over, and the report of what it did not. */
export interface CarriedConditions {
  /** The visibleIf of the band a block of <body> becomes (its data-if), recorded as carried. */
  block(el: HtmlElement): string | undefined;
  /** A repeated table's bands with the table's and its row's data-if as visibleIf, recorded as carried. */
  table(table: HtmlElement, row: HtmlElement, bands: readonly Band[]): Band[];
  /** One `import.dropped` per data-if or data-each in `root` that was not carried over. */
  reportOthers(root: HtmlElement, diagnostics: DiagnosticSink): void;
}

/** A fresh record for one import. */
export function carriedConditions(): CarriedConditions {
  const conditions = new Set<HtmlElement>();
  const lists = new Set<HtmlElement>();
  return {
    block(el) {
      const condition = conditionOf(el);
      if (condition !== undefined) conditions.add(el);
      return condition;
    },
    table(table, row, bands) {
      lists.add(row);
      const onRow = conditionOf(row);
      const onTable = conditionOf(table);
      if (onRow !== undefined) conditions.add(row);
      // The band model has no "and": with both, the row's condition is kept and the table's is reported.
      const whole = onTable !== undefined && onRow === undefined ? onTable : undefined;
      if (whole !== undefined) conditions.add(table);
      return bands.map((band) => {
        if (band.bindingField !== undefined) {
          const visibleIf = onRow ?? whole;
          return visibleIf !== undefined ? { ...band, visibleIf } : band;
        }
        return whole !== undefined ? { ...band, visibleIf: whole } : band;
      });
    },
    reportOthers(root, diagnostics) {
      const work: HtmlElement[] = [root];
      while (work.length > 0) {
        const el = work.pop() as HtmlElement;
        const condition = el.attrs.get("data-if");
        if (condition !== undefined && !conditions.has(el)) {
          diagnostics.add("import.dropped", `data-if="${condition}" on <${el.tag}> is not carried over: the report prints it always; give its elements visibleIf "${bare(condition)}"`, el.path);
        }
        const each = el.attrs.get("data-each");
        if (each !== undefined && !lists.has(el)) {
          diagnostics.add("import.dropped", `data-each="${each}" on <${el.tag}> is not carried over: only a table row repeats in a report, so it prints once; use a detail band bound to "${bare(each)}"`, el.path);
        }
        work.push(...elementChildren(el));
      }
    },
  };
}

function conditionOf(el: HtmlElement): string | undefined {
  const value = el.attrs.get("data-if");
  if (value === undefined) return undefined;
  const condition = bare(value);
  return condition === "" ? undefined : condition;
}

const bare = (value: string): string => value.replace(/^\s*\{\{|\}\}\s*$/g, "").trim();
