// The data an HTML template reads at the top level: token paths in its text, attribute values and style
// sheets (margin boxes), and data-if conditions, in document order — what one spreadsheet row must hold.
// Elements repeated by data-each read their item, so their insides are left out and the data-each path is
// reported as an array (it cannot be a spreadsheet cell).
import { DiagnosticSink } from "../diagnostics.js";
import { parseTemplate } from "../tokens/parse.js";
import type { HtmlNode } from "./dom.js";
import { parseHtml } from "./parse.js";

/** Top-level token paths (`customer.name`, in order, repeats kept) and the data-each paths of an HTML template. */
export interface HtmlDataPaths {
  readonly paths: readonly string[];
  readonly arrays: readonly string[];
}

/** Reads the data paths of an HTML template (parsed and sanitised as for rendering; throws HtmlLimitError past the limits). */
export function htmlDataPaths(html: string): HtmlDataPaths {
  const parsed = parseHtml(html, new DiagnosticSink());
  const paths: string[] = [];
  const arrays: string[] = [];
  const tokens = (text: string): void => {
    for (const part of parseTemplate(text).parts) if (typeof part !== "string") paths.push(part.path);
  };
  const bare = (value: string): string => value.replace(/^\s*\{\{|\}\}\s*$/g, "").trim();
  parsed.styles.forEach(tokens);
  // Depth first in document order; trees may be deep, so with an explicit stack.
  const stack: HtmlNode[] = [parsed.root];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.kind === "text") {
      if (node.text.includes("{{")) tokens(node.text);
      continue;
    }
    const each = node.attrs.get("data-each");
    if (each !== undefined) {
      arrays.push(bare(each));
      continue;
    }
    const condition = node.attrs.get("data-if");
    if (condition !== undefined) paths.push(bare(condition));
    for (const [name, value] of node.attrs) if (name !== "data-if" && value.includes("{{")) tokens(value);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as HtmlNode);
  }
  return { paths, arrays };
}
