// Counter styles (CSS Counter Styles 3, the predefined ones browsers print): a number as text for
// counter()/counters() and list markers. Unknown styles print as decimal, as in browsers.

/** `n` in a counter style, without suffix (`iv`, `δ`, `•`); "" for `none`. */
export function formatCounter(n: number, style: string): string {
  switch (style) {
    case "none":
      return "";
    case "disc":
      return "\u2022";
    case "circle":
      return "\u25E6";
    case "square":
      return "\u25AA";
    case "decimal-leading-zero":
      return n < 10 && n >= 0 ? `0${n}` : String(n);
    case "lower-alpha":
    case "lower-latin":
      return alphabetic(n, LATIN);
    case "upper-alpha":
    case "upper-latin":
      return alphabetic(n, LATIN).toUpperCase();
    case "lower-greek":
      return alphabetic(n, GREEK);
    case "upper-greek":
      return alphabetic(n, GREEK).toUpperCase();
    case "lower-roman":
      return roman(n).toLowerCase();
    case "upper-roman":
      return roman(n);
    default:
      return String(n);
  }
}

/** The marker text of a list item (`3.`, `iv.`, `•`); undefined for `none`; a `"string"` style prints as is. */
export function markerText(style: string, n: number): string | undefined {
  if (style === "none") return undefined;
  if (/^["']/.test(style)) return style.slice(1, -1);
  if (style === "disc" || style === "circle" || style === "square") return formatCounter(n, style);
  return `${formatCounter(n, style)}.`;
}

/** True for styles markers draw as shapes rather than text. */
export function isBullet(style: string): style is "disc" | "circle" | "square" {
  return style === "disc" || style === "circle" || style === "square";
}

const LATIN = "abcdefghijklmnopqrstuvwxyz";
// Greek lower case without the final sigma, as CSS's lower-greek.
const GREEK = "αβγδεζηθικλμνξοπρστυφχψω";

function alphabetic(n: number, letters: string): string {
  if (n < 1) return String(n);
  const symbols = [...letters];
  let out = "";
  for (let v = n; v > 0; v = Math.floor((v - 1) / symbols.length)) out = (symbols[(v - 1) % symbols.length] as string) + out;
  return out;
}

function roman(n: number): string {
  if (n < 1 || n > 3999) return String(n);
  const table: [number, string][] = [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"], [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
  let out = "";
  let v = n;
  for (const [value, digits] of table) {
    while (v >= value) {
      out += digits;
      v -= value;
    }
  }
  return out;
}
