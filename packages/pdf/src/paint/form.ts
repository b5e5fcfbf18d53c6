// The interactive form (AcroForm) of a document: each FieldItem becomes a field with widget annotations whose
// appearance streams are the field's look (./appearance.ts), so every viewer shows the value even without
// regenerating appearances. /DA and /DR name a standard Helvetica (and ZapfDingbats for buttons): what a viewer
// uses when the reader types a new value. No JavaScript is ever written (no format or calculation actions).
import type { FieldItem, FieldWidget, FrameItem, Matrix } from "@docsvc/layout";
import { widgetIsOn } from "@docsvc/layout";
import type { AppearancePainter } from "./appearance.js";
import { num, rgb } from "./content.js";
import { pdfRaw, pdfString, type PdfRef, type PdfWriter } from "./pdfkit.js";

// Field flags (PDF 32000-1 tables 221, 226, 228, 230), as bit values.
const READ_ONLY = 1 << 0;
const REQUIRED = 1 << 1;
const MULTILINE = 1 << 12;
const NO_TOGGLE_TO_OFF = 1 << 14;
const RADIO = 1 << 15;
const COMBO = 1 << 17;
/** Annotation flag Print: the field prints with the page. */
const PRINT = 4;

/** A PDF name's syntax for any text: bytes outside the regular characters written as `#xx` (UTF-8). */
export function pdfNameText(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const regular = byte > 0x20 && byte < 0x7f && !"#%()/<>[]{}".includes(String.fromCharCode(byte));
    out += regular ? String.fromCharCode(byte) : `#${byte.toString(16).padStart(2, "0").toUpperCase()}`;
  }
  return out === "" ? "Off#20" : out;
}

/** The fields of one document, written as they are met on the pages and joined into /AcroForm at the end. */
export class FormWriter {
  private readonly fields: PdfRef[] = [];
  private readonly used = new Set<string>();
  /** Radio groups whose buttons are separate items (HTML), by the name they share. */
  private readonly shared = new Map<string, PdfRef>();
  private fonts: { readonly helv: PdfRef; readonly zadb: PdfRef } | undefined;

  constructor(
    private readonly writer: PdfWriter,
    private readonly appearances: AppearancePainter,
  ) {}

  /**
   * Adds a field on the current page. `ctm` maps the field's coordinates to page space (y down); the widgets'
   * rectangles are the bounds of their transformed boxes.
   */
  add(field: FieldItem, ctm: Matrix): void {
    const joined = field.shared === true ? this.shared.get(field.name) : undefined;
    const name = joined === undefined ? this.uniqueName(field.name) : field.name;
    const matrix = appearanceMatrix(ctm);
    const paint = (items: readonly FrameItem[], box: FieldWidget): PdfRef => this.appearances.paint(items, box.width, box.height, matrix);
    const page = this.writer.page;
    const common: Record<string, unknown> = {
      T: pdfString(name),
      Ff: this.flags(field),
      ...(field.label !== undefined ? { TU: pdfString(field.label) } : {}),
    };
    const widget = (box: FieldWidget): Record<string, unknown> => ({
      Type: "Annot",
      Subtype: "Widget",
      Rect: rectangle(ctm, page.height, field.x + box.x, field.y + box.y, box.width, box.height),
      F: PRINT,
      P: page.dictionary,
      MK: {
        ...(field.border !== undefined ? { BC: colourArray(field.border) } : {}),
        ...(field.bg !== undefined ? { BG: colourArray(field.bg) } : {}),
        ...(field.fieldType === "checkbox" ? { CA: pdfString("4") } : field.fieldType === "radio" ? { CA: pdfString("l") } : {}),
        ...(quarterTurn(ctm) !== 0 ? { R: quarterTurn(ctm) } : {}),
      },
    });
    this.standardFonts();
    if (field.fieldType === "radio") {
      const parent = joined ?? this.writer.ref({ FT: "Btn", ...common, V: "Off", Kids: [] });
      if (field.value !== "") parent.data.V = pdfRaw(`/${pdfNameText(field.value)}`);
      const kids = field.widgets.map((box) => {
        const state = pdfNameText(box.export ?? "");
        const kid = this.writer.ref({
          ...widget(box),
          Parent: parent,
          DA: pdfString(`/ZaDb 0 Tf ${rgb(field.color)} rg`),
          AS: widgetIsOn(field, box) ? pdfRaw(`/${state}`) : "Off",
          AP: { N: { [state]: paint(box.on, box), Off: paint(box.off ?? [], box) } },
        });
        kid.end();
        page.annotations.push(kid);
        return kid;
      });
      // Left open: pdfkit ends a field with kids when it writes /AcroForm (PdfWriter.acroForm).
      (parent.data.Kids as PdfRef[]).push(...kids);
      if (joined !== undefined) return;
      if (field.shared === true) this.shared.set(field.name, parent);
      this.fields.push(parent);
      return;
    }
    const box = field.widgets[0];
    if (box === undefined) return;
    const dict: Record<string, unknown> = { ...widget(box), ...common };
    switch (field.fieldType) {
      case "checkbox":
        Object.assign(dict, {
          FT: "Btn",
          V: field.value === "Yes" ? "Yes" : "Off",
          AS: field.value === "Yes" ? "Yes" : "Off",
          DA: pdfString(`/ZaDb 0 Tf ${rgb(field.color)} rg`),
          AP: { N: { Yes: paint(box.on, box), Off: paint(box.off ?? [], box) } },
        });
        break;
      case "signature":
        // Unsigned: no /V. A signing tool fills it; its look is the box and the line to sign on.
        Object.assign(dict, { FT: "Sig", AP: { N: paint(box.on, box) } });
        break;
      default:
        Object.assign(dict, {
          FT: field.fieldType === "dropdown" ? "Ch" : "Tx",
          V: pdfString(field.value),
          DV: pdfString(field.value),
          DA: pdfString(`/Helv ${num(field.fontSize)} Tf ${rgb(field.color)} rg`),
          ...(field.fieldType === "dropdown" ? { Opt: (field.options ?? []).map((option) => pdfString(option)) } : {}),
          ...(field.maxLength !== undefined ? { MaxLen: field.maxLength } : {}),
          AP: { N: paint(box.on, box) },
        });
    }
    const ref = this.writer.ref(dict);
    ref.end();
    page.annotations.push(ref);
    this.fields.push(ref);
  }

