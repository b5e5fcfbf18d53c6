// A stable, readable JSON form of a layout result for golden tests: numbers rounded, faces and images by
// key, glyph ids left out unless asked for, one item per line when stringified.
import { flattenField } from "./field-flatten.js";
import type { LayoutResult } from "./result.js";
import type { FrameItem, ShapeGeometry, ShapeStroke } from "./types.js";

/** Options of frameToJson. */
export interface FrameJsonOptions {
  /** Decimals kept on every number (default 2). */
  readonly decimals?: number;
  /** Include glyph ids as a space-separated string per text run (default false). */
  readonly glyphs?: boolean;
  /** Include the diagnostics (default true). */
  readonly diagnostics?: boolean;
}

/** One frame item in JSON form. */
export type FrameItemJson = { readonly [key: string]: unknown };

/** The JSON form of a layout result. */
export interface FrameJson {
  readonly pages: readonly { readonly width: number; readonly height: number; readonly items: readonly FrameItemJson[] }[];
  readonly faces: readonly string[];
  readonly images: { readonly [key: string]: { readonly format: string; readonly width: number; readonly height: number; readonly bytes: number } };
  readonly diagnostics?: readonly { readonly code: string; readonly path: string; readonly message: string }[];
}

/** Converts a layout result to its stable JSON form (see FrameJsonOptions). */
export function frameToJson(result: LayoutResult, options: FrameJsonOptions = {}): FrameJson {
  const factor = 10 ** (options.decimals ?? 2);
  const r = (v: number): number => {
    const n = Math.round(v * factor) / factor;
    return Object.is(n, -0) ? 0 : n;
  };
  const stroke = (s: ShapeStroke): FrameItemJson => ({
    color: s.color, width: r(s.width), ...(s.dash ? { dash: s.dash.map(r) } : {}), ...(s.cap ? { cap: s.cap } : {}), ...(s.join ? { join: s.join } : {}),
  });
  const geometry = (g: ShapeGeometry): FrameItemJson => {
    switch (g.type) {
      case "rect":
        return { shape: "rect", x: r(g.x), y: r(g.y), w: r(g.width), h: r(g.height), ...(g.radius ? { radius: r(g.radius) } : {}) };
      case "ellipse":
        return { shape: "ellipse", cx: r(g.cx), cy: r(g.cy), rx: r(g.rx), ry: r(g.ry) };
      case "line":
        return { shape: "line", x1: r(g.x1), y1: r(g.y1), x2: r(g.x2), y2: r(g.y2) };
      case "path":
        return { shape: "path", d: g.d, ...(g.fillRule ? { fillRule: g.fillRule } : {}) };
      default: {
        const never: never = g;
        return never;
      }
    }
  };
  const item = (it: FrameItem): FrameItemJson => {
    switch (it.kind) {
      case "text":
        return {
          text: it.text, x: r(it.x), y: r(it.y), face: it.face, size: r(it.size), color: it.color,
          ...(it.skew ? { skew: r(it.skew) } : {}),
          ...(options.glyphs ? { glyphs: it.glyphs.map((g) => g.id).join(" ") } : {}),
        };
      case "shape":
        return { ...geometry(it.geometry), ...(it.fill ? { fill: it.fill } : {}), ...(it.stroke ? { stroke: stroke(it.stroke) } : {}) };
      case "image":
        return { image: it.image, x: r(it.x), y: r(it.y), w: r(it.width), h: r(it.height) };
      case "link":
        return { link: it.url, x: r(it.x), y: r(it.y), w: r(it.width), h: r(it.height) };
      case "group":
        return {
          group: {
            ...(it.transform ? { transform: it.transform.map((v) => Math.round(v * 1000) / 1000 || 0) } : {}),
            ...(it.clip ? { clip: { x: r(it.clip.x), y: r(it.clip.y), w: r(it.clip.width), h: r(it.clip.height) } } : {}),
            ...(it.opacity !== undefined ? { opacity: r(it.opacity) } : {}),
            ...(it.alt !== undefined ? { alt: it.alt } : {}),
          },
          items: it.items.map(item),
        };
      case "field":
        return {
          field: { type: it.fieldType, name: it.name, value: it.value, x: r(it.x), y: r(it.y), ...(it.required ? { required: true } : {}), ...(it.readOnly ? { readOnly: true } : {}) },
          items: [item(flattenField(it))],
        };
      default: {
        const never: never = it;
        return never;
      }
    }
  };
  const images: Record<string, { format: string; width: number; height: number; bytes: number }> = {};
  for (const key of [...result.images.keys()].sort()) {
    const image = result.images.get(key);
    if (image) images[key] = { format: image.format, width: image.width, height: image.height, bytes: image.bytes.length };
  }
  return {
    pages: result.pages.map((p) => ({ width: r(p.width), height: r(p.height), items: p.items.map(item) })),
    faces: [...result.faces.keys()].sort(),
    images,
    ...(options.diagnostics === false
      ? {}
      : { diagnostics: result.diagnostics.map((d) => ({ code: d.code, path: d.path, message: d.message })) }),
  };
}

/** Stringifies a FrameJson with one item per line, so golden diffs show exactly which items moved. */
export function stringifyFrame(json: FrameJson): string {
  const lines: string[] = ["{", '  "pages": ['];
  json.pages.forEach((page, p) => {
    lines.push(`    { "width": ${page.width}, "height": ${page.height}, "items": [`);
    page.items.forEach((it, i) => lines.push(`      ${JSON.stringify(it)}${i < page.items.length - 1 ? "," : ""}`));
    lines.push(`    ] }${p < json.pages.length - 1 ? "," : ""}`);
  });
  lines.push("  ],");
  lines.push(`  "faces": ${JSON.stringify(json.faces)},`);
  lines.push(`  "images": ${JSON.stringify(json.images)}${json.diagnostics ? "," : ""}`);
  if (json.diagnostics && json.diagnostics.length === 0) lines.push('  "diagnostics": []');
  else if (json.diagnostics) {
    lines.push('  "diagnostics": [');
    json.diagnostics.forEach((d, i) => lines.push(`    ${JSON.stringify(d)}${i < (json.diagnostics?.length ?? 0) - 1 ? "," : ""}`));
    lines.push("  ]");
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
