// The base-PDF layer of a paint: output page i draws base page i (the last repeating), as vectors when the
// page imports, else as its raster (PNG) when the caller supplied one.
import { prepareImage } from "../paint/image.js";
import type { PdfRef, PdfWriter } from "../paint/pdfkit.js";
import type { BasePdf } from "./base-pdf.js";
import { BasePageImporter } from "./import-page.js";

/** What a paint draws behind every page. */
export interface BaseLayer {
  /** The parsed base PDF, or undefined when it could not be read (rasters only). */
  readonly pdf: BasePdf | undefined;
  /** PNG rasters of the base pages, by index (fallbacks for pages that do not import). */
  readonly rasters?: readonly (Uint8Array | undefined)[];
  /** Each output page's index within its own document (merged output restarts the base pages per row). */
  readonly pageIndexes?: readonly number[];
}

/** Draws the base layer into one document. */
export class BaseBackground {
  private constructor(
    private readonly writer: PdfWriter,
    private readonly importer: BasePageImporter | undefined,
    private readonly pageCount: number,
    private readonly rasters: ReadonlyMap<number, PdfRef>,
    private readonly pageIndexes: readonly number[] | undefined,
  ) {}

  /** Imports the base pages this paint needs and prepares rasters for those that fail. */
  static async create(writer: PdfWriter, layer: BaseLayer, outputPages: number): Promise<BaseBackground> {
    const importer = layer.pdf === undefined ? undefined : new BasePageImporter(writer, layer.pdf);
    const count = layer.pdf?.pages.length ?? layer.rasters?.length ?? 0;
    const rasters = new Map<number, PdfRef>();
    for (let i = 0; i < Math.min(outputPages, count); i++) {
      if (importer?.canImport(i)) continue;
      const png = layer.rasters?.[i];
      const prepared = png === undefined ? null : await prepareImage(png);
      if (prepared !== null) rasters.set(i, writer.writeImage(prepared));
    }
    return new BaseBackground(writer, importer, count, rasters, layer.pageIndexes);
  }

  /**
   * Draws the layer for output page `index` (page space, before the page's own items). In a tagged PDF
   * (`artifact`) the imported page is an artifact: letterhead, not the document's content.
   */
  draw(index: number, width: number, height: number, artifact = false): void {
    if (this.pageCount === 0) return;
    if (artifact) this.writer.addContent("/Artifact BMC\n");
    this.drawLayer(index, width, height);
    if (artifact) this.writer.addContent("EMC\n");
  }

  private drawLayer(index: number, width: number, height: number): void {
    const baseIndex = Math.min(this.pageIndexes?.[index] ?? index, this.pageCount - 1);
    if (this.importer?.draw(baseIndex, width, height)) return;
    const raster = this.rasters.get(baseIndex);
    if (raster === undefined) return;
    const name = `BaseIm${baseIndex}`;
    this.writer.page.xobjects[name] = raster;
    // The image's unit square stretched over the page (pdfkit's page space has y down).
    this.writer.addContent(`q\n${width} 0 0 ${-height} 0 ${height} cm\n/${name} Do\nQ\n`);
  }
}
