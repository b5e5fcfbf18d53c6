// The `stamps` render option: stamps and watermarks drawn on this render's pages (an HTML template's only
// stamps; after a report's own), checked by the layout model's schema so the 400 names `stamps[i].key`.
import { parseStamps } from "@docsvc/layout";
import * as v from "valibot";

/** At most this many stamps per render (each is laid out on every page it chooses). */
export const MAX_STAMPS = 20;

function stampsProblem(value: unknown): string | undefined {
  if (Array.isArray(value) && value.length > MAX_STAMPS) return `stamps must hold at most ${MAX_STAMPS} stamps.`;
  const parsed = parseStamps(value);
  return parsed.ok ? undefined : Object.entries(parsed.errors).map(([path, messages]) => `${path}: ${messages.join("; ")}`).join("; ");
}

export const StampsField = v.optional(
  v.pipe(
    v.array(v.record(v.string(), v.unknown()), "stamps must be an array of stamp objects."),
    v.check((value) => stampsProblem(value) === undefined, (issue) => stampsProblem(issue.input) ?? "stamps is invalid."),
    v.description(`Stamps and watermarks for this render, as the report model's \`stamps\` key (type text or image, position or x/y, width, height, rotation, opacity, fontSize, fontFamily, fontWeight, color, border, pages all/first/last, visibleIf, layer over/under; see packages/layout/docs/model.md). At most ${MAX_STAMPS}. Example: [{"type": "text", "text": "PAID", "visibleIf": "paid", "rotation": -25, "opacity": 0.35}].`),
  ),
);
