// Style sheets with css-tree: rules (selector, specificity, order, longhand declarations) and @page rules
// with their margin boxes. Nothing is fetched: @import and every url() value are dropped with a diagnostic.
import { calculate } from "@bramus/specificity/core";
import * as csstree from "css-tree";
import type { DiagnosticSink } from "../diagnostics.js";
import { compileSelector, type Matcher } from "./select.js";
import { selectorShape, type SelectorShape } from "./shape.js";
import { flattenNesting } from "./nesting.js";
import { pageArea } from "./viewport.js";
import { mediaMatches } from "./media.js";
import { expand, type Declaration } from "./shorthands.js";
import { supportsMatches } from "./supports.js";
import type { FontFaceRule } from "./web-fonts.js";
import { needsGeneratedPass, onlyDataUrls, splitPseudoElement, type PseudoElement } from "./pseudo.js";
import { parsePageSelector, type PageSelector } from "./page-selector.js";

/** One selector of a style rule with its declarations. */
export interface StyleRule {
  readonly selector: string;
  readonly matches: Matcher;
  /** a·1e6 + b·1e3 + c. */
  readonly specificity: number;
  /** Position among all rules (later wins on equal specificity). */
  readonly order: number;
  readonly declarations: readonly Declaration[];
  /** What the selector looks at (see shape.ts). */
  readonly shape: SelectorShape;
}

/** An @page rule: page declarations (size, margin…) and margin boxes by name (`top-center`). */
export interface PageRule {
  /** True for exactly `@page :first` (kept for readers that only know the first page). */
  readonly first: boolean;
  readonly declarations: readonly Declaration[];
  readonly boxes: ReadonlyMap<string, readonly Declaration[]>;
  /** The pages the rule applies to (page-selector.ts); a rule that is not understood is never kept. */
  readonly selector: PageSelector;
  /** Position among the @page rules (later wins on equal page specificity). */
  readonly order: number;
}

/** Everything the style sheets of one document say. */
export interface StyleSheet {
  readonly rules: readonly StyleRule[];
  readonly pages: readonly PageRule[];
  /** @font-face rules' descriptors as written (web-fonts.ts reads them). */
  readonly fontFaces?: readonly FontFaceRule[];
  /** Rules for pseudo-elements (`::before`, `::after`, `::marker` …), matched by generated-content.ts. */
  readonly pseudo?: readonly PseudoRule[];
  /** True when some declaration needs the generated-content pass (content, counters, string-set, running…). */
  readonly generated?: boolean;
}

/** A style rule whose selector ends in a pseudo-element: `matches` tests the element it belongs to. */
export interface PseudoRule extends StyleRule {
  readonly pseudo: PseudoElement;
}

/** Parses style sheets in order; rule order continues across them. */
export function parseStyleSheets(texts: readonly string[], diagnostics: DiagnosticSink, startOrder = 0): StyleSheet {
  // Style rules are kept with the @media preludes around them and filtered once the @page rules — which
  // give the page area size features are answered with — are all known.
  const found: { node: csstree.Rule; media: readonly string[] }[] = [];
  const pages: PageRule[] = [];
  const fontFaces: FontFaceRule[] = [];
  for (const text of texts) {
    const ast = csstree.parse(flattenNesting(text), {
      parseValue: false,
      parseAtrulePrelude: false,
      onParseError: (error) => diagnostics.add("css.invalid", `CSS could not be read: ${error.message}`, "style"),
    });
    const visit = (list: csstree.List<csstree.CssNode> | undefined, media: readonly string[]): void => {
      list?.forEach((node) => {
        if (node.type === "Rule") found.push({ node, media });
        else if (node.type === "Atrule") {
          const name = node.name.toLowerCase();
          const prelude = node.prelude ? csstree.generate(node.prelude).trim().toLowerCase() : "";
          if (name === "page") {
            if (media.every((m) => mediaMatches(m, A4_AREA))) pages.push(...pageRules(node, prelude, pages.length, diagnostics));
          } else if (name === "media") visit(node.block?.children, [...media, prelude]);
          else if (name === "supports") {
            if (supportsMatches(node.prelude ? csstree.generate(node.prelude) : "")) visit(node.block?.children, media);
          } else if (name === "layer") visit(node.block?.children, media); // layers: rules in order (no layer priority)
          else if (name === "font-face") {
            if (media.every((m) => mediaMatches(m, A4_AREA))) fontFaces.push(descriptors(node));
          } else if (name === "import") diagnostics.add("css.dropped", "@import is never fetched; it was removed", "style");
          else if (name === "charset") return;
          else diagnostics.add("css.unsupported", `@${name} is not supported; it was ignored`, "style");
        }
      });
    };
    if (ast.type === "StyleSheet") visit(ast.children, []);
  }
  const viewport = pageArea(pages);
  const rules: StyleRule[] = [];
  const pseudo: PseudoRule[] = [];
  let generated = false;
  let order = startOrder;
  for (const { node, media } of found) {
    if (!media.every((m) => mediaMatches(m, viewport))) continue;
    const declarations = declarationsOf(node.block, diagnostics, "style");
    if (!generated && declarations.some((d) => needsGeneratedPass(d.property, d.value))) generated = true;
    for (const rule of selectorRules(node, declarations, diagnostics)) {
      if (rule.pseudo !== undefined) {
        generated = true;
        pseudo.push({ ...rule, pseudo: rule.pseudo, order: order++ });
      } else rules.push({ ...rule, order: order++ });
    }
  }
  return { rules, pages, ...(fontFaces.length > 0 ? { fontFaces } : {}), ...(pseudo.length > 0 || generated ? { pseudo, generated } : {}) };
}

