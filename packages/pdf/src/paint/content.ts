// A page's content stream as one growing string, plus the graphics state the painters have set, so that
// repeated colours, fonts and line styles are written once. pdfkit's own drawing methods each append a
// separate chunk; building the string here and handing it over once per page is measurably cheaper.
import type { Matrix } from "@docsvc/layout";

/** The graphics state this painter tracks; `q`/`Q` push and pop it together with the PDF one. */
interface GraphicsState {
  fill: string;
  stroke: string;
  lineWidth: number;
  dash: string;
  /** Line cap and join styles (`J`, `j`): 0 butt/miter, 1 round, 2 square/bevel. */
  cap: number;
  join: number;
  font: string;
  fontSize: number;
  charSpacing: number;
  /** Effective opacity (products of nested groups), because `ca`/`CA` in an ExtGState replace, not multiply. */
  alpha: number;
  /** Page space (y down) from the current user space: for link rectangles under a transform. */
  ctm: Matrix;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function initialState(): GraphicsState {
  // "" = unknown: the first colour/font is always written. 1 and solid are PDF's initial line state.
  return { fill: "", stroke: "", lineWidth: 1, dash: "", cap: 0, join: 0, font: "", fontSize: 0, charSpacing: 0, alpha: 1, ctm: IDENTITY };
}

/** Formats a number for a content stream: at most 3 decimals, no exponent, no `-0`. */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} into a PDF content stream`);
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? "0" : String(rounded);
}

const colourCache = new Map<string, string>();

/** `#rrggbb` (or `#rgb`) → `r g b` components in 0..1, cached per distinct colour. */
export function rgb(colour: string): string {
  const cached = colourCache.get(colour);
  if (cached !== undefined) return cached;
  let hex = colour.startsWith("#") ? colour.slice(1) : colour;
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  if (!/^[0-9a-fA-F]{6}$/.test(hex)) throw new TypeError(`Not a resolved frame colour: ${JSON.stringify(colour)}`);
  const value = Number.parseInt(hex, 16);
  const channel = (shift: number): string => num(((value >> shift) & 0xff) / 255);
  const components = `${channel(16)} ${channel(8)} ${channel(0)}`;
  if (colourCache.size < 4096) colourCache.set(colour, components);
  return components;
}

/** Multiplies two affine matrices: `inner` applied first, then `outer`. */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
}

/** One page's content stream under construction. */
export class ContentBuilder {
  private out = "";
  private state: GraphicsState = initialState();
  private readonly stack: GraphicsState[] = [];

  /** Appends raw operators (each call is one line). */
  op(line: string): void {
    this.out += line + "\n";
  }

  /** Takes the operators written so far (for handing to pdfkit before it appends its own). */
  take(): string {
    const out = this.out;
    this.out = "";
    return out;
  }

  get alpha(): number {
    return this.state.alpha;
  }

  get ctm(): Matrix {
    return this.state.ctm;
  }

  save(): void {
    this.stack.push({ ...this.state });
    this.op("q");
  }

  restore(): void {
    const previous = this.stack.pop();
    if (previous === undefined) throw new Error("restore() without save()");
    this.state = previous;
    this.op("Q");
  }

  /** Concatenates a matrix to the CTM (`cm`). */
  transform(m: Matrix): void {
    this.state.ctm = multiply(this.state.ctm, m);
    this.op(`${num(m[0])} ${num(m[1])} ${num(m[2])} ${num(m[3])} ${num(m[4])} ${num(m[5])} cm`);
  }

  /** Records the effective opacity after an ExtGState was set. */
  setAlpha(alpha: number): void {
    this.state.alpha = alpha;
  }

  fillColour(colour: string): void {
    if (this.state.fill === colour) return;
    this.state.fill = colour;
    this.op(`${rgb(colour)} rg`);
  }

  strokeColour(colour: string): void {
    if (this.state.stroke === colour) return;
    this.state.stroke = colour;
    this.op(`${rgb(colour)} RG`);
  }

  lineWidth(width: number): void {
    if (this.state.lineWidth === width) return;
    this.state.lineWidth = width;
    this.op(`${num(width)} w`);
  }

  /** Sets the dash pattern; an empty or missing array is a solid line. */
  dash(pattern: readonly number[] | undefined): void {
    const valid = pattern !== undefined && pattern.length > 0 && pattern.every((v) => v >= 0) && pattern.some((v) => v > 0);
    const key = valid ? pattern.map(num).join(" ") : "";
    if (this.state.dash === key) return;
    this.state.dash = key;
    this.op(`[${key}] 0 d`);
  }

  /** Sets the line cap style (`J`: 0 butt, 1 round, 2 square). */
  lineCap(style: number): void {
    if (this.state.cap === style) return;
    this.state.cap = style;
    this.op(`${style} J`);
  }

  /** Sets the line join style (`j`: 0 miter, 1 round, 2 bevel). */
  lineJoin(style: number): void {
    if (this.state.join === style) return;
    this.state.join = style;
    this.op(`${style} j`);
  }

  /** Sets the character spacing (`Tc`, in points; graphics state like `Tf`). */
  charSpacing(spacing: number): void {
    if (this.state.charSpacing === spacing) return;
    this.state.charSpacing = spacing;
    this.op(`${num(spacing)} Tc`);
  }

  /** Sets the font for the next text object (`Tf` is graphics state, so it survives `ET`). */
  font(name: string, size: number): void {
    if (this.state.font === name && this.state.fontSize === size) return;
    this.state.font = name;
    this.state.fontSize = size;
    this.op(`/${name} ${num(size)} Tf`);
  }
}
