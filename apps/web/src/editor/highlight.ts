// The code editor's syntax colours: CodeMirror's default highlight style with the few colours that fall short
// of 4.5:1 contrast on the active line's tint (#f1faff) darkened — HTML tag names' green among them (4.26:1).
import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from "@codemirror/language";

const DARKER: Readonly<Record<string, string>> = {
  "#085": "#006b40", // type and tag names
  "#e40": "#b33000", // regular expressions, escapes
  "#f00": "#c00000", // invalid
  "#940": "#8a3d00", // comments
};

/** The default style's rules with readable colours. */
export const readableHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => (typeof spec["color"] === "string" && DARKER[spec["color"]] ? { ...spec, color: DARKER[spec["color"]] } : spec)),
);

/** The extension: takes precedence over basicSetup's fallback style. */
export const readableHighlighting = syntaxHighlighting(readableHighlightStyle);
