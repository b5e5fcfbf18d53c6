// Reading a tagged PDF's structure back with pdf.js: each page's structure tree (page.getStructTree) with the text of
// every marked-content reference filled in from the page's text content (read with its marked content), the text
// painted as artifacts, and the outline (doc.getOutline).
import { getDocument, VerbosityLevel, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A structure element as read back: its role, alt text, children in order; `text` joins its own content's text. */
export interface StructNode {
  readonly role: string;
  readonly alt: string | undefined;
  readonly children: readonly StructNode[];
  /** The text of this element's own marked content (not its children's), in order. */
  readonly text: string;
  /** Link annotations that are children of this element. */
  readonly annotations: number;
}

/** One page read back: its tree (null when untagged), the artifacts' text, and the text marked as content. */
export interface PageStructure {
  readonly tree: StructNode | null;
  readonly artifactText: string;
  readonly contentText: string;
}

export interface OutlineEntry {
  readonly title: string;
  readonly items: readonly OutlineEntry[];
  /** The destination's top (PDF space) and page index. */
  readonly top: number | null;
  readonly page: number;
}

interface RawNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: RawNode[];
}

interface TextContentItem {
  str?: string;
  type?: string;
  tag?: string;
  id?: string | null;
}

async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
}

/** Every page's structure and the document's outline. */
export async function readStructure(pdf: Uint8Array): Promise<{ pages: PageStructure[]; outline: OutlineEntry[] | null }> {
  const doc = await open(pdf);
  try {
    const pages: PageStructure[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const byId = new Map<string, string>();
      let artifactText = "";
      let contentText = "";
      // Marked content nests: a stack of open sequences (their id, or "artifact").
      const open: (string | null)[] = [];
      for (const item of content.items as TextContentItem[]) {
        if (item.type === "beginMarkedContentProps" || item.type === "beginMarkedContent") {
          open.push(item.tag === "Artifact" ? "artifact" : (item.id ?? null));
          continue;
        }
        if (item.type === "endMarkedContent") {
          open.pop();
          continue;
        }
        if (item.str === undefined) continue;
        if (open.includes("artifact")) {
          artifactText += item.str;
          continue;
        }
        const id = [...open].reverse().find((o) => o !== null);
        if (id === undefined || id === null) continue;
        byId.set(id, (byId.get(id) ?? "") + item.str);
        contentText += item.str;
      }
      // pdf.js finds the annotations' structure parents (links) once it has read the page's annotations.
      await page.getAnnotations();
      const raw = (await page.getStructTree()) as RawNode | null;
      pages.push({ tree: raw === null ? null : convert(raw, byId), artifactText, contentText });
    }
    const refs = await Promise.all(Array.from({ length: doc.numPages }, async (_, i) => (await doc.getPage(i + 1)).ref));
    const outline = await doc.getOutline();
    const entries = (list: typeof outline): OutlineEntry[] =>
      (list ?? []).map((entry) => {
        const dest = Array.isArray(entry.dest) ? entry.dest : [];
        const ref = dest[0] as { num: number; gen: number } | undefined;
        const page = refs.findIndex((r) => r !== null && ref !== undefined && r.num === ref.num && r.gen === ref.gen);
        return { title: entry.title, items: entries(entry.items as typeof outline), top: (dest[3] as number | null | undefined) ?? null, page };
      });
    return { pages, outline: outline === null ? null : entries(outline) };
  } finally {
    await doc.destroy();
  }
}

function convert(node: RawNode, byId: ReadonlyMap<string, string>): StructNode {
  const children: StructNode[] = [];
  let text = "";
  let annotations = 0;
  for (const child of node.children ?? []) {
    if (child.type === "content") text += byId.get(child.id ?? "") ?? "";
    else if (child.type === "annotation") annotations++;
    else if (child.type === undefined) children.push(convert(child, byId));
  }
  return { role: node.role ?? "", alt: node.alt, children, text, annotations };
}

/** Every element below `node` (depth first, in order), `node` included. */
export function walk(node: StructNode): StructNode[] {
  return [node, ...node.children.flatMap(walk)];
}

/** The elements of a role below `node`, in reading order. */
export function byRole(node: StructNode, role: string): StructNode[] {
  return walk(node).filter((n) => n.role === role);
}

/** All the text of an element and its descendants, in reading order. */
export function textOf(node: StructNode): string {
  return node.text + node.children.map(textOf).join("");
}
