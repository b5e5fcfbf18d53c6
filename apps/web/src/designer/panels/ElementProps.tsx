// The selected element's properties: every key the document model gives its type (docs/document-model.md,
// packages/layout/src/model/types.ts), each written back as one edit.
import type { Band, ChartSeries, Element, SchemaField, TableColumn, TemplateDocument } from "../engine";
import { CHART_TYPES, FIELD_KINDS, resolveColour, resolvePalette } from "../engine";
import type { DesignerEditor } from "../model/editor";
import { colourDefault } from "./colour-default";
import { ColumnsEditor } from "./ColumnsEditor";
import { BoolProp, ColourProp, NumberProp, Row, SelectProp, TextProp } from "./fields";
import { ImageSource } from "./ImageSource";
import { SeriesEditor } from "./SeriesEditor";
import { fieldPaths } from "./schema-paths";
import { TokenPicker } from "./TokenPicker";

const ROLES = ["title", "heading", "subheading", "body", "label", "caption"];
const ALIGNS = ["left", "center", "right", "justify", "start", "end"];
const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const BARCODES = ["qr", "code128", "code39", "ean13", "ean8", "upca", "itf14", "datamatrix", "pdf417"];
const ICONS = ["star", "check", "x", "phone", "mail", "map-pin", "globe", "calendar", "clock", "user", "building", "credit-card", "truck", "package", "heart", "info", "alert-triangle", "file-text", "shopping-cart", "home"];

type Props = { readonly [k: string]: unknown };

