// `ex` and `ch` from the face an element's text is set in: the face's x-height (OS/2 sxHeight, else the
// height of "x") and the advance of "0", in ems — what browsers use. The family list is read as the layout
// reads it (first family the registry has; `serif` and `monospace` by their designer stand-ins; else the
// default family). Memoised per registry and (families, weight, style).
import type { FontRegistry } from "../text/registry.js";
import type { FontUnits } from "./style.js";

const GENERIC: Readonly<Record<string, string | undefined>> = {
  serif: "Noto Serif", "ui-serif": "Noto Serif", monospace: "JetBrains Mono", "ui-monospace": "JetBrains Mono",
};

const byRegistry = new WeakMap<FontRegistry, FontUnits>();

/** The ex/ch measure for a registry (the same function per registry, so callers may key caches on it). */
export function fontUnitsOf(fonts: FontRegistry): FontUnits {
  let units = byRegistry.get(fonts);
  if (units) return units;
  const memo = new Map<string, { ex: number; ch: number } | undefined>();
  units = (family, weight, italic) => {
    const key = `${family.join("\u0001")}\u0000${weight}\u0000${italic}`;
    if (memo.has(key)) return memo.get(key);
    let name: string | undefined;
    for (const f of family) {
      const lower = f.toLowerCase();
      if (lower in GENERIC) {
        name = GENERIC[lower];
        if (name !== undefined && fonts.facesOf(name).length === 0) name = undefined;
        break;
      }
      if (fonts.facesOf(f).length > 0) {
        name = f;
        break;
      }
    }
    let value: { ex: number; ch: number } | undefined;
    try {
      const { font } = fonts.match(name, weight, italic).face;
      const em = font.unitsPerEm || 1000;
      const x = font.xHeight > 0 ? font.xHeight : font.glyphForCodePoint(0x78).bbox.maxY;
      const zero = font.glyphForCodePoint(0x30).advanceWidth;
      value = x > 0 && zero > 0 ? { ex: x / em, ch: zero / em } : undefined;
    } catch {
      value = undefined;
    }
    if (memo.size > 256) memo.clear();
    memo.set(key, value);
    return value;
  };
  byRegistry.set(fonts, units);
  return units;
}
