// Maps a document path from the server's validation errors (`bands[2].elements[0].width`) to its place in the
// JSON text, through CodeMirror's JSON syntax tree, so each error can be shown on its line.
import { ensureSyntaxTree } from "@codemirror/language";
import type { EditorState } from "@codemirror/state";
import type { SyntaxNode } from "@lezer/common";

/** `bands[2].elements[0].width` → ["bands", 2, "elements", 0, "width"]. */
export function parsePath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) parts.push(Number(m[2]));
    else if (m[1] !== undefined) parts.push(m[1]);
  }
  return parts;
}

const VALUE_KINDS = new Set(["Object", "Array", "String", "Number", "True", "False", "Null"]);

function values(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (VALUE_KINDS.has(c.name)) out.push(c);
  return out;
}

/** The text range of the deepest node the path reaches (the whole document when nothing matches). */
export function locatePath(state: EditorState, path: string): { from: number; to: number } {
  const tree = ensureSyntaxTree(state, state.doc.length, 200);
  const whole = { from: 0, to: Math.min(state.doc.length, state.doc.line(1).to) };
  if (!tree) return whole;
  let node: SyntaxNode | null = values(tree.topNode)[0] ?? null;
  let found = whole;
  for (const part of parsePath(path)) {
    if (!node) break;
    let next: SyntaxNode | null = null;
    if (typeof part === "number" && node.name === "Array") next = values(node)[part] ?? null;
    else if (typeof part === "string" && node.name === "Object") {
      for (let p = node.firstChild; p; p = p.nextSibling) {
        if (p.name !== "Property") continue;
        const name = p.getChild("PropertyName");
        if (name && state.sliceDoc(name.from + 1, name.to - 1) === part) {
          next = values(p)[0] ?? null;
          found = { from: name.from, to: name.to };
          break;
        }
      }
    }
    if (!next) break;
    node = next;
    if (typeof part === "number") found = { from: next.from, to: Math.min(next.to, state.doc.lineAt(next.from).to) };
  }
  return found;
}
