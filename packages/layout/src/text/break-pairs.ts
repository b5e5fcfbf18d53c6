// Line break opportunities for text of printable ASCII, Latin-1 and general punctuation, without loading
// `linebreak` (whose import decompresses its Unicode tables: a few ms of a fresh process's first render, for
// an e-mail address or "VAT 19%"). For these characters linebreak 1.1.0 decides each break from the pair of
// classes around it alone (no combining marks, joiners, Hebrew letters or regional indicators among them):
// break, break only after spaces, or none. The table below was read off linebreak itself, pair by pair
// (break-pairs.test.ts checks it against linebreak), with characters that behave alike in one class.

/** The characters covered, and each one's class (a letter: A is class 0). */
const CHARS = "!\u0022#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\u005c]^_`abcdefghijklmnopqrstuvwxyz{|}~\u00a1\u00a2\u00a3\u00a4\u00a5\u00a6\u00a7\u00a8\u00a9\u00aa\u00ab\u00ac\u00ae\u00af\u00b0\u00b1\u00b2\u00b3\u00b4\u00b5\u00b6\u00b7\u00b8\u00b9\u00ba\u00bb\u00bc\u00bd\u00be\u00bf\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf\u00d0\u00d1\u00d2\u00d3\u00d4\u00d5\u00d6\u00d7\u00d8\u00d9\u00da\u00db\u00dc\u00dd\u00de\u00df\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5\u00e6\u00e7\u00e8\u00e9\u00ea\u00eb\u00ec\u00ed\u00ee\u00ef\u00f0\u00f1\u00f2\u00f3\u00f4\u00f5\u00f6\u00f7\u00f8\u00f9\u00fa\u00fb\u00fc\u00fd\u00fe\u00ff\u2010\u2011\u2012\u2013\u2014\u2015\u2016\u2017\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2020\u2021\u2022\u2023\u2024\u2025\u2026\u2027\u20ac";
const CLASSES = "ABCDDCBEFCDGHGIJJJJJJJJJJGGCCCACCCCCCCCCCCCCCCCCCCCCCCCCCCEDFCCCCCCCCCCCCCCCCCCCCCCCCCCCCCEKLCEDDDDCCCCCBCCCDDCCMCCCCCCBCCCECCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCKNKKOCCCBBEBBBEBCCCCPPPKD";
/** Class pairs (row: before, column: after): 0 no break, 1 a break only after spaces, 2 a break. */
const PAIRS = "0122200102102121011100010110111101111001011021210112100101102121000000000000000001112001011021210112200101102121012220010110222101222001011021210111100101102121012220010210222101212001021021210111100101101111011110010110111101222001021021010122200102102121";
const CLASS_COUNT = 16;

let classByCode: Int8Array | undefined;

function classes(): Int8Array {
  if (classByCode) return classByCode;
  const table = new Int8Array(0x20ad).fill(-1);
  for (let i = 0; i < CHARS.length; i++) table[CHARS.charCodeAt(i)] = CLASSES.charCodeAt(i) - 65;
  return (classByCode = table);
}

/**
 * The break opportunities of `text` as linebreak gives them (offsets, ending at its length), or undefined when
 * a character is not covered or the text starts with a space (linebreak's start-of-text rule): then ask linebreak.
 */
export function tableBreaks(text: string): number[] | undefined {
  if (text.length === 0 || text.charCodeAt(0) === 32) return undefined;
  const byCode = classes();
  let current = classOf(byCode, text.charCodeAt(0));
  if (current < 0) return undefined;
  const out: number[] = [];
  let afterSpace = false;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      afterSpace = true;
      continue;
    }
    const next = classOf(byCode, code);
    if (next < 0) return undefined;
    const pair = PAIRS.charCodeAt(current * CLASS_COUNT + next) - 48;
    if (pair === 2 || (pair === 1 && afterSpace)) out.push(i);
    current = next;
    afterSpace = false;
  }
  out.push(text.length);
  return out;
}

function classOf(byCode: Int8Array, code: number): number {
  return code < byCode.length ? byCode[code]! : -1;
}
