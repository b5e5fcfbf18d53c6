// The structure tree of a tagged PDF (ISO 32000-1 14.7-14.8), built while the pages are painted: tagged
// groups (FrameTag) become structure elements, every text, shape and image item is painted inside a marked-content
// sequence (`/P <</MCID n>> BDC … EMC`) whose MCID points back at its element through the ParentTree, and what is
// inside an `Artifact` group is marked `/Artifact` and kept out of the tree. The tree's order is the order content
// is painted in, which is layout's logical order (a right-to-left table's first column comes first).
//
// Consecutive items of one element share one marked-content sequence: a table cell's runs, or a paragraph's lines,
// cost one BDC/EMC pair, not one per run. A sequence is closed before every `q` and `Q` so that the marked content
// and the graphics state nest properly.
import type { FrameTag, StructRole, TextRunItem } from "@docsvc/layout";
import type { ContentBuilder } from "./content.js";
import type { PdfRef, PdfWriter } from "./pdfkit.js";

/** One structure element: made when its first content (or first child) is painted. */
interface StructElem {
  readonly role: StructRole;
  readonly tag: FrameTag | undefined;
  readonly ref: PdfRef;
  readonly parent: StructElem | undefined;
  /**
   * Children in reading order, as PDF syntax (written once, see finish): MCIDs on `page`, marked-content
   * references elsewhere, elements, annotations.
   */
  readonly kids: string[];
  /** The page of the first content (`/Pg`); MCIDs on other pages are written as MCR dictionaries. */
  page: PdfRef | undefined;
  /** The outline level (a heading's, or bookmark-level's); 0 for none. */
  readonly level: number;
  /** The start of its BDC operator (`/TD <</MCID `); the root's loose content is a Span. */
  readonly bdc: string;
  /** Headings: the outline entry (text read while painting, where it starts). */
  heading?: HeadingMark;
}

/** A heading for the outline: its level, text and where its first line starts. */
export interface HeadingMark {
  readonly level: number;
  title: string;
  readonly pageIndex: number;
  /** Top of the first run in PDF space (y up). */
  readonly top: number;
  readonly left: number;
  /** Baseline of the last run (page space), to join lines with a space. */
  lastY: number;
}

const HEADING_LEVEL: Partial<Record<StructRole, number>> = { H1: 1, H2: 2, H3: 3, H4: 4, H5: 5, H6: 6 };

/** The artifact marking of an Artifact tag: its `/Type`, and a subtype for page bands. */
function artifactOperator(tag: FrameTag): string {
  const type = tag.artifact ?? "Layout";
  // PDF 1.7 knows the types Pagination, Layout and Page; Background only came with PDF 2.0, so a background is
  // an artifact of no stated type.
  return type === "Background" ? "/Artifact BMC" : `/Artifact <</Type /${type}>> BDC`;
}

/** Builds the structure tree of one document while its pages are painted, and writes it at the end. */
export class StructureWriter {
  private readonly root: StructElem;
  private readonly elems = new Map<FrameTag, StructElem>();
  /** The tagged groups the painter is inside, outermost first. */
  private readonly stack: FrameTag[] = [];
  /** Their elements, once looked up (parallel to `stack`): a table cell's siblings share the row's. */
  private readonly resolved: (StructElem | undefined)[] = [];
  /** The element content is marked for right now (undefined: the tags changed since, look it up again). */
  private current: StructElem | undefined;
  /** How many Artifact groups the painter is inside (content there is an artifact, tags inside are ignored). */
  private artifactDepth = 0;
  private artifactTag: FrameTag | undefined;
  /** The open marked-content sequence: an element, an artifact, or none. */
  private open: StructElem | "artifact" | undefined;
  private page: PdfRef | undefined;
  private pageIndex = -1;
  private pageHeight = 0;
  /** This page's MCIDs → their elements (the page's ParentTree array). */
  private marks: PdfRef[] = [];
  private pageKey = -1;
  /** ParentTree entries: a page's is recorded at its end, after its links', so they are sorted when written. */
  private readonly nums: [number, unknown][] = [];
  private nextKey = 0;
  private readonly all: StructElem[] = [];
  private readonly headings: HeadingMark[] = [];

