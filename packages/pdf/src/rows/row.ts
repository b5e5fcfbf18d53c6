// One batch row for merged output: laid out once, kept as bytes (./codec.ts) for the merged PDF, and painted
// on its own only when the row's PDF is needed too (an email to its recipient).
import type { Diagnostic } from "@docsvc/layout";
import { paintPdf } from "../paint/document.js";
import { laidOut, protectedPdf, renderStandards, templateLayout, templatePdfStandards, type RenderOptions, type TemplateContent } from "../render.js";
import { encodeRowLayout } from "./codec.js";

/** A laid-out row: its encoded layout, its own PDF when asked for, its page count and diagnostics. */
export interface RowLayoutReport {
  readonly layout: Uint8Array;
  readonly pdf: Uint8Array | undefined;
  readonly pageCount: number;
  readonly diagnostics: readonly Diagnostic[];
}

/** Lays out one row as renderDocument would (resources, base-PDF problem), encodes it, and paints it if `paint`. */
export async function layoutRow(
  content: TemplateContent,
  data: unknown,
  options: Omit<RenderOptions, "diagnostics"> & { readonly paint: boolean },
): Promise<RowLayoutReport> {
  const layoutWith = templateLayout(content);
  const standards = options.paint ? await renderStandards(options, templatePdfStandards(content)) : undefined;
  const { layout, base, diagnostics, now } = await laidOut((layoutOptions) => layoutWith(data, layoutOptions), options);
  const pdf = options.paint
    ? await protectedPdf(await paintPdf(layout, { title: options.title, now, ...(base.layer ? { base: base.layer } : {}), ...(options.flatten === true ? { flatten: true } : {}), ...(standards !== undefined ? { standards } : {}), ...(options.tagged === false ? { tagged: false } : {}) }), options)
    : undefined;
  return { layout: encodeRowLayout(layout), pdf, pageCount: layout.pages.length, diagnostics };
}
