// Draws one element's content inside its box at the canvas scale (CSS pixels per point). Text is set in the
// designer fonts the server serves (/fonts/fonts.css), so line breaks land close to the PDF's.
import type { CSSProperties, ReactNode } from "react";
import type { Element, TableElement, TextElement } from "../engine";
import { BarcodeView } from "./BarcodeView";
import { ChartView } from "./ChartView";
import { FieldView } from "./FieldView";
import { IconView } from "./IconView";
import { MarkdownView } from "./MarkdownView";
import { cssColour, displayText, fontFamilyOf, valueAt, type PaintContext } from "./paint";

const JUSTIFY: Record<string, CSSProperties["textAlign"]> = { left: "left", center: "center", right: "right", justify: "justify", start: "start", end: "end" };
const V_ALIGN: Record<string, CSSProperties["justifyContent"]> = { top: "flex-start", middle: "center", bottom: "flex-end" };

function textStyle(el: Pick<TextElement, "fontSize" | "fontWeight" | "italic" | "color" | "bg" | "align" | "verticalAlign" | "lineHeight" | "letterSpacing" | "padding" | "border" | "underline" | "strike" | "fontFamily" | "role" | "overflow">, s: number, ctx: PaintContext): CSSProperties {
  const size = el.fontSize ?? 10;
  const decoration = [el.underline ? "underline" : "", el.strike ? "line-through" : ""].filter(Boolean).join(" ");
  return {
    fontFamily: fontFamilyOf(el, ctx.doc),
    fontSize: size * s,
    fontWeight: el.fontWeight ?? 400,
    fontStyle: el.italic ? "italic" : "normal",
    color: cssColour(el.color, ctx) ?? "#000000",
    background: cssColour(el.bg, ctx),
    textAlign: JUSTIFY[el.align ?? "start"] ?? "start",
    display: "flex",
    flexDirection: "column",
    justifyContent: V_ALIGN[el.verticalAlign ?? "top"],
    lineHeight: el.lineHeight ?? 1.2,
    letterSpacing: el.letterSpacing !== undefined ? el.letterSpacing * s : undefined,
    padding: (el.padding ?? 0) * s,
    border: el.border ? `${(el.border.width ?? 1) * s}px solid ${cssColour(el.border.color, ctx) ?? "#000"}` : undefined,
    borderRadius: el.border?.radius !== undefined ? el.border.radius * s : undefined,
    textDecoration: decoration || undefined,
    whiteSpace: "pre-wrap",
    overflowWrap: "break-word",
    // A growing text shows what overflows its box, as the render moves what is below it down.
    overflow: el.overflow === "clip" ? "hidden" : "visible",
    boxSizing: "border-box",
    width: "100%",
    height: "100%",
  };
}

