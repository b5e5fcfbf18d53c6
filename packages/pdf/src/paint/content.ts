// A page's content stream as one growing Latin-1 byte buffer, plus the graphics state the painters have set, so
// that repeated colours, fonts and line styles are written once. pdfkit's own drawing methods each append a
// separate chunk; building the stream here and handing it over once per page is measurably cheaper. Bytes rather
// than a JS string: the hot painters (text runs, rectangles) write numbers and hex codes straight into the
// buffer, so a page allocates no number strings, no string ropes and no flattened copy before the Buffer.
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

function takeSpareBuffer(): Uint8Array {
  const spare = spareBuffer;
  spareBuffer = undefined;
  return spare ?? new Uint8Array(16384);
}

const HEX_DIGITS = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];
/** `num` writes integers of up to 15 digits exactly like `String` does (no exponent, no rounding). */
const MAX_EXACT = 1e15;
const SPACE = 32;
const NEWLINE = 10;

// The buffer of a finished document's builder, for the next document's: a page of table rows outgrows the first
// 16 KB, and every render allocated, grew and copied a buffer of its own. At most one is kept, up to 1 MiB.
let spareBuffer: Uint8Array | undefined;
const SPARE_LIMIT = 1 << 20;

/** One page's content stream under construction. */
export class ContentBuilder {
  private buf: Uint8Array = takeSpareBuffer();
  private length = 0;
  private state: GraphicsState = initialState();
  private readonly stack: GraphicsState[] = [];

  /** Appends raw operators (each call is one line). Characters are written as Latin-1, like `Buffer.from(s, "latin1")`. */
  op(line: string): void {
    this.text(line);
    this.byte(NEWLINE);
  }

  /** Takes the operators written so far (for handing to pdfkit before it appends its own); empty when none. */
  take(): Uint8Array {
    const length = this.length;
    // allocUnsafe serves small streams from Node's shared pool; the builder's own buffer is reused.
    const out = Buffer.allocUnsafe(length);
    out.set(this.buf.subarray(0, length));
    this.length = 0;
    return out;
  }

  /** Hands the buffer over to the next document's builder (after the last page; this builder may still be used). */
  release(): void {
    const buf = this.buf;
    this.buf = new Uint8Array(256);
    this.length = 0;
    if (buf.length <= SPARE_LIMIT && (spareBuffer === undefined || spareBuffer.length < buf.length)) spareBuffer = buf;
  }

  /** Whether nothing was written since the last `take`. */
  get empty(): boolean {
    return this.length === 0;
  }

  /** Starts a new page: the stream and the tracked graphics state are cleared (the buffer is kept). */
  reset(): void {
    this.length = 0;
    this.state = initialState();
    this.stack.length = 0;
  }

  /** Appends characters without a newline (Latin-1: the low byte of each UTF-16 unit). */
  text(value: string): void {
    const n = value.length;
    this.reserve(n);
    const buf = this.buf;
    let at = this.length;
    for (let i = 0; i < n; i++) buf[at++] = value.charCodeAt(i) & 0xff;
    this.length = at;
  }

  /** Appends one byte (an ASCII character code). */
  byte(code: number): void {
    if (this.length === this.buf.length) this.reserve(1);
    this.buf[this.length++] = code;
  }

  /** Appends a number exactly as `num` formats it, without making the string. */
  number(value: number): void {
    if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} into a PDF content stream`);
    const thousandths = Math.round(value * 1000);
    if (thousandths === 0) {
      this.byte(48);
      return;
    }
    // Beyond 15 digits String() may differ from the digits of the integer; such coordinates never occur in
    // practice, but the string path keeps them exact.
    if (thousandths >= MAX_EXACT || thousandths <= -MAX_EXACT) {
      this.text(num(value));
      return;
    }
    this.reserve(20);
    const buf = this.buf;
    let at = this.length;
    let magnitude = thousandths;
    if (magnitude < 0) {
      buf[at++] = 45; // -
      magnitude = -magnitude;
    }
    const whole = Math.floor(magnitude / 1000);
    let fraction = magnitude - whole * 1000;
    at = writeInteger(buf, at, whole);
    if (fraction !== 0) {
      buf[at++] = 46; // .
      // Three digits with the trailing zeros dropped, as the shortest round-trip form of n/1000 has them.
      let digits = 3;
      while (fraction % 10 === 0) {
        fraction /= 10;
        digits--;
      }
      for (let d = digits - 1, f = fraction; d >= 0; d--, f = Math.floor(f / 10)) buf[at + d] = 48 + (f % 10);
      at += digits;
    }
    this.length = at;
  }

  /** Appends a number followed by a space. */
  numberSpace(value: number): void {
    this.number(value);
    this.byte(SPACE);
  }

  /** Appends a 16-bit value as four lowercase hex digits (a CID in a hex string). */
  hex4(value: number): void {
    this.reserve(4);
    const buf = this.buf;
    const at = this.length;
    buf[at] = HEX_DIGITS[(value >> 12) & 15]!;
    buf[at + 1] = HEX_DIGITS[(value >> 8) & 15]!;
    buf[at + 2] = HEX_DIGITS[(value >> 4) & 15]!;
    buf[at + 3] = HEX_DIGITS[value & 15]!;
    this.length = at + 4;
  }

  private reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
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
    for (let i = 0; i < 6; i++) this.numberSpace(m[i]!);
    this.op("cm");
  }

  /** Records the effective opacity after an ExtGState was set. */
  setAlpha(alpha: number): void {
    this.state.alpha = alpha;
  }

  fillColour(colour: string): void {
    if (this.state.fill === colour) return;
    this.state.fill = colour;
    this.text(rgb(colour));
    this.op(" rg");
  }

  strokeColour(colour: string): void {
    if (this.state.stroke === colour) return;
    this.state.stroke = colour;
    this.text(rgb(colour));
    this.op(" RG");
  }

  lineWidth(width: number): void {
    if (this.state.lineWidth === width) return;
    this.state.lineWidth = width;
    this.numberSpace(width);
    this.op("w");
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
    this.numberSpace(spacing);
    this.op("Tc");
  }

  /** Sets the font for the next text object (`Tf` is graphics state, so it survives `ET`). */
  font(name: string, size: number): void {
    if (this.state.font === name && this.state.fontSize === size) return;
    this.state.font = name;
    this.state.fontSize = size;
    this.byte(47); // /
    this.text(name);
    this.byte(SPACE);
    this.numberSpace(size);
    this.op("Tf");
  }
}

/** Writes a non-negative integer below 1e15 in decimal at `at`; returns the position after it. */
function writeInteger(buf: Uint8Array, at: number, value: number): number {
  if (value < 10) {
    buf[at] = 48 + value;
    return at + 1;
  }
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  for (let d = digits - 1, v = value; d >= 0; d--, v = Math.floor(v / 10)) buf[at + d] = 48 + (v % 10);
  return at + digits;
}
