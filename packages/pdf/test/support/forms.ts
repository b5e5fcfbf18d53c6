// Form fields read back with pdfjs-dist (its annotations: what a viewer builds its form from) and pdf-lib.
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { createRequire } from "node:module";

/** A widget as pdfjs reads it (the keys these tests look at). */
export interface WidgetReading {
  readonly page: number;
  readonly fieldType: string;
  readonly fieldName: string;
  readonly fieldValue: unknown;
  readonly readOnly: boolean;
  readonly required: boolean;
  readonly multiLine?: boolean;
  readonly checkBox?: boolean;
  readonly radioButton?: boolean;
  readonly combo?: boolean;
  readonly buttonValue?: string;
  readonly exportValue?: string;
  readonly options?: readonly { readonly exportValue: string; readonly displayValue: string }[];
  readonly hasAppearance: boolean;
  readonly rect: readonly number[];
}

/** Every widget annotation of every page, in page order; plus whether the catalog has an /AcroForm. */
export async function readWidgets(pdf: Uint8Array): Promise<{ widgets: WidgetReading[]; hasForm: boolean }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
  try {
    const widgets: WidgetReading[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      for (const a of (await page.getAnnotations()) as (WidgetReading & { subtype: string })[]) {
        if (a.subtype === "Widget") widgets.push({ ...a, page: n });
      }
    }
    const fields = await doc.getFieldObjects();
    return { widgets, hasForm: fields !== null && Object.keys(fields).length > 0 };
  } finally {
    await doc.destroy();
  }
}

export type PdfLib = typeof import("pdf-lib");
/** pdf-lib, loaded as the package loads it (src/base/pdf-lib.ts): its CommonJS build. */
export const pdfLib = createRequire(import.meta.url)("pdf-lib") as PdfLib;