  constructor(private readonly writer: PdfWriter) {
    this.root = this.make("Document", undefined, undefined);
  }

  /** Starts a page: its /StructParents key; call after PdfWriter.addPage. */
  beginPage(index: number, height: number): void {
    this.page = this.writer.page.dictionary;
    this.pageIndex = index;
    this.pageHeight = height;
    this.marks = [];
    this.pageKey = this.nextKey++;
    this.page.data.StructParents = this.pageKey;
  }

  /** Ends the page's content (closing an open sequence) and records its ParentTree entry. */
  endPage(content: ContentBuilder): void {
    this.close(content);
    this.nums.push([this.pageKey, this.marks]);
  }

  /** Enters a tagged group; `leave` after its items. */
  enter(tag: FrameTag, content: ContentBuilder): void {
    this.close(content);
    this.stack.push(tag);
    this.resolved.push(undefined);
    if (this.artifactDepth > 0 || tag.role === "Artifact") {
      if (this.artifactDepth === 0) this.artifactTag = tag;
      this.artifactDepth++;
    }
    this.current = undefined;
  }

  leave(content: ContentBuilder): void {
    this.close(content);
    const tag = this.stack.pop();
    this.resolved.pop();
    if (this.artifactDepth > 0) {
      this.artifactDepth--;
      if (this.artifactDepth === 0) this.artifactTag = undefined;
    }
    if (tag !== undefined) this.current = undefined;
  }

  /** Whether content painted now is an artifact. */
  get inArtifact(): boolean {
    return this.artifactDepth > 0;
  }

  /** Opens the marked-content sequence the next item belongs to, unless it is the open one; `run` feeds headings. */
  mark(content: ContentBuilder, run?: TextRunItem): void {
    if (this.artifactDepth > 0) {
      if (this.open === "artifact") return;
      this.close(content);
      content.op(artifactOperator(this.artifactTag!));
      this.open = "artifact";
      return;
    }
    const elem = this.current ?? (this.current = this.resolve());
    if (elem.level > 0 && run !== undefined) {
      if (elem.heading !== undefined) this.headingText(elem.heading, run);
      else this.startHeading(elem, run, content);
    }
    if (this.open === elem) return;
    this.close(content);
    const mcid = this.marks.length;
    this.marks.push(elem.ref);
    if (elem.page === undefined) elem.page = this.page;
    elem.kids.push(elem.page === this.page ? String(mcid) : `<< /Type /MCR /Pg ${String(this.page)} /MCID ${mcid} >>`);
    // `/TD <</MCID 12>> BDC`, written piecewise into the page's buffer (a page of table cells marks hundreds).
    content.text(elem.bdc);
    content.number(mcid);
    content.op(">> BDC");
    this.open = elem;
  }

  /** Ends the open marked-content sequence (before `q`, `Q`, a page's end or another element's content). */
  close(content: ContentBuilder): void {
    if (this.open === undefined) return;
    content.op("EMC");
    this.open = undefined;
  }

  /**
   * A link annotation's /StructParent key, with a Link element made for it under the current element; undefined
   * inside an artifact (the annotation is then left out of the tree). `annotation` is called with the annotation.
   */
  link(): { readonly key: number; attach(annotation: PdfRef): void } | undefined {
    if (this.artifactDepth > 0) return undefined;
    const parent = this.current ?? (this.current = this.resolve());
    const elem = this.make("Link", undefined, parent);
    elem.page = this.page;
    const key = this.nextKey++;
    this.nums.push([key, elem.ref]);
    const page = this.page;
    return { key, attach: (annotation) => elem.kids.push(`<< /Type /OBJR /Obj ${String(annotation)} /Pg ${String(page)} >>`) };
  }

  /** The headings in painting order, for the outline. */
  get outline(): readonly HeadingMark[] {
    return this.headings;
  }