  /** Writes /AcroForm into the catalog when the document has fields (call after the last page). */
  finish(): void {
    if (this.fields.length === 0 || this.fonts === undefined) return;
    this.writer.acroForm({
      Fields: this.fields,
      DR: { Font: { Helv: this.fonts.helv, ZaDb: this.fonts.zadb } },
      DA: pdfString("/Helv 0 Tf 0 g"),
    });
  }

  /** The name itself the first time; `name_2`, `name_3` … when a repeated band prints the field again. */
  private uniqueName(name: string): string {
    let unique = name;
    for (let n = 2; this.used.has(unique); n++) unique = `${name}_${n}`;
    this.used.add(unique);
    return unique;
  }

  private flags(field: FieldItem): number {
    let flags = (field.readOnly ? READ_ONLY : 0) | (field.required ? REQUIRED : 0);
    if (field.fieldType === "multiline") flags |= MULTILINE;
    if (field.fieldType === "radio") flags |= RADIO | NO_TOGGLE_TO_OFF;
    if (field.fieldType === "dropdown") flags |= COMBO;
    return flags;
  }

  private standardFonts(): { readonly helv: PdfRef; readonly zadb: PdfRef } {
    if (this.fonts === undefined) {
      const helv = this.writer.ref({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica", Encoding: "WinAnsiEncoding" });
      helv.end();
      const zadb = this.writer.ref({ Type: "Font", Subtype: "Type1", BaseFont: "ZapfDingbats" });
      zadb.end();
      this.fonts = { helv, zadb };
    }
    return this.fonts;
  }
}

/**
 * The appearance's /Matrix for a field drawn under `ctm` (page space, y down): its linear part in PDF space (y up),
 * or undefined when the field is neither turned nor scaled. The widget's rectangle is the turned box's bounds, so
 * the viewer's fit (PDF 32000-1 § 12.5.5) places the turned appearance exactly over it.
 */
function appearanceMatrix(ctm: Matrix): number[] | undefined {
  const [a, b, c, d] = ctm;
  if (Math.abs(a - 1) < 1e-9 && Math.abs(d - 1) < 1e-9 && Math.abs(b) < 1e-9 && Math.abs(c) < 1e-9) return undefined;
  const round = (v: number): number => Math.round(v * 1e6) / 1e6 || 0;
  return [round(a), round(-b), round(-c), round(d), 0, 0];
}

/**
 * /MK /R: the field's turn counter-clockwise in degrees when it is a multiple of 90 (what a viewer that redraws an
 * edited field can honour), else 0. `ctm` turns clockwise in page space (y down).
 */
function quarterTurn(ctm: Matrix): number {
  const clockwise = (Math.atan2(ctm[1], ctm[0]) * 180) / Math.PI;
  const turn = Math.round((((-clockwise % 360) + 360) % 360) * 1000) / 1000;
  return turn % 90 === 0 && turn !== 360 ? turn : 0;
}

/** A box's rectangle in PDF space (y up): the bounds of its corners under `ctm`, flipped on the page height. */
function rectangle(ctm: Matrix, pageHeight: number, x: number, y: number, width: number, height: number): number[] {
  const [a, b, c, d, e, f] = ctm;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of [[x, y], [x + width, y], [x, y + height], [x + width, y + height]] as const) {
    xs.push(a * px + c * py + e);
    ys.push(b * px + d * py + f);
  }
  const round = (v: number): number => Math.round(v * 1000) / 1000;
  return [round(Math.min(...xs)), round(pageHeight - Math.max(...ys)), round(Math.max(...xs)), round(pageHeight - Math.min(...ys))];
}

function colourArray(colour: string): number[] {
  return rgb(colour).split(" ").map(Number);
}
