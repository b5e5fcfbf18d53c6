// The evaluation references in fixtures/ai/: the shared invoice, the receipt and a letter rendered with their
// data to PDF (all pages) and PNG (page 1). `makeReferences` writes them; the harness reads them.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Renderer } from "../../../src/render/renderer.js";
import { REPO_ROOT } from "../../helpers/fixtures.js";

/** One source document of a reference. */
export interface ReferenceSource {
  readonly name: string;
  readonly template: string;
  readonly data: string;
}

/** The documents the references are rendered from (paths under fixtures/). */
export const REFERENCE_SOURCES: readonly ReferenceSource[] = [
  { name: "invoice", template: "invoice.template.json", data: "invoice-20.data.json" },
  { name: "receipt", template: "receipt.template.json", data: "receipt.data.json" },
  { name: "letter", template: "render/letters.template.json", data: "render/letters.data.json" },
];

/** The folder of the references. */
export const REFERENCES_DIR = join(REPO_ROOT, "fixtures", "ai");

/** A source's template text and data. */
export async function readSource(source: ReferenceSource): Promise<{ content: string; data: Record<string, unknown> }> {
  const content = await readFile(join(REPO_ROOT, "fixtures", source.template), "utf8");
  const data = JSON.parse(await readFile(join(REPO_ROOT, "fixtures", source.data), "utf8")) as Record<string, unknown>;
  return { content, data };
}

/** Renders every source to `<name>.pdf` and `<name>.png` (page 1) with a fixed clock. */
export async function makeReferences(renderer: Renderer): Promise<string[]> {
  await mkdir(REFERENCES_DIR, { recursive: true });
  const written: string[] = [];
  for (const source of REFERENCE_SOURCES) {
    const { content, data } = await readSource(source);
    const rendered = await renderer.render({ cacheKey: null, content, data, theme: undefined, title: source.name, now: "2026-11-23T12:00:00.000Z" });
    if (!rendered.ok) throw new Error(`${source.name}: ${JSON.stringify(rendered.errors)}`);
    const raster = await renderer.rasterFirstPage?.(rendered.pdf);
    if (raster === undefined || !raster.ok) throw new Error(`${source.name}: cannot rasterise`);
    await writeFile(join(REFERENCES_DIR, `${source.name}.pdf`), rendered.pdf);
    await writeFile(join(REFERENCES_DIR, `${source.name}.png`), raster.png);
    written.push(`${source.name}.pdf`, `${source.name}.png`);
  }
  return written;
}
