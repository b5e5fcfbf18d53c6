// The band stack as a tree: page bands (header, footer, background) apart; the flow bands in array order,
// each with its nested bands (parentId) split into detail headers, detail footers and nested content.
import type { DiagnosticSink } from "../diagnostics.js";
import type { Band, BandKind } from "../model/types.js";

/** One band with the bands nested under it. */
export interface BandNode {
  readonly band: Band;
  /** JSON path of the band in the template: `bands[3]`. */
  readonly path: string;
  /** Nested content printed inside each of this band's instances, in array order. */
  readonly children: readonly BandNode[];
  /** detail-header bands: before the first instance, and at the top of each page the instances continue on. */
  readonly headers: readonly BandNode[];
  /** detail-footer bands: after the last instance. */
  readonly footers: readonly BandNode[];
}

/** The document's bands by role. */
export interface BandTree {
  readonly pageHeaders: readonly BandNode[];
  readonly pageFooters: readonly BandNode[];
  readonly backgrounds: readonly BandNode[];
  /** The top-level flow, in array order. */
  readonly flow: readonly BandNode[];
}

interface MutableNode {
  readonly band: Band;
  readonly path: string;
  readonly children: BandNode[];
  readonly headers: BandNode[];
  readonly footers: BandNode[];
}

/** Whether a band kind prints at a fixed place on every page rather than in the flow. */
export function isPageBand(kind: BandKind): boolean {
  return kind === "page-header" || kind === "page-footer" || kind === "background";
}

/** Sorts the bands into page bands and the flow tree; problems (unknown parents, cycles) are reported. */
export function buildBandTree(bands: readonly Band[], diagnostics: DiagnosticSink): BandTree {
  const list = Array.isArray(bands) ? bands : [];
  const nodes: MutableNode[] = list.map((band, i) => ({ band, path: `bands[${i}]`, children: [], headers: [], footers: [] }));
  const byId = new Map<string, MutableNode>();
  for (const node of nodes) {
    if (typeof node.band.id !== "string") continue;
    if (byId.has(node.band.id)) diagnostics.add("band.duplicate-id", `band id ${JSON.stringify(node.band.id)} is used twice; children attach to the first`, node.path);
    else byId.set(node.band.id, node);
  }
  const tree = { pageHeaders: [] as BandNode[], pageFooters: [] as BandNode[], backgrounds: [] as BandNode[], flow: [] as BandNode[] };
  for (const node of nodes) {
    const { kind, parentId } = node.band;
    if (isPageBand(kind)) {
      if (parentId) diagnostics.add("band.parent-ignored", `a ${kind} band cannot be nested; parentId is ignored`, node.path);
      (kind === "page-header" ? tree.pageHeaders : kind === "page-footer" ? tree.pageFooters : tree.backgrounds).push(node);
      continue;
    }
    const parent = parentId ? parentOf(node, byId, diagnostics) : undefined;
    if (!parent) tree.flow.push(node);
    else if (kind === "detail-header") parent.headers.push(node);
    else if (kind === "detail-footer") parent.footers.push(node);
    else parent.children.push(node);
  }
  return tree;
}

// The node a band nests under, or undefined (printed at the top level) when the parent is unusable.
function parentOf(node: MutableNode, byId: ReadonlyMap<string, MutableNode>, diagnostics: DiagnosticSink): MutableNode | undefined {
  const parentId = node.band.parentId ?? "";
  const parent = byId.get(parentId);
  if (!parent) {
    diagnostics.add("band.parent-missing", `parent band ${JSON.stringify(parentId)} does not exist; the band prints at the top level`, node.path);
    return undefined;
  }
  if (isPageBand(parent.band.kind)) {
    diagnostics.add("band.parent-invalid", `bands cannot nest under a ${parent.band.kind} band; the band prints at the top level`, node.path);
    return undefined;
  }
  const seen = new Set<MutableNode>([node]);
  for (let at: MutableNode | undefined = parent; at?.band.parentId; at = byId.get(at.band.parentId)) {
    if (seen.has(at)) {
      diagnostics.add("band.parent-cycle", "the band's parentId chain loops back to itself; the band prints at the top level", node.path);
      return undefined;
    }
    seen.add(at);
  }
  return parent;
}