function Table({ el, s, ctx }: { readonly el: TableElement; readonly s: number; readonly ctx: PaintContext }) {
  const header = el.headerHeight ?? 20;
  const rowH = el.rowHeight ?? 18;
  const rowsValue = valueAt(ctx.row ?? ctx.data, el.bindingField) ?? valueAt(ctx.data, el.bindingField);
  const sample = Array.isArray(rowsValue) && ctx.data !== null ? rowsValue : [null];
  const fits = Math.max(1, Math.floor((el.height - header) / rowH));
  const rows = sample.slice(0, fits);
  const size = (el.fontSize ?? 9) * s;
  const border = `${(el.borderWidth ?? 0.5) * s}px solid ${cssColour(el.borderColor, ctx) ?? "#d1d5db"}`;
  const pad = (el.padding ?? 4) * s;
  const cell = (align: string | undefined): CSSProperties => ({
    padding: `0 ${pad}px`, textAlign: align === "decimal" ? "right" : (JUSTIFY[align ?? "start"] ?? "start"), border,
    overflow: "hidden", whiteSpace: "nowrap", textOverflow: "clip", fontSize: size, lineHeight: 1.2,
  });
  return (
    <table className="d-table" style={{ fontFamily: fontFamilyOf(el, ctx.doc), fontSize: size, color: cssColour(el.color, ctx) ?? "#000", width: el.columns.reduce((w, c) => w + c.width, 0) * s }}>
      <colgroup>{el.columns.map((c, i) => <col key={i} style={{ width: c.width * s }} />)}</colgroup>
      <thead>
        <tr style={{ height: header * s }}>
          {el.columns.map((c, i) => <th key={i} style={{ ...cell(c.align), fontWeight: 700, background: cssColour(el.headerBg, ctx) ?? "#f3f4f6", color: cssColour(el.headerColor, ctx) ?? "inherit" }}>{c.header}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} style={{ height: rowH * s, background: r % 2 === 1 ? cssColour(el.stripeBg, ctx) : "transparent" }}>
            {el.columns.map((c, i) => {
              const token = `{{${c.key}${c.format ? ` | ${c.format}` : ""}}}`;
              const text = row === null ? token : displayText(token, { ...ctx, row });
              return <td key={i} style={cell(c.align)}>{c.key === "$index" && row !== null ? String(r + 1) : text}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Stroke({ el, s, ctx, shape }: { readonly el: Element & { stroke?: string; strokeWidth?: number; fill?: string; dash?: readonly number[]; radius?: number }; readonly s: number; readonly ctx: PaintContext; readonly shape: "line" | "rect" | "ellipse" }) {
  const sw = (el.strokeWidth ?? 1) * s;
  const stroke = cssColour(el.stroke, ctx) ?? (shape === "line" ? "#000" : "none");
  const fill = cssColour(el.fill, ctx) ?? "none";
  const dash = el.dash?.map((d) => d * s).join(" ");
  const w = Math.max(el.width * s, 1);
  const h = Math.max(el.height * s, 1);
  return (
    <svg className="d-svg" width={w} height={h} overflow="visible" aria-hidden="true">
      {shape === "line" && <line x1={0} y1={0} x2={el.width * s} y2={el.height * s} stroke={stroke} strokeWidth={sw} strokeDasharray={dash} />}
      {shape === "rect" && <rect x={0} y={0} width={el.width * s} height={el.height * s} rx={(el.radius ?? 0) * s} fill={fill} stroke={stroke} strokeWidth={sw} strokeDasharray={dash} />}
      {shape === "ellipse" && <ellipse cx={(el.width * s) / 2} cy={(el.height * s) / 2} rx={(el.width * s) / 2} ry={(el.height * s) / 2} fill={fill} stroke={stroke} strokeWidth={sw} strokeDasharray={dash} />}
    </svg>
  );
}

function Placeholder({ label, children }: { readonly label: string; readonly children?: ReactNode }) {
  return <div className="d-placeholder">{children}<span>{label}</span></div>;
}

/** The content of `el`, drawn into a box of its size. */
export function ElementView({ el, s, ctx }: { readonly el: Element; readonly s: number; readonly ctx: PaintContext }) {
  switch (el.type) {
    case "text":
      return <div className="d-text" style={textStyle(el, s, ctx)}>{displayText(el.text, ctx)}</div>;
    case "markdown":
      return <div className="d-text d-markdown" style={{ ...textStyle(el, s, ctx), whiteSpace: "normal" }}><MarkdownView text={displayText(el.text, ctx)} /></div>;
    case "image": {
      const raw = el.src ?? (el.bindingField ? `{{${el.bindingField}}}` : "");
      const src = raw.includes("{{") ? displayText(raw, ctx) : raw;
      const url = src.startsWith("data:") ? src : /^[A-Za-z0-9+/=\s]{32,}$/.test(src) ? `data:image/png;base64,${src.replace(/\s/g, "")}` : "";
      // Only data: URLs are drawn: the renderer never fetches a remote image, so the canvas does not either.
      return url ? <img className="d-image" src={url} alt="" draggable={false} style={{ objectFit: el.fit === "fill" ? "fill" : el.fit ?? "contain" }} /> : <Placeholder label={raw || "image"} />;
    }
    case "table":
      return el.columns.length ? <Table el={el} s={s} ctx={ctx} /> : <Placeholder label={`table ${el.bindingField || "(no binding)"}`} />;
    case "line":
    case "rect":
    case "ellipse":
      return <Stroke el={el} s={s} ctx={ctx} shape={el.type} />;
    case "barcode":
      return <BarcodeView value={displayText(el.value, ctx)} format={el.format} showText={el.showText === true} colour={cssColour(el.color, ctx) ?? "#000000"} />;
    case "icon":
      return <IconView name={el.name} svg={el.svg} colour={cssColour(el.color, ctx) ?? "#000000"} />;
    case "chart":
      return <ChartView el={el} s={s} ctx={ctx} />;
    case "field":
      return <FieldView el={el} s={s} ctx={ctx} />;
  }
}
