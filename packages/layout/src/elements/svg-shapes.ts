// Basic SVG shapes (rect with rounded corners, circle, ellipse, line, polyline, polygon) and path elements
// as path data, so every painted SVG element is one `path` shape.
import { format as f, normalisePathData } from "./svg-path.js";

/** A length attribute as a number of user units (`px` or no unit); undefined for anything else. */
export function length(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt)?\s*$/i.exec(value);
  if (!match) return undefined;
  const n = Number(match[1]) * (match[2]?.toLowerCase() === "pt" ? 4 / 3 : 1);
  return Number.isFinite(n) && Math.abs(n) <= 1e6 ? n : undefined;
}

/** The path data of a shape element; undefined when the tag is not a shape or its geometry draws nothing. */
export function shapePathData(tag: string, attrs: Readonly<Record<string, string>>): string | undefined {
  const n = (name: string, fallback = 0): number => length(attrs[name]) ?? fallback;
  switch (tag) {
    case "path": {
      const d = normalisePathData(attrs.d ?? "");
      return d === "" ? undefined : d;
    }
    case "rect": {
      const x = n("x");
      const y = n("y");
      const w = n("width");
      const h = n("height");
      if (!(w > 0 && h > 0)) return undefined;
      let rx = length(attrs.rx);
      let ry = length(attrs.ry);
      rx = rx === undefined || rx < 0 ? ry : rx;
      ry = ry === undefined || ry < 0 ? rx : ry;
      const cx = Math.min(Math.max(rx ?? 0, 0), w / 2);
      const cy = Math.min(Math.max(ry ?? 0, 0), h / 2);
      if (cx === 0 || cy === 0) return `M${f(x)} ${f(y)} H${f(x + w)} V${f(y + h)} H${f(x)} Z`;
      const arc = `A${f(cx)} ${f(cy)} 0 0 1`;
      return (
        `M${f(x + cx)} ${f(y)} H${f(x + w - cx)} ${arc} ${f(x + w)} ${f(y + cy)} V${f(y + h - cy)} ` +
        `${arc} ${f(x + w - cx)} ${f(y + h)} H${f(x + cx)} ${arc} ${f(x)} ${f(y + h - cy)} V${f(y + cy)} ${arc} ${f(x + cx)} ${f(y)} Z`
      );
    }
    case "circle":
      return ellipse(n("cx"), n("cy"), n("r"), n("r"));
    case "ellipse":
      return ellipse(n("cx"), n("cy"), n("rx"), n("ry"));
    case "line":
      return `M${f(n("x1"))} ${f(n("y1"))} L${f(n("x2"))} ${f(n("y2"))}`;
    case "polyline":
    case "polygon": {
      const values = (attrs.points ?? "").match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g)?.map(Number) ?? [];
      const points: string[] = [];
      for (let i = 0; i + 1 < values.length && i < 200_000; i += 2) {
        const px = values[i]!;
        const py = values[i + 1]!;
        if (!Number.isFinite(px) || !Number.isFinite(py) || Math.abs(px) > 1e6 || Math.abs(py) > 1e6) break;
        points.push(`${f(px)} ${f(py)}`);
      }
      if (points.length < 2) return undefined;
      return `M${points.join(" L")}${tag === "polygon" ? " Z" : ""}`;
    }
    default:
      return undefined;
  }
}

function ellipse(cx: number, cy: number, rx: number, ry: number): string | undefined {
  if (!(rx > 0 && ry > 0)) return undefined;
  const arc = `A${f(rx)} ${f(ry)} 0 1 0`;
  return `M${f(cx - rx)} ${f(cy)} ${arc} ${f(cx + rx)} ${f(cy)} ${arc} ${f(cx - rx)} ${f(cy)} Z`;
}
