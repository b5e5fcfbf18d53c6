// Issue 31's small things (item 9): colour swatches name the colour drawn when none is set, the six alignment
// buttons have six different icons, a failed save's banner goes once the document changes (undo), an error
// is not repeated by its own field message, and the code editor wraps long lines in readable colours.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { ApiError } from "../../src/api/errors";
import { AlignIcon, ALIGN_SHAPES } from "../../src/designer/canvas/AlignIcon";
import type { Alignment } from "../../src/designer/canvas/arrange";
import { saveErrorFor } from "../../src/designer/collab/save-failure";
import type { TemplateDocument } from "../../src/designer/engine";
import { colourDefault, colourName } from "../../src/designer/panels/colour-default";
import { ColourProp } from "../../src/designer/panels/fields";
import { CodeEditor } from "../../src/editor/CodeEditor";
import { readableHighlightStyle } from "../../src/editor/highlight";
import { Problem } from "../../src/ui/Problem";

afterEach(cleanup);

describe("colour swatches", () => {
  const resolve = (v: string) => (v === "@primary" ? "#2563eb" : undefined);

  test("an absent text colour shows black, in the swatch and the field, not a bare “(default)”", () => {
    render(<ColourProp k="color" label="Colour" value={undefined} onChange={() => undefined} resolve={resolve} fallback={colourDefault("text", "color")} />);
    expect(screen.getByTestId("prop-color").getAttribute("placeholder")).toBe("black (default)");
    expect((screen.getByLabelText("Colour picker") as HTMLInputElement).value).toBe("#000000");
  });

  test("an absent fill shows none (a white swatch), a table's header its grey, a set colour itself", () => {
    render(<ColourProp k="fill" label="Fill" value={undefined} onChange={() => undefined} resolve={resolve} fallback={colourDefault("rect", "fill")} />);
    expect(screen.getByTestId("prop-fill").getAttribute("placeholder")).toBe("none (default)");
    expect((screen.getByLabelText("Fill picker") as HTMLInputElement).value).toBe("#ffffff");
    cleanup();
    render(<ColourProp k="headerBg" label="Header background" value={undefined} onChange={() => undefined} resolve={resolve} fallback={colourDefault("table", "headerBg")} />);
    expect(screen.getByTestId("prop-headerBg").getAttribute("placeholder")).toBe("#f3f4f6 (default)");
    cleanup();
    render(<ColourProp k="color" label="Colour" value="@primary" onChange={() => undefined} resolve={resolve} />);
    expect((screen.getByLabelText("Colour picker") as HTMLInputElement).value).toBe("#2563eb");
  });

  test("the defaults follow what the canvas draws", () => {
    expect(colourDefault("line", "stroke")).toBe("#000000");
    expect(colourDefault("rect", "stroke")).toBe("none");
    expect(colourDefault("text", "bg")).toBe("none");
    expect(colourDefault("table", "borderColor")).toBe("#d1d5db");
    expect(colourDefault("barcode", "color")).toBe("#000000");
    expect(colourName("#FFFFFF")).toBe("white");
  });
});

describe("alignment icons", () => {
  test("the six alignments draw six different icons", () => {
    const hows = Object.keys(ALIGN_SHAPES) as Alignment[];
    expect(hows).toEqual(["left", "center", "right", "top", "middle", "bottom"]);
    const drawn = hows.map((how) => render(<AlignIcon how={how} />).container.innerHTML);
    expect(new Set(drawn).size).toBe(6);
    // Decorative: the button's text names it.
    expect(drawn.every((html) => html.includes('aria-hidden="true"'))).toBe(true);
  });
});

describe("a failed save's banner", () => {
  const doc = (height: number): TemplateDocument => ({ version: 4, pageSize: { id: "a4" }, bands: [{ id: "b", kind: "report-header", height, elements: [] }] }) as unknown as TemplateDocument;
  const refused = new Error("bands[0].height: must be at least 0");

  test("stays while the document is the one refused, and goes once it changes (undo)", () => {
    const failure = { error: refused, document: doc(-5) };
    expect(saveErrorFor(failure, doc(-5))).toBe(refused);
    expect(saveErrorFor(failure, doc(40))).toBeNull();
    expect(saveErrorFor(null, doc(40))).toBeNull();
  });
});

describe("problems", () => {
  test("a field message that only repeats the detail is shown once", () => {
    const detail = "A workspace must keep at least one Owner.";
    render(<Problem error={new ApiError({ type: "about:blank", title: "Conflict", status: 409, detail, errors: { userId: [detail] } })} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe(detail);
    expect(alert.querySelector("ul")).toBeNull();
  });

  test("other field messages are still listed", () => {
    render(<Problem error={new ApiError({ type: "about:blank", title: "Bad Request", status: 400, detail: "Invalid.", errors: { name: ["name must not be empty."] } })} />);
    expect(screen.getByRole("alert").textContent).toContain("name: name must not be empty.");
  });
});

/** WCAG contrast ratio of two #rgb / #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const h = hex.length === 4 ? hex.slice(1).split("").map((c) => c + c).join("") : hex.slice(1);
    const [r, g, bl] = [0, 2, 4].map((i) => {
      const v = parseInt(h.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("code editor", () => {
  test("every syntax colour reaches 4.5:1 on the active line's tint", () => {
    const colours = readableHighlightStyle.specs.flatMap((spec) => (typeof spec["color"] === "string" ? [spec["color"]] : []));
    expect(colours.length).toBeGreaterThan(10);
    for (const colour of colours) expect(contrast(colour, "#f1faff"), colour).toBeGreaterThanOrEqual(4.5);
  });

  test("wraps long lines", () => {
    const { container } = render(<CodeEditor value={`<p>${"word ".repeat(200)}</p>`} language="html" label="Template content" onChange={() => undefined} />);
    expect(container.querySelector(".cm-content")?.classList.contains("cm-lineWrapping")).toBe(true);
  });
});