/** The panel. */
export function ElementProps({ editor, element, band, fonts, data }: {
  readonly editor: DesignerEditor; readonly element: Element; readonly band: Band; readonly fonts: readonly string[]; readonly data: unknown;
}) {
  const ro = !editor.canEdit;
  const el = element as unknown as Props;
  const set = (key: string, value: unknown) => editor.updateElements([{ id: element.id, patch: { [key]: value } }]);
  const palette = resolvePalette(editor.doc.brand);
  const resolve = (v: string) => resolveColour(v, palette);
  const num = (key: string, label: string, extra: { min?: number; max?: number; step?: number } = {}) => (
    <NumberProp key={key} k={key} label={label} value={el[key] as number | undefined} onChange={(v) => set(key, v)} readOnly={ro} {...extra} />
  );
  const colour = (key: string, label: string) => <ColourProp key={key} k={key} label={label} value={el[key] as string | undefined} onChange={(v) => set(key, v)} resolve={resolve} readOnly={ro} fallback={colourDefault(element.type, key)} />;
  const bool = (key: string, label: string) => <BoolProp key={key} k={key} label={label} value={el[key] as boolean | undefined} onChange={(v) => set(key, v)} readOnly={ro} />;
  const select = (key: string, label: string, options: readonly (string | number)[], required = false) => (
    <SelectProp key={key} k={key} label={label} value={el[key] as string | undefined} options={options} required={required} readOnly={ro}
      onChange={(v) => set(key, v === undefined ? undefined : typeof options[0] === "number" ? Number(v) : v)} />
  );
  // A text's or markdown's content is merged per character with peers' typing; other keys are set whole.
  const edit = (key: string) => (editor.editText !== undefined && key === "text" && (element.type === "text" || element.type === "markdown")
    ? (base: string, next: string, caret: number | undefined) => editor.editText?.(element.id, key, base, next, caret)
    : undefined);
  const text = (key: string, label: string, multiline = false) => {
    const onEdit = edit(key);
    return <TextProp key={key} k={key} label={label} value={el[key] as string | undefined} onChange={(v) => set(key, v ?? (key === "text" || key === "value" ? "" : undefined))}
      {...(onEdit ? { onEdit } : {})} multiline={multiline} readOnly={ro} />;
  };
  const row = band.bindingField ? firstRow(data, band.bindingField) : undefined;
  const tokens = (key: string) => !ro && (
    <TokenPicker schema={editor.doc.schema} doc={editor.doc} data={data} row={row} onPick={(t) => set(key, `${(el[key] as string | undefined) ?? ""}${t}`)} />
  );
  const dash = (
    <TextProp key="dash" k="dash" label="Dash (points, comma separated)" value={(el["dash"] as number[] | undefined)?.join(", ")} readOnly={ro}
      same={(draft, stored) => (dashOf(draft)?.join(", ") ?? "") === stored}
      onChange={(v) => set("dash", dashOf(v ?? ""))} />
  );
  const border = el["border"] as { width?: number; color?: string; radius?: number } | undefined;
  const setBorder = (k: string, v: unknown) => {
    const next: Record<string, unknown> = { ...(border ?? {}) };
    if (v === undefined) delete next[k]; else next[k] = v;
    set("border", Object.keys(next).length ? next : undefined);
  };
  const textStyle = [
    select("role", "Role", ROLES),
    <SelectProp key="fontFamily" k="fontFamily" label="Font" value={el["fontFamily"] as string | undefined} options={fonts} onChange={(v) => set("fontFamily", v)} readOnly={ro} />,
    num("fontSize", "Font size", { min: 1 }),
    select("fontWeight", "Weight", WEIGHTS),
    bool("italic", "Italic"), bool("underline", "Underline"), bool("strike", "Strikethrough"),
    colour("color", "Colour"), colour("bg", "Background"),
    select("align", "Alignment", ALIGNS), select("verticalAlign", "Vertical alignment", ["top", "middle", "bottom"]),
    num("lineHeight", "Line height (× size)", { min: 0.5, step: 0.1 }), num("letterSpacing", "Letter spacing"), num("padding", "Padding", { min: 0 }),
    <NumberProp key="bw" k="border.width" label="Border width" value={border?.width} onChange={(v) => setBorder("width", v)} readOnly={ro} />,
    <ColourProp key="bc" k="border.color" label="Border colour" value={border?.color} onChange={(v) => setBorder("color", v)} resolve={resolve} readOnly={ro} fallback={colourDefault(element.type, "border.color")} />,
    <NumberProp key="br" k="border.radius" label="Border radius" value={border?.radius} onChange={(v) => setBorder("radius", v)} readOnly={ro} />,
    select("overflow", "Overflow", ["grow", "clip", "shrink"]), select("numeric", "Figures", ["tabular", "proportional"]), select("direction", "Direction", ["ltr", "rtl", "auto"]),
  ];

  let specific: React.ReactNode[] = [];
  switch (element.type) {
    case "text":
    case "markdown":
      specific = [text("text", element.type === "text" ? "Text" : "Markdown", true), tokens("text"), ...textStyle];
      break;
    case "image":
      specific = [
        <ImageSource key="src" value={element.src} onChange={(v) => set("src", v)} readOnly={ro} />,
        <SelectProp key="bindingField" k="bindingField" label="Or bound to field" value={element.bindingField} readOnly={ro}
          options={fieldPaths(editor.doc.schema).filter((f) => f.type === "image" || f.type === "string").map((f) => f.path)} onChange={(v) => set("bindingField", v)} />,
        select("fit", "Fit", ["contain", "cover", "fill"]),
      ];
      break;
    case "table": {
      const arrays = fieldPaths(editor.doc.schema).filter((f) => f.type === "array");
      const itemKeys = itemFields(editor.doc.schema, element.bindingField);
      specific = [
        <SelectProp key="bindingField" k="bindingField" label="Rows from (array)" value={element.bindingField || undefined} options={arrays.map((f) => f.path)} readOnly={ro}
          onChange={(v) => set("bindingField", v ?? "")} />,
        <ColumnsEditor key="columns" columns={element.columns} itemKeys={itemKeys} readOnly={ro} onChange={(c: TableColumn[]) => set("columns", c)} />,
        num("headerHeight", "Header height", { min: 0 }), num("rowHeight", "Row height", { min: 1 }), num("fontSize", "Font size", { min: 1 }),
        <SelectProp key="fontFamily" k="fontFamily" label="Font" value={element.fontFamily} options={fonts} onChange={(v) => set("fontFamily", v)} readOnly={ro} />,
        colour("headerBg", "Header background"), colour("headerColor", "Header text"), colour("color", "Text colour"), colour("stripeBg", "Stripe background"),
        colour("borderColor", "Border colour"), num("borderWidth", "Border width", { min: 0 }), num("padding", "Cell padding", { min: 0 }),
        select("numeric", "Figures", ["tabular", "proportional"]), select("direction", "Direction", ["ltr", "rtl", "auto"]),
      ];
      break;
    }
    case "line":
      specific = [colour("stroke", "Stroke"), num("strokeWidth", "Stroke width", { min: 0 }), dash];
      break;
    case "rect":
      specific = [colour("fill", "Fill"), colour("stroke", "Stroke"), num("strokeWidth", "Stroke width", { min: 0 }), dash, num("radius", "Corner radius", { min: 0 })];
      break;
    case "ellipse":
      specific = [colour("fill", "Fill"), colour("stroke", "Stroke"), num("strokeWidth", "Stroke width", { min: 0 }), dash];
      break;
    case "barcode":
      specific = [select("format", "Format", BARCODES, true), text("value", "Value"), tokens("value"), bool("showText", "Show the text"), colour("color", "Colour"), num("dpi", "Printer dpi", { min: 72 })];
      break;
    case "chart": {
      const itemKeys = itemFields(editor.doc.schema, element.bindingField);
      specific = [
        select("chartType", "Chart", CHART_TYPES, true),
        <TextProp key="bindingField" k="bindingField" label="Data (array path)" value={element.bindingField} placeholder="e.g. sales" readOnly={ro} onChange={(v) => set("bindingField", v ?? "")} />,
        <TextProp key="categoryKey" k="categoryKey" label={element.chartType === "scatter" ? "X value key" : "Category key"} value={element.categoryKey} readOnly={ro} onChange={(v) => set("categoryKey", v)} />,
        <SeriesEditor key="series" series={Array.isArray(element.series) ? element.series : []} itemKeys={itemKeys} readOnly={ro} onChange={(series: ChartSeries[]) => set("series", series)} />,
        text("xAxisTitle", "X axis title"), text("yAxisTitle", "Y axis title"),
        text("valueFormat", "Value format (e.g. number:\"#,##0\")"), text("categoryFormat", "Category format (e.g. date:\"MMM\")"),
        select("legend", "Legend", ["auto", "none", "top", "bottom", "right"]), bool("dataLabels", "Data labels"),
        // Grid lines are drawn unless the key is false, so the box says "no grid lines".
        <BoolProp key="gridLines" k="gridLines" label="No grid lines" value={element.gridLines === false} onChange={(v) => set("gridLines", v ? false : undefined)} readOnly={ro} />,
        num("fontSize", "Label size", { min: 1 }),
        <SelectProp key="fontFamily" k="fontFamily" label="Font" value={element.fontFamily} options={fonts} onChange={(v) => set("fontFamily", v)} readOnly={ro} />,
        colour("color", "Label colour"),
      ];
      break;
    }
    case "field":
      specific = [
        select("kind", "Kind", FIELD_KINDS, true),
        <TextProp key="name" k="name" label="Name (unique in the document)" value={element.name} onChange={(v) => set("name", v ?? "")} readOnly={ro} />,
        text("value", element.kind === "checkbox" ? "Checked when (true, yes, a token…)" : "Default value"), tokens("value"),
        ...(element.kind === "radio" || element.kind === "dropdown"
          ? [<TextProp key="options" k="options" label="Options (comma separated)" value={element.options?.join(", ")} readOnly={ro}
              same={(draft, stored) => optionsOf(draft).join(", ") === stored}
              onChange={(v) => set("options", optionsOf(v ?? ""))} />]
          : []),
        bool("required", "Required"), bool("readOnly", "Read-only"),
        num("fontSize", "Font size", { min: 1 }), colour("color", "Text colour"), colour("bg", "Background"), colour("borderColor", "Border colour"),
        ...(element.kind === "text" || element.kind === "multiline" || element.kind === "date" ? [num("maxLength", "Most characters", { min: 1 })] : []),
        text("label", "Tooltip (accessible name)"),
      ];
      break;
    case "icon":
      specific = [
        <TextProp key="name" k="name" label="Icon name (Lucide)" value={element.name} onChange={(v) => set("name", v)} readOnly={ro} />,
        <Row key="icons" label="Common icons">
          <span className="d-icon-picker">{ICONS.map((n) => <button key={n} type="button" disabled={ro} aria-pressed={element.name === n} onClick={() => set("name", n)}>{n}</button>)}</span>
        </Row>,
        text("svg", "Or inline SVG", true), colour("color", "Colour"),
      ];
      break;
  }

  return (
    <section className="d-panel" aria-label="Element properties" data-testid="element-props">
      <h3>{element.type} <code>{element.id}</code></h3>
      <div className="d-grid4">
        {num("x", "X")}{num("y", "Y")}{num("width", "Width", { min: 0 })}{num("height", "Height", { min: 0 })}
      </div>
      {specific}
      <TextProp k="visibleIf" label="Visible if (token expression)" value={element.visibleIf} onChange={(v) => set("visibleIf", v)} readOnly={ro} />
      {num("opacity", "Opacity (0–1)", { min: 0, max: 1, step: 0.05 })}
      {num("rotation", "Rotation (degrees)")}
    </section>
  );
}

/** A field's options as typed ("Small, Medium, Large"): trimmed, empty ones dropped. */
function optionsOf(text: string): string[] {
  return text.split(",").map((o) => o.trim()).filter(Boolean);
}

/** A dash pattern as typed ("4, 2"), or undefined when it is not one. */
function dashOf(text: string): number[] | undefined {
  const parts = text.split(/[\s,]+/).filter(Boolean).map(Number);
  return parts.length && parts.every((n) => Number.isFinite(n) && n >= 0) ? parts : undefined;
}

function firstRow(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const k of path.split(".")) cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[k] : undefined;
  return Array.isArray(cur) ? cur[0] : undefined;
}

/** The keys of the items of the array at `path` in the schema. */
export function itemFields(schema: readonly SchemaField[], path: string | undefined): string[] {
  if (!path) return [];
  let fields: readonly SchemaField[] | undefined = schema;
  let found: SchemaField | undefined;
  for (const k of path.split(".")) {
    found = fields?.find((f) => f.key === k);
    fields = found?.fields;
  }
  return found?.type === "array" ? (found.fields ?? []).map((f) => f.key) : [];
}

export type { TemplateDocument };
