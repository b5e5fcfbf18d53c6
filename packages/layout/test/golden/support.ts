// Shared test support for layout's flow, element and golden tests: a FontRegistry over the repo's fonts/
// (see ../support/paths.ts), the reference fixtures, and a layout helper.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { layoutDocument, type LayoutOptions } from "../../src/layout.js";
import type { LayoutResult } from "../../src/frame/result.js";
import type { FrameItem, Page, TextRunItem } from "../../src/frame/types.js";
import { parseDocument } from "../../src/model/parse.js";
import type { TemplateDocument } from "../../src/model/types.js";
import { FontRegistry, type FaceSource } from "../../src/text/registry.js";
import { FONTS_DIR, REPO_ROOT } from "../support/paths.js";

export { REPO_ROOT };

/** The layout package root (for test/golden/cases, which the build does not copy to dist). */
export const PACKAGE_ROOT = join(REPO_ROOT, "packages", "layout");

interface Manifest {
  readonly defaultFamily?: string;
  readonly fallbackFamilies?: readonly string[];
  readonly families: Readonly<Record<string, { readonly faces: readonly { file: string; weight: number; italic: boolean }[] }>>;
}

const FAMILIES = ["Inter", "JetBrains Mono", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew"];

/** Inter (the default), JetBrains Mono and the fallback chain, parsed once per test process. */
export const fonts: FontRegistry = (() => {
  const dir = FONTS_DIR;
  const manifest = JSON.parse(readFileSync(join(dir, "fonts.json"), "utf8")) as Manifest;
  const sources: FaceSource[] = FAMILIES.flatMap((family) =>
    (manifest.families[family]?.faces ?? []).map((face) => ({
      family,
      weight: face.weight,
      italic: face.italic,
      bytes: new Uint8Array(readFileSync(join(dir, face.file))),
    })),
  );
  return FontRegistry.fromSources(sources, {
    ...(manifest.defaultFamily ? { defaultFamily: manifest.defaultFamily } : {}),
    ...(manifest.fallbackFamilies ? { fallbackFamilies: manifest.fallbackFamilies } : {}),
  });
})();

/** The fixed clock of every test. */
export const NOW = new Date("2026-01-15T10:30:00Z");

/** Reads a JSON file of fixtures/. */
export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(REPO_ROOT, "fixtures", name), "utf8")) as unknown;
}

/** Parses a document through the real model validator; throws with the errors when it is invalid. */
export function documentOf(json: unknown): TemplateDocument {
  const parsed = parseDocument(typeof json === "string" ? json : JSON.stringify(json));
  if (!parsed.ok) throw new Error(`invalid test document: ${JSON.stringify(parsed.errors)}`);
  return parsed.document;
}

/** Lays out a document (JSON or parsed) with the test fonts and clock. */
export function layout(doc: unknown, data: unknown = {}, options: Partial<LayoutOptions> = {}): LayoutResult {
  return layoutDocument(documentOf(doc), data, { fonts, now: NOW, ...options });
}

/** Lays out a document object without validating it (robustness tests: what the validator would reject). */
export function layoutUnchecked(doc: unknown, data: unknown = {}, options: Partial<LayoutOptions> = {}): LayoutResult {
  return layoutDocument(doc as TemplateDocument, data, { fonts, now: NOW, ...options });
}

/** Every item of a page, groups flattened. */
export function flatItems(items: readonly FrameItem[]): FrameItem[] {
  return items.flatMap((it) => (it.kind === "group" ? flatItems(it.items) : [it]));
}

/** The text runs of a page, groups flattened. */
export function runs(page: Page | undefined): TextRunItem[] {
  return flatItems(page?.items ?? []).filter((it): it is TextRunItem => it.kind === "text");
}

/** The page's text, runs joined by a space in item order. */
export function pageText(page: Page | undefined): string {
  return runs(page).map((r) => r.text).join(" ");
}

/** The first run whose text includes `text`. */
export function findRun(page: Page | undefined, text: string): TextRunItem | undefined {
  return runs(page).find((r) => r.text.includes(text));
}
