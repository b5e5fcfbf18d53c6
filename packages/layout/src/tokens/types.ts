// Shared shapes of the token module. Nothing here knows about layout.
import type { Digits } from "../model/types.js";

/** Everything a token needs from the render: data root, locale, timezone, clock and page numbers. */
export interface TokenContext {
  readonly root: unknown;
  /** BCP 47 tag; an invalid tag falls back to `en-US`. */
  readonly locale: string;
  /** IANA zone; an invalid zone falls back to `UTC`. */
  readonly timezone: string;
  /** Render time: the value of `$now`, and the day of `$today` in `timezone`. */
  readonly now: Date;
  /** 1-based page number; absent until pagination is final, when `$page` prints empty. */
  readonly page?: number;
  readonly pages?: number;
  /** Page bands only: the data rows (detail and table rows) that start on this page, in order. */
  readonly pageRows?: readonly unknown[];
  /** Page bands only: the data rows of every earlier page ("carried forward"). */
  readonly rowsBefore?: readonly unknown[];
  /** Digits of formatted numbers and dates (and the separators that go with them); default `latn`. */
  readonly digits?: Digits;
  /** Right-to-left documents: `resolveDisplayText` isolates every value, not only right-to-left ones. */
  readonly isolateValues?: boolean;
}

/** One row of a detail band or table, chained to the rows that enclose it. */
export interface RowScope {
  readonly row: unknown;
  /** 0-based; `$index` prints `index + 1`. */
  readonly index: number;
  readonly parent?: RowScope;
}

/** One `name:"arg"` step of a pipe. */
export interface FilterCall {
  /** Lower-cased filter name. */
  readonly name: string;
  /** The argument with quotes removed and escapes resolved; absent when none was written. */
  readonly arg?: string;
}

/** One `{{ path | filters }}` occurrence. */
export interface TokenPart {
  readonly kind: "token";
  /** The token as written, braces included. */
  readonly source: string;
  /** The path with whitespace removed; `""` for `{{}}`. */
  readonly path: string;
  readonly filters: readonly FilterCall[];
}

/** A literal run of text, or a token. */
export type TemplatePart = string | TokenPart;

/** A parsed text: literal strings and tokens in order. Immutable and shared through the parse cache. */
export interface TemplateText {
  readonly source: string;
  readonly parts: readonly TemplatePart[];
  readonly hasTokens: boolean;
  /** True when a token reads `$page` or `$pages`, so the text must be resolved after pagination. */
  readonly usesPageTokens: boolean;
}
