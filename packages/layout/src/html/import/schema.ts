// The schema of an imported HTML template: the fields its tokens, data-if conditions and data-each lists
// read, typed and sampled from the data the HTML was previewed with. A report's designer offers its fields,
// suggests keys and formats from their types, and fills the preview from their samples; an import that left
// the schema empty showed placeholders and empty tables where the HTML showed the data.
import type { SchemaField, SchemaFieldType } from "../../model/types.js";
import { parseExpression, parseTemplate } from "../../tokens/parse.js";
import type { FilterCall } from "../../tokens/types.js";
import type { HtmlElement, HtmlNode } from "../dom.js";

/** Rows of a list sample kept in the document (the designer previews with them; the rest is not needed). */
export const SAMPLE_ROWS = 50;

/** A field being collected: its type when known, and its own fields for objects and list items. */
interface FieldNode {
  type?: SchemaFieldType;
  readonly fields: Map<string, FieldNode>;
}

const node = (): FieldNode => ({ fields: new Map() });

/** The schema of `root` (the template tree, tokens as written) with `sample` (the HTML's data, when given). */
export function schemaOf(root: HtmlElement, styles: readonly string[], sample: unknown): SchemaField[] {
  const top = node();
  const data = isRecord(sample) ? sample : {};
  for (const [key, value] of Object.entries(data)) mergeSample(child(top, key), value);
  const use = (path: string, filters: readonly FilterCall[], scope: FieldNode, inList: boolean): void => {
    const steps = stepsOf(path);
    if (steps.length === 0) return;
    // Inside a list item, a path the item lacks but the top level has reads the top level (it resolves outward).
    const from = inList && !scope.fields.has(steps[0] as string) && top.fields.has(steps[0] as string) ? top : scope;
    let at = from;
    steps.forEach((step, i) => {
      at = child(at, step);
      if (i < steps.length - 1 && at.type === undefined) at.type = "object";
    });
    at.type ??= typeFromFilters(filters) ?? "string";
  };
  for (const css of styles) for (const part of parseTemplate(css).parts) if (typeof part !== "string") use(part.path, part.filters, top, false);
  // Depth first with the list each element reads from (data-each switches to the list's item).
  const work: { el: HtmlElement; scope: FieldNode; inList: boolean }[] = [{ el: root, scope: top, inList: false }];
  while (work.length > 0) {
    const { el, scope, inList } = work.pop() as { el: HtmlElement; scope: FieldNode; inList: boolean };
    const condition = el.attrs.get("data-if");
    if (condition !== undefined) {
      const { path, filters } = parseExpression(bare(condition));
      use(path, filters, scope, inList);
    }
    let inner = scope;
    const each = el.attrs.get("data-each");
    if (each !== undefined) {
      const steps = stepsOf(parseExpression(bare(each)).path);
      if (steps.length > 0) {
        let at = inList && !scope.fields.has(steps[0] as string) && top.fields.has(steps[0] as string) ? top : scope;
        steps.forEach((step, i) => {
          at = child(at, step);
          if (i < steps.length - 1) at.type ??= "object";
        });
        at.type = "array";
        inner = at;
      }
    }
    for (const [name, value] of el.attrs) {
      if (name === "data-if" || name === "data-each" || !value.includes("{{")) continue;
      for (const part of parseTemplate(value).parts) if (typeof part !== "string") use(part.path, part.filters, inner, inList || inner !== scope);
    }
    // Text first, then the child elements, pushed last-first so they are read in document order (fields are
    // listed in the order the template first reads them).
    for (const c of el.children) {
      if (c.kind === "text" && c.text.includes("{{")) for (const part of parseTemplate(c.text).parts) if (typeof part !== "string") use(part.path, part.filters, inner, inList || inner !== scope);
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i] as HtmlNode;
      if (c.kind === "element") work.push({ el: c, scope: inner, inList: inList || inner !== scope });
    }
  }
  return [...top.fields].map(([key, f]) => fieldOf(key, f, key in data ? { value: data[key] } : undefined));
}

function fieldOf(key: string, f: FieldNode, sample: { value: unknown } | undefined): SchemaField {
  const type = f.type ?? "string";
  const fields = [...f.fields].map(([k, c]) => fieldOf(k, c, undefined));
  const value = sample === undefined ? undefined : Array.isArray(sample.value) ? sample.value.slice(0, SAMPLE_ROWS) : sample.value;
  return { key, type, ...((type === "object" || type === "array") && fields.length > 0 ? { fields } : {}), ...(value !== undefined && value !== null ? { sample: value } : {}) };
}

function mergeSample(target: FieldNode, value: unknown): void {
  const type = typeOfValue(value);
  if (type !== undefined && (target.type === undefined || target.type === "string")) target.type = type;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, SAMPLE_ROWS)) if (isRecord(item)) for (const [k, v] of Object.entries(item)) mergeSample(child(target, k), v);
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) mergeSample(child(target, k), v);
  }
}

function typeOfValue(value: unknown): SchemaFieldType | undefined {
  if (typeof value === "number" || typeof value === "bigint") return "number";
  if (typeof value === "boolean") return "boolean";
  if (Array.isArray(value)) return "array";
  if (isRecord(value)) return "object";
  if (typeof value !== "string") return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return "date";
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return "datetime";
  if (/^data:image\//i.test(value)) return "image";
  return "string";
}

function typeFromFilters(filters: readonly FilterCall[]): SchemaFieldType | undefined {
  const first = filters[0]?.name;
  return first === "number" ? "number" : first === "date" ? "date" : first === "datetime" ? "datetime" : undefined;
}

function child(parent: FieldNode, key: string): FieldNode {
  let c = parent.fields.get(key);
  if (c === undefined) parent.fields.set(key, (c = node()));
  return c;
}

// `customer.name` → [customer, name]; `$root.total` → [total]; built-ins (`$index`, `$page`, `$today`) and
// indexes (`items[0]`) read nothing a schema names.
function stepsOf(path: string): string[] {
  const plain = path.startsWith("$root.") ? path.slice("$root.".length) : path;
  if (plain === "" || plain.startsWith("$")) return [];
  const cut = plain.search(/[[\]]/);
  return (cut >= 0 ? plain.slice(0, cut) : plain).split(".").filter((s) => s !== "");
}

const bare = (value: string): string => value.replace(/^\s*\{\{|\}\}\s*$/g, "").trim();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
