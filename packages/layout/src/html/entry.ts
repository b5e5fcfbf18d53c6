// The HTML front end as the package exports it: thin functions that load the front end (parse5, css-tree,
// css-select and ~40 modules of its own) on the first HTML template, so a process rendering report documents
// never loads it. Same signatures as html/index.ts and html/import/import-html.ts.
import type { LayoutResult } from "../frame/result.js";
import type { LayoutOptions } from "../layout.js";
import { lazyModule } from "../lazy-module.js";
import type * as HtmlFrontEnd from "./index.js";
import type { CompiledHtml } from "./index.js";
import type * as HtmlImport from "./import/import-html.js";
import type { ImportHtmlOptions, ImportHtmlResult } from "./import/import-html.js";
import type * as HtmlPaths from "./data-paths.js";
import type { HtmlDataPaths } from "./data-paths.js";

const frontEnd = lazyModule<typeof HtmlFrontEnd>(new URL("./index.js", import.meta.url).href);
const dataPaths = lazyModule<typeof HtmlPaths>(new URL("./data-paths.js", import.meta.url).href);
const importer = lazyModule<typeof HtmlImport>(new URL("./import/import-html.js", import.meta.url).href);

/** Parses and sanitises HTML and reads its style sheets (`css` is an extra sheet after the document's own); throws HtmlLimitError past the limits. */
export function compileHtml(html: string, css?: string): CompiledHtml {
  return frontEnd().compileHtml(html, css);
}

/** Lays an HTML template out with its data: pages of positioned items, like layoutDocument; throws HtmlLimitError past the limits. */
export function layoutHtml(template: string | CompiledHtml, data: unknown, options: LayoutOptions): LayoutResult {
  return frontEnd().layoutHtml(template, data, options);
}

/** Converts HTML into a report template document (see html/import/import-html.ts). */
export function importHtml(html: string, options: ImportHtmlOptions): ImportHtmlResult {
  return importer().importHtml(html, options);
}

/** The token paths an HTML template reads, in document order (see html/data-paths.ts). */
export function htmlDataPaths(html: string): HtmlDataPaths {
  return dataPaths().htmlDataPaths(html);
}
