// SVG `transform` lists (matrix, translate, scale, rotate, skewX, skewY) as one affine matrix.
import type { Matrix } from "../frame/types.js";

/** The identity matrix. */
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Multiplies two affine matrices: `inner` applied first, then `outer`. */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
}

/** True when every entry is finite and small enough to write into a PDF (hostile input can say 1e308). */
export function isSaneMatrix(m: Matrix): boolean {
  return m.every((v) => Number.isFinite(v) && Math.abs(v) < 1e7) && Math.abs(m[0] * m[3] - m[1] * m[2]) > 1e-12;
}

const FUNCTION = /\s*,?\s*([a-zA-Z]+)\s*\(([^)]*)\)/y;
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;

/** Parses a transform list; undefined when it is malformed (the attribute is then ignored, as browsers do). */
export function parseTransform(text: string): Matrix | undefined {
  let m = IDENTITY;
  FUNCTION.lastIndex = 0;
  let at = 0;
  const source = text.trim();
  while (at < source.length) {
    FUNCTION.lastIndex = at;
    const match = FUNCTION.exec(source);
    if (!match) return undefined;
    at = FUNCTION.lastIndex;
    const args = (match[2] ?? "").match(NUMBER)?.map(Number) ?? [];
    const step = transformOf((match[1] ?? "").toLowerCase(), args);
    if (!step) return undefined;
    m = multiply(m, step);
    while (at < source.length && /[\s,]/.test(source[at] ?? "")) at++;
  }
  return m;
}

function transformOf(name: string, v: readonly number[]): Matrix | undefined {
  const a = (i: number, fallback?: number): number | undefined => v[i] ?? fallback;
  switch (name) {
    case "matrix":
      return v.length === 6 ? [v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!] : undefined;
    case "translate":
      return v.length >= 1 && v.length <= 2 ? [1, 0, 0, 1, v[0]!, a(1, 0)!] : undefined;
    case "scale":
      return v.length >= 1 && v.length <= 2 ? [v[0]!, 0, 0, a(1, v[0])!, 0, 0] : undefined;
    case "rotate": {
      if (v.length !== 1 && v.length !== 3) return undefined;
      const r = (v[0]! * Math.PI) / 180;
      const rot: Matrix = [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
      if (v.length === 1) return rot;
      const cx = v[1]!;
      const cy = v[2]!;
      return multiply(multiply([1, 0, 0, 1, cx, cy], rot), [1, 0, 0, 1, -cx, -cy]);
    }
    case "skewx":
      return v.length === 1 ? [1, 0, Math.tan((v[0]! * Math.PI) / 180), 1, 0, 0] : undefined;
    case "skewy":
      return v.length === 1 ? [1, Math.tan((v[0]! * Math.PI) / 180), 0, 1, 0, 0] : undefined;
    default:
      return undefined;
  }
}
