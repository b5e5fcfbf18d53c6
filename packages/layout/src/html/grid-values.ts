// CSS grid values, computed at cascade time (lengths need the element's font size): track lists
// (`grid-template-columns/rows`, `grid-auto-*`) with fixed lengths, percentages, `fr`, `auto`,
// `min-content`, `max-content`, `minmax()`, `repeat(n | auto-fill | auto-fit, …)`, line names skipped;
// `grid-template-areas`; and item placement (`grid-row/column-start/end`: line numbers, `span n`, area names).
import { parseLength, splitValue, type Length, type UnitBase } from "./values.js";

/** One end of a track's sizing function. */
export type Breadth =
  | { readonly kind: "length"; readonly length: Length }
  | { readonly kind: "fr"; readonly fr: number }
  | { readonly kind: "auto" | "min-content" | "max-content" };

/** A track sizing function: `minmax(min, max)`; a single breadth is minmax(b, b) (an `fr` alone is minmax(auto, fr)). */
export interface Track {
  readonly min: Breadth;
  readonly max: Breadth;
}

/** A computed track list; `repeat(auto-fill/auto-fit, …)` stays a repetition to expand once the width is known. */
export interface TrackList {
  readonly tracks: readonly Track[];
  /** Where the auto repetition goes (index into tracks) and what it repeats. */
  readonly auto?: { readonly at: number; readonly tracks: readonly Track[]; readonly fit: boolean };
}

/** Where an item's line is: a 1-based line number (negative from the end), a span, an area name, or auto. */
export type GridLine =
  | { readonly kind: "auto" }
  | { readonly kind: "line"; readonly n: number }
  | { readonly kind: "span"; readonly n: number }
  | { readonly kind: "name"; readonly name: string };

/** An item's placement: row start/end, column start/end. */
export interface GridPlacement {
  readonly rowStart: GridLine;
  readonly rowEnd: GridLine;
  readonly columnStart: GridLine;
  readonly columnEnd: GridLine;
}

export const AUTO_LINE: GridLine = { kind: "auto" };
export const AUTO_PLACEMENT: GridPlacement = { rowStart: AUTO_LINE, rowEnd: AUTO_LINE, columnStart: AUTO_LINE, columnEnd: AUTO_LINE };
export const EMPTY_TRACKS: TrackList = { tracks: [] };
const AUTO_TRACK: Track = { min: { kind: "auto" }, max: { kind: "auto" } };

/** Parses a track list; null when a part is not understood (`subgrid`, `masonry`, `fit-content()` …). */
export function parseTrackList(value: string | undefined, base: UnitBase): TrackList | null {
  if (value === undefined || value.trim() === "none" || value.trim() === "") return EMPTY_TRACKS;
  // Line names in brackets carry no size.
  const parts = splitValue(value.replace(/\[[^\]]*\]/g, " "));
  const tracks: Track[] = [];
  let auto: TrackList["auto"];
  for (const part of parts) {
    const rep = /^repeat\(\s*([^,]+?)\s*,(.*)\)$/i.exec(part);
    if (rep) {
      // repeat() does not nest in CSS (and nesting would multiply the track count).
      if (/repeat\(/i.test(rep[2] as string)) return null;
      const inner = parseTrackList(rep[2], base);
      if (!inner || inner.auto || inner.tracks.length === 0) return null;
      const count = (rep[1] as string).toLowerCase();
      if (count === "auto-fill" || count === "auto-fit") {
        if (auto) return null;
        auto = { at: tracks.length, tracks: inner.tracks, fit: count === "auto-fit" };
        continue;
      }
      const n = Number(count);
      if (!Number.isInteger(n) || n < 1 || n > 1000) return null;
      for (let i = 0; i < n; i++) tracks.push(...inner.tracks);
      continue;
    }
    const track = parseTrack(part, base);
    if (!track) return null;
    tracks.push(track);
  }
  // Bounded like the line numbers (every request's work is bounded): more tracks than lines are not addressable.
  if (tracks.length > MAX_TRACKS) return null;
  return auto ? { tracks, auto } : { tracks };
}

/** The most explicit tracks one list may make (Chromium clamps grids at far more; print templates use a few). */
export const MAX_TRACKS = 1000;

/** A single track size: a breadth or `minmax(a, b)`. */
export function parseTrack(text: string, base: UnitBase): Track | null {
  const mm = /^minmax\((.*)\)$/i.exec(text.trim());
  if (mm) {
    const [a, b] = (mm[1] as string).split(",").map((s) => parseBreadth(s, base));
    if (!a || !b || a.kind === "fr") return null;
    return { min: a, max: b };
  }
  const b = parseBreadth(text, base);
  if (!b) return null;
  return b.kind === "fr" ? { min: { kind: "auto" }, max: b } : { min: b, max: b };
}

function parseBreadth(text: string, base: UnitBase): Breadth | null {
  const s = text.trim().toLowerCase();
  if (s === "auto" || s === "min-content" || s === "max-content") return { kind: s };
  const fr = /^(\d+\.?\d*|\.\d+)fr$/.exec(s);
  if (fr) return { kind: "fr", fr: Number(fr[1]) };
  const length = parseLength(s, base);
  return length ? { kind: "length", length } : null;
}

/** The default size of implicit tracks (`grid-auto-rows/columns`): one track, `auto` when not given. */
export function autoTrack(value: string | undefined, base: UnitBase): Track {
  if (value === undefined) return AUTO_TRACK;
  const list = parseTrackList(value, base);
  return list?.tracks[0] ?? AUTO_TRACK;
}

/** `grid-template-areas`: rows of cell names (`.` for none); null when the rows are ragged or it is not strings. */
export function parseAreas(value: string | undefined): readonly (readonly string[])[] | null {
  if (value === undefined || value.trim() === "none") return [];
  const rows = [...value.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => (m[1] ?? m[2] ?? "").trim().split(/\s+/).map((n) => (/^\.+$/.test(n) ? "." : n)));
  if (rows.length === 0 || rows.some((r) => r.length !== (rows[0] as string[]).length)) return null;
  return rows;
}

/** One grid line value (`auto`, `3`, `-1`, `span 2`, `header`). */
export function parseGridLine(value: string | undefined): GridLine {
  if (value === undefined) return AUTO_LINE;
  const parts = splitValue(value.trim().toLowerCase());
  if (parts.length === 0 || parts[0] === "auto") return AUTO_LINE;
  if (parts[0] === "span") {
    const n = Number(parts[1] ?? "1");
    return { kind: "span", n: Number.isInteger(n) && n >= 1 ? Math.min(n, 1000) : 1 };
  }
  const n = Number(parts[0]);
  if (Number.isInteger(n) && n !== 0) return { kind: "line", n: Math.max(-1000, Math.min(1000, n)) };
  // Names keep their case from the original text.
  return { kind: "name", name: (splitValue(value.trim())[0] as string).replace(/-(start|end)$/, "") };
}

/** `grid-row` / `grid-column` / `grid-area` shorthands: up to four lines separated by slashes. */
export function splitSlashes(value: string): string[] {
  return value.split("/").map((s) => s.trim());
}
