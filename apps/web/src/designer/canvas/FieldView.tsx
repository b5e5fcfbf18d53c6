// A form field on the canvas: its box as the PDF draws it (border, background, the default value with the
// sample data, a check mark, radio buttons, a dropdown's arrow, a line to sign on) and a small tag naming its
// kind and name, so a field reads as a field and not as text.
import type { Element } from "../engine";
import { cssColour, displayText, type PaintContext } from "./paint";

type FieldElement = Extract<Element, { type: "field" }>;

const CHECKED = new Set(["true", "yes", "on", "1", "x", "checked"]);

/** The field drawn into a box of its size (s: pixels per point). */
export function FieldView({ el, s, ctx }: { readonly el: FieldElement; readonly s: number; readonly ctx: PaintContext }) {
  const value = el.value ? displayText(el.value, ctx) : "";
  const colour = cssColour(el.color, ctx) ?? "#000000";
  const border = el.borderColor === "transparent" ? "none" : `${Math.max(1, 0.75 * s)}px solid ${cssColour(el.borderColor, ctx) ?? "#8a8f98"}`;
  const size = (el.fontSize ?? 10) * s;
  const box = { border, background: cssColour(el.bg, ctx) ?? "transparent", color: colour, fontSize: size };
  const tag = <span className="d-field-tag" aria-hidden="true">{el.kind} · {el.name}{el.required ? " *" : ""}</span>;
  switch (el.kind) {
    case "checkbox": {
      const side = Math.min(el.width, el.height) * s;
      return (
        <div className="d-field" data-field-kind={el.kind}>
          <span className="d-field-check" style={{ ...box, width: side, height: side, fontSize: side * 0.8 }}>{CHECKED.has(value.trim().toLowerCase()) ? "✓" : ""}</span>
          {tag}
        </div>
      );
    }
    case "radio": {
      const options = el.options ?? [];
      return (
        <div className="d-field d-field-radio" data-field-kind={el.kind} style={{ color: colour, fontSize: size }}>
          {options.map((option) => (
            <span key={option} className="d-field-option" style={{ height: `${100 / Math.max(1, options.length)}%` }}>
              <span className="d-field-dot" style={{ border, width: size * 1.1, height: size * 1.1 }}>{option === value ? "●" : ""}</span>{option}
            </span>
          ))}
          {tag}
        </div>
      );
    }
    case "signature":
      return <div className="d-field d-field-box" data-field-kind={el.kind} style={box}><span className="d-field-sign" />{tag}</div>;
    default:
      return (
        <div className={`d-field d-field-box${el.kind === "multiline" ? " d-field-multi" : ""}`} data-field-kind={el.kind} style={box}>
          <span className="d-field-value">{value}</span>
          {el.kind === "dropdown" && <span className="d-field-arrow" aria-hidden="true">▾</span>}
          {tag}
        </div>
      );
  }
}