  /** Writes every element, the ParentTree and the StructTreeRoot, and marks the catalog as tagged. */
  finish(catalog: Record<string, unknown>): void {
    // A number tree's keys are in ascending order. Written as syntax: a page's entry lists every MCID's element.
    const parentTree = this.writer.ref();
    let nums = "";
    for (const [key, value] of this.nums.sort((a, b) => a[0] - b[0])) nums += ` ${key} ${Array.isArray(value) ? `[${value.join(" ")}]` : String(value)}`;
    this.writer.endRaw(parentTree, `<<\n/Nums [${nums}]\n>>`);
    const treeRoot = this.writer.ref({ Type: "StructTreeRoot", K: this.root.ref, ParentTree: parentTree, ParentTreeNextKey: this.nextKey });
    for (const elem of this.all) {
      const parent = String(elem.parent === undefined ? treeRoot : elem.parent.ref);
      const page = elem.page === undefined ? "" : `\n/Pg ${String(elem.page)}`;
      let extra = "";
      const tag = elem.tag;
      if (tag?.alt !== undefined) extra += `\n/Alt ${pdfTextString(tag.alt)}`;
      if (tag?.scope !== undefined) extra += `\n/A << /O /Table /Scope /${tag.scope} >>`;
      this.writer.endRaw(elem.ref, `<<\n/Type /StructElem\n/S /${elem.role}\n/P ${parent}${page}\n/K [${elem.kids.join(" ")}]${extra}\n>>`);
    }
    // pdfkit's end() writes (ends) the catalog's StructTreeRoot and MarkInfo objects itself.
    catalog.StructTreeRoot = treeRoot;
    catalog.MarkInfo = this.writer.ref({ Marked: true });
  }

  /** The element of the innermost tag, made (with its ancestors) on first use. */
  private resolve(): StructElem {
    let elem = this.root;
    const stack = this.stack;
    for (let i = 0; i < stack.length; i++) {
      let own = this.resolved[i];
      if (own === undefined) {
        const tag = stack[i]!;
        own = this.elems.get(tag);
        if (own === undefined) {
          own = this.make(tag.role, tag, elem);
          this.elems.set(tag, own);
        }
        this.resolved[i] = own;
      }
      elem = own;
    }
    return elem;
  }

  private make(role: StructRole, tag: FrameTag | undefined, parent: StructElem | undefined): StructElem {
    const level = tag?.bookmarkLevel ?? HEADING_LEVEL[role] ?? 0;
    const elem: StructElem = { role, tag, ref: this.writer.ref(), parent, kids: [], page: undefined, level, bdc: role === "Document" ? "/Span <</MCID " : `/${role} <</MCID ` };
    parent?.kids.push(String(elem.ref));
    this.all.push(elem);
    return elem;
  }

  private startHeading(elem: StructElem, run: TextRunItem, content: ContentBuilder): void {
    const level = elem.level;
    // Where the run's top lies on the page (through the groups' transforms), in PDF space (y up).
    const [a, b, c, d, e, f] = content.ctm;
    const top = run.y - run.size;
    const x = a * run.x + c * top + e;
    const y = b * run.x + d * top + f;
    elem.heading = { level, title: "", pageIndex: this.pageIndex, top: this.pageHeight - y, left: x, lastY: run.y };
    this.headingText(elem.heading, run);
    this.headings.push(elem.heading);
  }

  private headingText(heading: HeadingMark, run: TextRunItem): void {
    // Runs of one line follow each other; a new baseline is a new line, which reads as a space.
    const space = heading.title !== "" && Math.abs(run.y - heading.lastY) > 0.5 && !heading.title.endsWith(" ");
    heading.title += (space ? " " : "") + run.text;
    heading.lastY = run.y;
  }
}

/**
 * A text string object: `(…)` with PDF's escapes for ASCII text, else UTF-16BE with a byte-order mark as hex
 * (`<FEFF…>`), which every reader decodes (Alt texts in any script).
 */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = "<FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return `${hex}>`;
}