// An at-rule's declarations as written (no expansion, url() kept: @font-face src is read by web-fonts.ts).
function descriptors(node: csstree.Atrule): FontFaceRule {
  const out = new Map<string, string>();
  node.block?.children.forEach((child) => {
    if (child.type === "Declaration") out.set(child.property.toLowerCase(), csstree.generate(child.value).trim());
  });
  return out;
}

const A4_AREA = { width: 595.28 - 144, height: 841.89 - 144 };

/** The declarations of a `style` attribute, expanded. */
export function parseStyleAttribute(text: string, diagnostics: DiagnosticSink, path: string): Declaration[] {
  const ast = csstree.parse(text, {
    context: "declarationList",
    parseValue: false,
    onParseError: (error) => diagnostics.add("css.invalid", `the style attribute could not be read: ${error.message}`, path),
  });
  return ast.type === "DeclarationList" ? collect(ast.children, diagnostics, path) : [];
}

function declarationsOf(block: csstree.Block | null, diagnostics: DiagnosticSink, path: string): Declaration[] {
  return block ? collect(block.children, diagnostics, path) : [];
}

function collect(list: csstree.List<csstree.CssNode>, diagnostics: DiagnosticSink, path: string): Declaration[] {
  const out: Declaration[] = [];
  list.forEach((node) => {
    if (node.type !== "Declaration") return;
    // Custom property names are case-sensitive (`--Brand` and `--brand` are two properties).
    const property = node.property.startsWith("--") ? node.property : node.property.toLowerCase();
    const value = csstree.generate(node.value).trim();
    if ((/url\s*\(/i.test(value) || /image-set\s*\(/i.test(value)) && !((IMAGE_PROPERTIES.has(property) || property === "content") && onlyDataUrls(value))) {
      diagnostics.add("css.dropped", `${property}: url() is never fetched; the declaration was removed`, path);
      return;
    }
    out.push(...expand(property, value, node.important !== false));
  });
  return out;
}

/** Properties whose url() may be a data: URL (an image drawn from the document's own bytes; `content` too). */
const IMAGE_PROPERTIES = new Set(["background", "background-image", "list-style", "list-style-image"]);

function selectorRules(rule: csstree.Rule, declarations: Declaration[], diagnostics: DiagnosticSink): (Omit<StyleRule, "order"> & { pseudo?: PseudoElement })[] {
  const out: (Omit<StyleRule, "order"> & { pseudo?: PseudoElement })[] = [];
  if (rule.prelude.type !== "SelectorList") return out;
  rule.prelude.children.forEach((selectorNode) => {
    const selector = csstree.generate(selectorNode);
    // `li::marker`, `h2:before`: the element part is matched, the pseudo-element is made by generated-content.ts.
    const split = splitPseudoElement(selector);
    if (split) {
      const matches = compileSelector(split.element);
      if (!matches) {
        diagnostics.add("css.unsupported", `the selector ${selector} is not supported; its rule was ignored`, selector);
        return;
      }
      const s = calculate(selector)[0]?.value ?? { a: 0, b: 0, c: 0 };
      out.push({ selector, matches, specificity: s.a * 1e6 + s.b * 1e3 + s.c, declarations, shape: { safe: false, attributes: [], nth: [] }, pseudo: split.pseudo });
      return;
    }
    const matches = compileSelector(selector);
    if (!matches) {
      diagnostics.add("css.unsupported", `the selector ${selector} is not supported; its rule was ignored`, selector);
      return;
    }
    const s = calculate(selector)[0]?.value ?? { a: 0, b: 0, c: 0 };
    const shape = selectorNode.type === "Selector" ? selectorShape(selectorNode) : { safe: false, attributes: [], nth: [] };
    out.push({ selector, matches, specificity: s.a * 1e6 + s.b * 1e3 + s.c, declarations, shape });
  });
  return out;
}

// One rule per selector of the prelude (`@page :left, :right`); a prelude with a selector that is not
// understood gives no rule at all.
function pageRules(node: csstree.Atrule, prelude: string, order: number, diagnostics: DiagnosticSink): PageRule[] {
  const selectors = prelude.split(",").map(parsePageSelector);
  if (selectors.some((s) => s === undefined)) {
    diagnostics.add("css.unsupported", `@page ${prelude} is not supported; the rule was ignored`, "@page");
    return [];
  }
  const base = pageRule(node, diagnostics);
  return (selectors as PageSelector[]).map((selector, i) => ({
    ...base,
    selector,
    order: order + i,
    first: selector.name === undefined && selector.pseudos.length === 1 && selector.pseudos[0] === "first",
  }));
}

function pageRule(node: csstree.Atrule, diagnostics: DiagnosticSink): Pick<PageRule, "declarations" | "boxes"> {
  const declarations: Declaration[] = [];
  const boxes = new Map<string, Declaration[]>();
  node.block?.children.forEach((child) => {
    if (child.type === "Declaration") declarations.push(...collect(new csstree.List<csstree.CssNode>().appendData(child), diagnostics, "@page"));
    else if (child.type === "Atrule") boxes.set(child.name.toLowerCase(), declarationsOf(child.block, diagnostics, `@page @${child.name}`));
  });
  return { declarations, boxes };
}
