// Paper for a generated template, first match wins: the request's `paper` field, the page size of a
// reference PDF (matched to a preset, else custom), the model's pick; anything invalid is A4.
import { CUSTOM_PAGE_MAX, CUSTOM_PAGE_MIN, GeneratedPageSize, PAGE_SIZES, pageSizeFromGenerated, resolveMargins, resolvePageSize, type PageSizeSpec } from "@docsvc/layout";
import * as v from "valibot";

/** Sides closer than this (points) match a preset. */
const PRESET_TOLERANCE = 2;

/** The request's `paper` field (JSON in the pageSize shape): a page size, A4 when unusable. */
export function paperFromField(raw: string): PageSizeSpec {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { id: "a4" };
  }
  const parsed = v.safeParse(GeneratedPageSize, value);
  return parsed.success ? pageSizeFromGenerated(parsed.output) : { id: "a4" };
}

/** A reference PDF's page size: the preset it matches (either orientation), else a custom size. */
export function paperFromPdfPage(width: number, height: number): PageSizeSpec {
  const near = (a: number, b: number) => Math.abs(a - b) <= PRESET_TOLERANCE;
  for (const preset of Object.values(PAGE_SIZES)) {
    if (preset.roll) {
      if (near(width, preset.width) && height > width) return { id: preset.id };
      continue;
    }
    if (near(width, preset.width) && near(height, preset.height)) return { id: preset.id };
    if (near(width, preset.height) && near(height, preset.width)) return { id: preset.id, orientation: "landscape" };
  }
  const clamp = (n: number) => Math.round(Math.min(CUSTOM_PAGE_MAX, Math.max(CUSTOM_PAGE_MIN, n)) * 100) / 100;
  return { id: "custom", width: clamp(width), height: clamp(height) };
}

/** The dimensions a prompt needs: page, margin and the width every band has. */
export interface PaperGeometry {
  readonly spec: PageSizeSpec;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly margin: number;
  readonly contentWidth: number;
  readonly roll: boolean;
}

/** The page, its default margin and the content width of a page size. */
export function paperGeometry(spec: PageSizeSpec): PaperGeometry {
  const page = resolvePageSize(spec);
  const margins = resolveMargins({ pageSize: spec });
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    spec,
    name: spec.id === "custom" ? "custom" : `${page.id}${spec.orientation === "landscape" ? " landscape" : ""}`,
    width: round(page.width),
    height: round(page.height),
    margin: margins.left,
    contentWidth: round(page.width - margins.left - margins.right),
    roll: page.roll,
  };
}
