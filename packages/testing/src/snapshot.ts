// Snapshot tests for templates: render a template with fixture data, rasterise every page and compare each with
// the committed PNG `<dir>/<name>-p<N>.png`. On a mismatch the actual page and a diff picture (differing pixels in
// red) go to `<outputDir>` (default `<dir>/__diff__/`); with `update` (or DOCSVC_UPDATE_SNAPSHOTS=1) missing or
// changed snapshots are written instead, and snapshots of pages that no longer exist are removed.
// Plain functions that throw: usable from node:test, Vitest, Jest or a script alike.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderPdf, type RenderOptions, type TemplateContent } from "@docsvc/pdf";
import { DEFAULT_TOLERANCE, comparePngs, withinTolerance, type Tolerance } from "./compare.js";
import { rasterisePdf } from "./rasterise.js";

/** The environment variable that turns updating on for every snapshot (`DOCSVC_UPDATE_SNAPSHOTS=1`). */
export const UPDATE_ENV = "DOCSVC_UPDATE_SNAPSHOTS";

export interface SnapshotOptions {
  /** The folder of the committed PNGs. */
  readonly dir: string;
  /** The snapshot's name: letters, digits, `.`, `_` and `-`; pages are `<name>-p1.png`, `<name>-p2.png`, … */
  readonly name: string;
  /** Write missing or changed snapshots instead of failing (default: DOCSVC_UPDATE_SNAPSHOTS=1). */
  readonly update?: boolean;
  /** Pixels per PDF point (default 1: an A4 page is 595 × 842 px). */
  readonly scale?: number;
  /** Looser or stricter than DEFAULT_TOLERANCE. */
  readonly tolerance?: Partial<Tolerance>;
  /** Where actual and diff images of failed pages go (default `<dir>/__diff__`). */
  readonly outputDir?: string;
  /** Passed to renderPdf: give `now` a fixed date when the template prints $now or $today. */
  readonly render?: RenderOptions;
}

/** One page that did not match. */
export interface PageMismatch {
  readonly page: number;
  readonly reason: string;
  /** The actual page and, when the sizes agree, the diff picture. */
  readonly actualPath: string;
  readonly diffPath?: string;
}

export interface SnapshotResult {
  readonly pages: number;
  /** Snapshot files written or removed by an update. */
  readonly updated: readonly string[];
  readonly mismatches: readonly PageMismatch[];
}

/** Thrown by expectPdfToMatchSnapshot; its message lists every mismatching page and where its diff is. */
export class SnapshotMismatchError extends Error {
  override readonly name = "SnapshotMismatchError";
  constructor(readonly result: SnapshotResult) {
    super(
      `PDF snapshot mismatch:\n  ${result.mismatches.map((m) => `page ${m.page}: ${m.reason} (${m.diffPath ?? m.actualPath})`).join("\n  ")}\n` +
        `  If the change is intended, run again with ${UPDATE_ENV}=1 and look at the new PNGs before committing them.`,
    );
  }
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/** Renders `template` with `data` and compares its pages with the snapshots; never throws on a mismatch. */
export async function matchPdfSnapshot(template: TemplateContent, data: unknown, options: SnapshotOptions): Promise<SnapshotResult> {
  return matchPdfBytesSnapshot(await renderPdf(template, data, options.render ?? {}), options);
}

/** Renders and compares like matchPdfSnapshot, and throws a SnapshotMismatchError when a page differs. */
export async function expectPdfToMatchSnapshot(template: TemplateContent, data: unknown, options: SnapshotOptions): Promise<SnapshotResult> {
  const result = await matchPdfSnapshot(template, data, options);
  if (result.mismatches.length > 0) throw new SnapshotMismatchError(result);
  return result;
}

/** Compares an already rendered PDF with the snapshots (for PDFs from the HTTP API or `docsvc render`). */
export async function matchPdfBytesSnapshot(pdf: Uint8Array, options: SnapshotOptions): Promise<SnapshotResult> {
  if (!NAME.test(options.name)) throw new Error(`Snapshot name ${JSON.stringify(options.name)}: use letters, digits, ".", "_" and "-"`);
  const update = options.update ?? process.env[UPDATE_ENV] === "1";
  const tolerance = { ...DEFAULT_TOLERANCE, ...options.tolerance };
  const outputDir = options.outputDir ?? join(options.dir, "__diff__");
  const pngs = await rasterisePdf(pdf, options.scale ?? 1);
  const updated: string[] = [];
  const mismatches: PageMismatch[] = [];
  for (const [index, png] of pngs.entries()) {
    const page = index + 1;
    const file = `${options.name}-p${page}.png`;
    const snapshotPath = join(options.dir, file);
    const actualPath = join(outputDir, file.replace(/\.png$/, ".actual.png"));
    const diffPath = join(outputDir, file.replace(/\.png$/, ".diff.png"));
    rmSync(actualPath, { force: true });
    rmSync(diffPath, { force: true });
    if (!existsSync(snapshotPath)) {
      if (update) {
        write(snapshotPath, png);
        updated.push(snapshotPath);
      } else {
        write(actualPath, png);
        mismatches.push({ page, reason: `no snapshot ${file} (run with ${UPDATE_ENV}=1 to write it)`, actualPath });
      }
      continue;
    }
    const diff = await comparePngs(png, readFileSync(snapshotPath), tolerance);
    if (withinTolerance(diff, tolerance)) continue;
    if (update) {
      write(snapshotPath, png);
      updated.push(snapshotPath);
      continue;
    }
    write(actualPath, png);
    if (diff.sizeMismatch) {
      mismatches.push({ page, reason: "the page size differs from the snapshot's", actualPath });
      continue;
    }
    write(diffPath, diff.diff);
    mismatches.push({
      page,
      reason:
        `${(diff.fraction * 100).toFixed(3)}% of pixels differ (limit ${(tolerance.maxDiffFraction * 100).toFixed(3)}%), ` +
        `${diff.worstTile} in one ${tolerance.tile}×${tolerance.tile} square (limit ${tolerance.maxTilePixels})`,
      actualPath,
      diffPath,
    });
  }
  for (const extra of extraPages(options.dir, options.name, pngs.length)) {
    if (update) {
      rmSync(join(options.dir, extra.file));
      updated.push(join(options.dir, extra.file));
    } else {
      mismatches.push({ page: extra.page, reason: `the snapshot has page ${extra.page}, the render only ${pngs.length}`, actualPath: join(options.dir, extra.file) });
    }
  }
  return { pages: pngs.length, updated, mismatches };
}

function extraPages(dir: string, name: string, rendered: number): { page: number; file: string }[] {
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^${name.replace(/[.]/g, "\\.")}-p(\\d+)\\.png$`);
  return readdirSync(dir)
    .map((file) => ({ file, page: Number(pattern.exec(file)?.[1] ?? 0) }))
    .filter((entry) => entry.page > rendered)
    .sort((a, b) => a.page - b.page);
}

function write(path: string, png: Uint8Array): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, png);
}
