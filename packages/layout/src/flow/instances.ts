// The flow built from the band tree and the data: each band prints once, or once per row of its bound
// array; nested bands print inside each of their parent's instances; detail headers and footers wrap the
// instances. The result is one block, the root of the pagination loop.
import type { LayoutEnv } from "../elements/context.js";
import type { Block } from "../elements/block.js";
import { stripSpaces } from "../tokens/parse.js";
import { parsePath } from "../tokens/path.js";
import { evaluate } from "../tokens/resolve.js";
import type { RowScope } from "../tokens/types.js";
import { isVisible, measureFlowBand } from "./measure-band.js";
import { RecordedRow } from "./recorded-row.js";
import { StackBlock, type StackChild } from "./stack.js";
import type { BandNode } from "./tree.js";

/** The whole flow (every top-level flow band with its nested bands) as one block. */
export function buildFlow(flow: readonly BandNode[], env: LayoutEnv): Block {
  return StackBlock.of(childrenOf(flow, env, undefined), { keepTogether: false, pageBody: env.pageBody, repeat: [] });
}

function childrenOf(nodes: readonly BandNode[], env: LayoutEnv, scope: RowScope | undefined): StackChild[] {
  const out: StackChild[] = [];
  for (const node of nodes) {
    const block = contentOf(node, env, scope);
    if (block) out.push({ block, role: "row", breakBefore: node.band.pageBreakBefore === true, keepWithPrevious: node.band.keepWithPrevious === true });
  }
  return out;
}

/** Everything one band prints in a scope: its headers, its instances (with nested bands), its footers. */
function contentOf(node: BandNode, env: LayoutEnv, scope: RowScope | undefined): Block | null {
  const scopes = instanceScopes(node, env, scope);
  if (scopes.length === 0) return null; // an empty detail prints neither its header nor its footer
  const perRow = node.band.pageBreakPerRow === true;
  const bound = node.band.bindingField !== undefined;
  const rows: StackChild[] = scopes.map((s, i) => ({
    block: bound && s ? new RecordedRow(instanceOf(node, env, s), s.row) : instanceOf(node, env, s),
    role: "row",
    breakBefore: perRow && i > 0,
  }));
  const headers = blocksOf(node.headers, env, scope);
  const footers = childrenOf(node.footers, env, scope).map((c): StackChild => ({ ...c, role: "footer", breakBefore: false }));
  if (headers.length === 0 && footers.length === 0 && rows.length === 1) return (rows[0] as StackChild).block;
  const children: StackChild[] = [
    ...headers.map((block): StackChild => ({ block, role: "header", breakBefore: false })),
    ...rows,
    ...footers,
  ];
  return StackBlock.of(children, { keepTogether: false, pageBody: env.pageBody, repeat: headers });
}

function blocksOf(nodes: readonly BandNode[], env: LayoutEnv, scope: RowScope | undefined): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    const block = contentOf(node, env, scope);
    if (block) out.push(block);
  }
  return out;
}

// One instance: the band itself, then its nested bands for this row. The band is the instance's "header"
// for splitting: it never stays alone at the bottom of a page while all its nested content moves on.
function instanceOf(node: BandNode, env: LayoutEnv, scope: RowScope | undefined): Block {
  const band = measureFlowBand(node, env, scope);
  const nested = childrenOf(node.children, env, scope);
  if (nested.length === 0) return band;
  return StackBlock.of([{ block: band, role: "header", breakBefore: false }, ...nested], {
    keepTogether: node.band.keepTogether === true,
    pageBody: env.pageBody,
    repeat: [],
  });
}

// The row scopes a band prints in: one per item of its bound array (visibleIf checked per row), or the
// enclosing scope once; each counts against the render's row budget as it is made. A nested binding
// resolves against the enclosing rows only (`$root.x` names the root explicitly).
function instanceScopes(node: BandNode, env: LayoutEnv, scope: RowScope | undefined): (RowScope | undefined)[] {
  const { band } = node;
  const binding = typeof band.bindingField === "string" ? band.bindingField.trim() : "";
  if (!binding) {
    if (!isVisible(band.visibleIf, env.tokens, scope)) return [];
    env.rows.take(1, bandLabel(node));
    return [scope];
  }
  if (scope !== undefined && !boundInRows(binding, scope)) {
    env.diagnostics.add("band.binding", `bindingField ${JSON.stringify(binding)} is not in the parent band's row; the band prints no rows`, node.path);
    return [];
  }
  const rows = rowsOf(evaluate(binding, env.tokens, scope), binding, node, env);
  const out: RowScope[] = [];
  rows.forEach((row, index) => {
    const s: RowScope = scope ? { row, index, parent: scope } : { row, index };
    if (isVisible(band.visibleIf, env.tokens, s)) out.push(s);
  });
  env.rows.take(out.length, bandLabel(node));
  return out;
}

// A nested band binds to its parent's rows. Falling back to the root's array of the same name would print
// that array again inside every parent row: seven nested bands bound to a root `items` of 10 make 10^7
// instances. Built-ins and `$root.x` (and token templates) are evaluated as written.
function boundInRows(binding: string, scope: RowScope): boolean {
  const head = parsePath(stripSpaces(binding))?.[0];
  if (typeof head !== "string" || head.startsWith("$")) return true;
  for (let s: RowScope | undefined = scope; s; s = s.parent) {
    if (typeof s.row === "object" && s.row !== null && Object.hasOwn(s.row, head)) return true;
  }
  return false;
}

function bandLabel(node: BandNode): string {
  const name = typeof node.band.name === "string" && node.band.name.trim() !== "" ? `'${node.band.name.trim()}' ` : "";
  return `band ${name}(${node.path})`;
}

function rowsOf(value: unknown, binding: string, node: BandNode, env: LayoutEnv): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null || value === "") return [];
  // A single object bound where an array is expected prints as one row: what a designer means by it.
  if (typeof value === "object") return [value];
  env.diagnostics.add("band.binding", `bindingField ${JSON.stringify(binding)} is not an array; the band prints no rows`, node.path);
  return [];
}
