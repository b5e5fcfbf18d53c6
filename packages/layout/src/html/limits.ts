// The bounds that keep every HTML render's work finite, whatever the input.

/** Deeper elements are flattened into their text: layout recursion stays bounded. */
export const MAX_DEPTH = 256;

/** The most elements a template may have, as written and after data-each repetition. */
export const MAX_ELEMENTS = 100_000;

/** The most characters of text a template may have, as written and with its data (about 500 A4 pages). */
export const MAX_TEXT = 2_000_000;

/** Element paths in diagnostics name at most this many trailing steps. */
export const PATH_STEPS = 4;

/** Thrown when a template is too large to lay out; a service answers it as a client error. */
export class HtmlLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HtmlLimitError";
  }
}
