// Hebrew points in the order fonts compose them. Unicode's canonical order puts vowels (ccc 10–20) before
// dagesh (21), rafe (23) and the shin and sin dots (24, 25), so a normalised "שָׁ" is shin, qamats, shin dot.
// Fonts such as Noto Sans Hebrew compose shin + shin dot (+ dagesh) into one glyph in `ccmp` only when the dot
// follows the letter directly, as HarfBuzz's Hebrew shaper and Windows expect; otherwise the dot is left at
// the glyph origin, on the wrong side of the letter. The shaper therefore gets those points moved right
// after their letter; the text itself (and so extraction) keeps the order as written.

const HEBREW_POINT = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/;
// Dagesh / mapiq, rafe, shin dot, sin dot: the points a letter composes with.
const COMPOSING = /[\u05BC\u05BF\u05C1\u05C2]/;

/** Returns `text` with each Hebrew letter's dagesh, rafe and shin/sin dots moved before its other points (same length). */
export function orderHebrewPoints(text: string): string {
  let out: string[] | undefined;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (!HEBREW_POINT.test(text[i]!)) continue;
    let end = i;
    while (end < n && HEBREW_POINT.test(text[end]!)) end++;
    const marks = text.slice(i, end).split("");
    const reordered = [...marks.filter((m) => COMPOSING.test(m)), ...marks.filter((m) => !COMPOSING.test(m))];
    if (reordered.some((m, k) => m !== marks[k])) {
      out ??= text.split("");
      for (let k = 0; k < reordered.length; k++) out[i + k] = reordered[k]!;
    }
    i = end - 1;
  }
  return out === undefined ? text : out.join("");
}
