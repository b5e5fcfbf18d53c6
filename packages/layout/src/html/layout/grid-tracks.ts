// Grid track sizing (CSS Grid 1 §11, simplified but in the same order): each track starts at its minimum
// (a length, or the min-content of the items in it) with a growth limit (a length, or their max-content);
// items spanning several tracks widen the intrinsic ones evenly; free space grows tracks up to their
// limits; `fr` tracks share what is left (never below their minimum, re-solved when one is); `auto` tracks
// stretch into space still free when there is no `fr` track.
import { resolveLength } from "../values.js";
import type { Breadth, Track } from "../grid-values.js";

/** What an item asks of the tracks it spans: its min- and max-content size (margins included). */
export interface Contribution {
  readonly start: number;
  readonly span: number;
  readonly min: number;
  readonly max: number;
}

const isFlex = (t: Track): boolean => t.max.kind === "fr";
const isIntrinsic = (b: Breadth): boolean => b.kind === "auto" || b.kind === "min-content" || b.kind === "max-content";

/**
 * Sizes `tracks` into `space` points (undefined: an indefinite size, as rows of an auto-height grid are),
 * with `gap` between tracks. `stretch` lets auto tracks take the free space left (align/justify-content normal).
 */
export function sizeTracks(tracks: readonly Track[], items: readonly Contribution[], space: number | undefined, gap: number, stretch: boolean): number[] {
  const n = tracks.length;
  const reference = space ?? 0;
  const base: number[] = [];
  const limit: number[] = [];
  tracks.forEach((t, i) => {
    const fixedMin = t.min.kind === "length" ? resolveLength(t.min.length, reference) : 0;
    base[i] = Math.max(0, fixedMin);
    limit[i] = t.max.kind === "length" ? Math.max(base[i] as number, resolveLength(t.max.length, reference)) : t.max.kind === "fr" ? base[i] as number : Infinity;
  });
  // Single-span items set intrinsic minimums and limits.
  const intrinsicLimit: number[] = tracks.map(() => 0);
  for (const it of items) {
    if (it.span !== 1) continue;
    const t = tracks[it.start] as Track;
    const i = it.start;
    if (t.min.kind === "auto" || t.min.kind === "min-content") base[i] = Math.max(base[i] as number, it.min);
    else if (t.min.kind === "max-content") base[i] = Math.max(base[i] as number, it.max);
    if (t.max.kind === "min-content") intrinsicLimit[i] = Math.max(intrinsicLimit[i] as number, it.min);
    else if (t.max.kind === "auto" || t.max.kind === "max-content" || t.max.kind === "fr") intrinsicLimit[i] = Math.max(intrinsicLimit[i] as number, it.max);
  }
  for (let i = 0; i < n; i++) {
    const t = tracks[i] as Track;
    if (isIntrinsic(t.max)) limit[i] = intrinsicLimit[i] as number;
    limit[i] = Math.max(limit[i] as number, base[i] as number);
  }
  // Spanning items not crossing an fr track: their extra size goes evenly to the intrinsic tracks they span.
  for (const it of [...items].filter((x) => x.span > 1).sort((a, b) => a.span - b.span)) {
    const idx = range(it.start, it.span).filter((i) => i < n);
    if (idx.some((i) => isFlex(tracks[i] as Track))) continue;
    const grow = idx.filter((i) => isIntrinsic((tracks[i] as Track).min));
    const targets = grow.length > 0 ? grow : [];
    const gaps = gap * (idx.length - 1);
    const need = it.min - gaps - sum(idx.map((i) => base[i] as number));
    if (need > 0 && targets.length > 0) for (const i of targets) base[i] = (base[i] as number) + need / targets.length;
    const needMax = it.max - gaps - sum(idx.map((i) => (Number.isFinite(limit[i]) ? (limit[i] as number) : (base[i] as number))));
    const growMax = idx.filter((i) => isIntrinsic((tracks[i] as Track).max));
    if (needMax > 0 && growMax.length > 0) for (const i of growMax) limit[i] = (limit[i] as number) + needMax / growMax.length;
    for (const i of idx) limit[i] = Math.max(limit[i] as number, base[i] as number);
  }
  const gaps = gap * Math.max(0, n - 1);
  const flex = range(0, n).filter((i) => isFlex(tracks[i] as Track));
  if (space === undefined) {
    // Indefinite: intrinsic tracks at their limit; fr tracks share the largest size per fr any of them needs.
    for (let i = 0; i < n; i++) if (!isFlex(tracks[i] as Track)) base[i] = Number.isFinite(limit[i]) ? (limit[i] as number) : (base[i] as number);
    let perFr = 0;
    for (const i of flex) perFr = Math.max(perFr, Math.max(base[i] as number, intrinsicLimit[i] as number) / frOf(tracks[i] as Track));
    for (const i of flex) base[i] = Math.max(base[i] as number, perFr * frOf(tracks[i] as Track));
    return base;
  }
  // Grow non-flexible tracks toward their limits, evenly, capped.
  let free = space - gaps - sum(base);
  let growing = range(0, n).filter((i) => !isFlex(tracks[i] as Track) && (limit[i] as number) > (base[i] as number));
  while (free > 1e-6 && growing.length > 0) {
    const share = free / growing.length;
    for (const i of growing) {
      const add = Math.min(share, (limit[i] as number) - (base[i] as number));
      base[i] = (base[i] as number) + add;
      free -= add;
    }
    growing = growing.filter((i) => (limit[i] as number) > (base[i] as number) + 1e-6);
  }
  if (flex.length > 0) {
    // Find the size of 1fr: tracks whose minimum exceeds their share are treated as inflexible and removed.
    let flexible = flex;
    let leftover = space - gaps - sum(range(0, n).filter((i) => !isFlex(tracks[i] as Track)).map((i) => base[i] as number));
    let perFr = 0;
    for (let guard = 0; guard < n + 1; guard++) {
      const frs = Math.max(1, sum(flexible.map((i) => frOf(tracks[i] as Track))));
      perFr = Math.max(0, leftover) / frs;
      const tooSmall = flexible.filter((i) => (base[i] as number) > perFr * frOf(tracks[i] as Track) + 1e-6);
      if (tooSmall.length === 0) break;
      leftover -= sum(tooSmall.map((i) => base[i] as number));
      flexible = flexible.filter((i) => !tooSmall.includes(i));
    }
    for (const i of flexible) base[i] = Math.max(base[i] as number, perFr * frOf(tracks[i] as Track));
  } else if (stretch && free > 1e-6) {
    const autos = range(0, n).filter((i) => (tracks[i] as Track).max.kind === "auto");
    for (const i of autos) base[i] = (base[i] as number) + free / autos.length;
  }
  return base;
}

function frOf(t: Track): number {
  return t.max.kind === "fr" ? t.max.fr : 1;
}

function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => start + k);
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}
