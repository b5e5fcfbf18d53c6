// Rules that relate bands to each other: unique ids, parents that exist and are detail bands, and no
// parent cycles. They read the raw input defensively, so they report alongside structural errors
// instead of waiting for the author to fix those first.
import type { BandKind } from "./types.js";
import { BAND_KINDS } from "./types.js";

/** One reference problem: where, and what is wrong. */
export interface ReferenceProblem {
  readonly path: string;
  readonly message: string;
}

interface BandRef {
  readonly index: number;
  readonly id: string | undefined;
  readonly kind: BandKind | undefined;
  readonly parentId: string | undefined;
}

// Only these kinds print inside a parent's rows; a report header "inside" a detail has no meaning.
const NESTED_KINDS: readonly BandKind[] = ["detail", "detail-header", "detail-footer"];

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function asKind(value: unknown): BandKind | undefined {
  return (BAND_KINDS as readonly unknown[]).includes(value) ? (value as BandKind) : undefined;
}

function readBands(bands: unknown): BandRef[] {
  if (!Array.isArray(bands)) return [];
  return bands.map((band: unknown, index) => {
    const id = field(band, "id");
    const parentId = field(band, "parentId");
    return {
      index,
      id: typeof id === "string" && id !== "" ? id : undefined,
      kind: asKind(field(band, "kind")),
      parentId: typeof parentId === "string" ? parentId : undefined,
    };
  });
}

function parentProblem(band: BandRef, byId: ReadonlyMap<string, BandRef>): string | undefined {
  const { kind, parentId } = band;
  if (parentId === undefined) {
    if (kind === "detail-header" || kind === "detail-footer") {
      return `is required for a ${kind} band: the id of the detail band it belongs to`;
    }
    return undefined;
  }
  if (kind !== undefined && !NESTED_KINDS.includes(kind)) {
    return `a ${kind} band cannot have a parent; only detail, detail-header and detail-footer bands nest inside a detail band`;
  }
  const parent = byId.get(parentId);
  if (parent === undefined) return `'${parentId}' is not the id of any band in this document`;
  if (parent.kind !== undefined && parent.kind !== "detail") {
    return `'${parentId}' is a ${parent.kind} band; a parent must be a detail band`;
  }
  return undefined;
}

// Walks every parent chain once (linear even for long chains): a chain that comes back to a band on
// the current walk is a cycle. Returns each band on a loop with the loop's bands and its position.
function cycles(refs: readonly BandRef[], byId: ReadonlyMap<string, BandRef>): Array<[BandRef, readonly BandRef[], number]> {
  const found: Array<[BandRef, readonly BandRef[], number]> = [];
  const finished = new Set<BandRef>();
  for (const start of refs) {
    const walk: BandRef[] = [];
    const onWalk = new Map<BandRef, number>();
    let current: BandRef | undefined = start;
    while (current !== undefined && !finished.has(current)) {
      const at = onWalk.get(current);
      if (at !== undefined) {
        const loop = walk.slice(at);
        loop.forEach((band, position) => found.push([band, loop, position]));
        break;
      }
      onWalk.set(current, walk.length);
      walk.push(current);
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
    for (const band of walk) finished.add(band);
  }
  return found;
}

const CYCLE_SHOWN = 6;

// `a → b → c → a`, starting at the band the message is about; long loops are elided.
function describeCycle(loop: readonly BandRef[], position: number): string {
  if (loop.length === 1) return "a band cannot be its own parent";
  const ids: string[] = [];
  for (let step = 0; step <= Math.min(loop.length, CYCLE_SHOWN); step += 1) {
    ids.push(`'${loop[(position + step) % loop.length]?.id ?? "?"}'`);
  }
  if (loop.length > CYCLE_SHOWN) ids.splice(CYCLE_SHOWN, 1, `… (${loop.length} bands)`);
  return `parent links form a cycle: ${ids.join(" → ")}`;
}

/** Checks band ids and parent links in a raw `bands` value; never throws. */
export function bandReferenceProblems(bands: unknown): ReferenceProblem[] {
  const refs = readBands(bands);
  const problems: ReferenceProblem[] = [];
  // The first band with an id owns it; later ones are the duplicates, and links resolve to the first.
  const byId = new Map<string, BandRef>();
  for (const band of refs) {
    if (band.id === undefined) continue;
    const first = byId.get(band.id);
    if (first === undefined) byId.set(band.id, band);
    else problems.push({ path: `bands[${band.index}].id`, message: `duplicate band id '${band.id}'; bands[${first.index}] already uses it` });
  }
  for (const band of refs) {
    const message = parentProblem(band, byId);
    if (message !== undefined) problems.push({ path: `bands[${band.index}].parentId`, message });
  }
  for (const [band, loop, position] of cycles(refs, byId)) {
    problems.push({ path: `bands[${band.index}].parentId`, message: describeCycle(loop, position) });
  }
  return problems;
}
