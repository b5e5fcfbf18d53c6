// What each report element is in a tagged PDF's structure: text by its role (title and h1 → H1, heading → H2,
// subheading → H3, caption → Caption, the rest P), images, barcodes and charts as Figure with their `alt`
// (a barcode's defaults to its value; a chart's group carries the alt text it describes itself with, which the
// painter tags as a Figure), tables as Table (table-block.ts tags the rows and cells), shapes and
// icons as decoration (artifacts). The tag is made once per measured element and kept by the parts it splits
// into, so a paragraph or a table continued on the next page stays one structure element.
import type { FrameItem, FrameTag, StructRole } from "../frame/types.js";
import type { Element, TextRole } from "../model/types.js";
import { parseTemplate } from "../tokens/parse.js";
import { resolveText } from "../tokens/resolve.js";
import type { Block, PageNumbers, Split } from "./block.js";
import { WrapperBlock } from "./wrapper-block.js";
import type { MeasureContext } from "./context.js";

const TEXT_ROLES: Readonly<Record<TextRole, StructRole>> = {
  title: "H1",
  heading: "H2",
  subheading: "H3",
  body: "P",
  label: "P",
  caption: "Caption",
  h1: "H1",
  h2: "H2",
  h3: "H3",
  h4: "H4",
  h5: "H5",
  h6: "H6",
  p: "P",
};

/** Decoration: drawn, but not part of what the document says. */
export const DECORATION: FrameTag = { role: "Artifact", artifact: "Layout" };

/** The structure tag of an element, or undefined for elements that belong to what surrounds them (fields). */
export function elementTag(element: Element, ctx: MeasureContext): FrameTag | undefined {
  switch (element.type) {
    case "text":
      return { role: (element.role !== undefined && TEXT_ROLES[element.role]) || "P" };
    case "markdown":
      // A role names what the whole text is (a heading written in markdown); without one it is a Div of text.
      return element.role !== undefined && TEXT_ROLES[element.role] !== undefined ? { role: TEXT_ROLES[element.role] } : { role: "Div" };
    case "image":
      return figure(resolved(element.alt, ctx));
    case "barcode":
      return figure(resolved(element.alt, ctx) ?? resolved(typeof element.value === "string" ? element.value : String(element.value ?? ""), ctx));
    case "table":
      return { role: "Table" };
    case "line":
    case "rect":
    case "ellipse":
    case "icon":
      return DECORATION;
    default:
      return undefined;
  }
}

function figure(alt: string | undefined): FrameTag {
  return alt === undefined ? { role: "Figure" } : { role: "Figure", alt };
}

/** A text key with its tokens resolved; undefined when absent or empty. */
function resolved(source: string | undefined, ctx: MeasureContext): string | undefined {
  if (typeof source !== "string" || source === "") return undefined;
  const template = parseTemplate(source);
  const text = template.hasTokens ? resolveText(template, ctx.tokens, ctx.scope) : source;
  return text === "" ? undefined : text;
}

/** Wraps a block's items in a group carrying `tag`; its parts (after a split) carry the same tag. */
export function withTag(block: Block, tag: FrameTag | undefined): Block {
  return tag === undefined ? block : new TaggedBlock(block, tag);
}

class TaggedBlock extends WrapperBlock {
  constructor(
    inner: Block,
    private readonly tag: FrameTag,
  ) {
    super(inner);
  }

  protected wrap(block: Block): Block {
    return new TaggedBlock(block, this.tag);
  }

  place(out: FrameItem[], x: number, y: number, page: PageNumbers): void {
    const items: FrameItem[] = [];
    this.inner.place(items, x, y, page);
    if (items.length > 0) out.push({ kind: "group", tag: this.tag, items });
  }
}
