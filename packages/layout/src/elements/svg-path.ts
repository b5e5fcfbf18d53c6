// SVG path data, checked and rewritten: hostile or broken data is cut at its first error (as SVG renderers
// do), numbers must be finite and of sane size, and the output is plain `C n n …` text any parser accepts.

const ARITY: Readonly<Record<string, number>> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
/** Coordinates beyond this are hostile or broken: the path is cut before them. */
const LIMIT = 1e6;
/** Longest path data accepted, in characters, so one attribute cannot stall a render. */
export const MAX_PATH_DATA = 1_000_000;

/** Normalises path data; "" when nothing drawable precedes the first error. */
export function normalisePathData(d: string): string {
  const out: string[] = [];
  const text = d.length > MAX_PATH_DATA ? d.slice(0, MAX_PATH_DATA) : d;
  let i = 0;
  let command = "";
  let started = false;
  const skipSpace = (): void => {
    while (i < text.length && " \t\n\r\f,".includes(text[i] ?? "")) i++;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) break;
    const ch = text[i] ?? "";
    if (/[a-zA-Z]/.test(ch)) {
      const lower = ch.toLowerCase();
      if (ARITY[lower] === undefined) break;
      if (!started && lower !== "m") break; // path data must begin with a moveto
      command = ch;
      started = true;
      i++;
      if (lower === "z") {
        out.push(ch);
        continue;
      }
    } else if (!command || command.toLowerCase() === "z") {
      break; // numbers without a command
    }
    const arity = ARITY[command.toLowerCase()] ?? 0;
    const args: number[] = [];
    for (let n = 0; n < arity; n++) {
      skipSpace();
      const isFlag = command.toLowerCase() === "a" && (n === 3 || n === 4);
      const value = isFlag ? readFlag() : readNumber();
      if (value === undefined) return out.join(" ");
      args.push(value);
    }
    if (command.toLowerCase() === "a" && (args[0]! < 0 || args[1]! < 0)) {
      args[0] = Math.abs(args[0]!);
      args[1] = Math.abs(args[1]!);
    }
    out.push(`${command}${args.map(format).join(" ")}`);
    // After a moveto, further pairs are linetos.
    if (command === "m") command = "l";
    else if (command === "M") command = "L";
  }
  return out.join(" ");

  function readFlag(): number | undefined {
    const ch = text[i];
    if (ch !== "0" && ch !== "1") return undefined;
    i++;
    return ch === "1" ? 1 : 0;
  }

  function readNumber(): number | undefined {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) return undefined;
    i = NUMBER.lastIndex;
    const value = Number(match[0]);
    return Number.isFinite(value) && Math.abs(value) <= LIMIT ? value : undefined;
  }
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** A number for path text: at most 4 decimals, no exponent, no `-0`. */
export function format(value: number): string {
  const rounded = Math.round(value * 10000) / 10000;
  if (rounded === 0) return "0";
  return Math.abs(rounded) < 1e-4 ? "0" : String(rounded);
}
