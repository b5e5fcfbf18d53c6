// The document schema (version 4). Structure, types, enumerations and ranges live here; rules that
// relate one band to another live in references.ts, margins against the page in margins.ts.
import * as v from "valibot";
import { BAND_KINDS, DOCUMENT_PDF_STANDARDS, DOCUMENT_VERSION, type SchemaField, type TemplateDocument } from "./types.js";
import { CUSTOM_PAGE_MAX, CUSTOM_PAGE_MIN } from "./page-sizes.js";
import { elementSchema } from "./schema-elements.js";
import { stampsSchema } from "./schema-stamps.js";
import { templateEinvoiceSchema } from "../einvoice/schema.js";
import { array, boolean, entries, hexColour, nonEmptyString, nonNegative, number, object, oneOf, plainObject, range, shown, string } from "./schema-primitives.js";

const orientation = v.optional(oneOf(["portrait", "landscape"]));

const customSide = range(CUSTOM_PAGE_MIN, CUSTOM_PAGE_MAX);

// Any id other than `custom` is accepted here: unknown ids render as A4 (resolvePageSize), so a
// designer newer than this engine still renders. Width and height on a preset are ignored.
const presetPageSize = entries({
  id: v.pipe(string, v.check((id) => id !== "custom")),
  orientation,
  width: v.optional(number),
  height: v.optional(number),
});

const customPageSize = entries({
  id: v.literal("custom"),
  orientation,
  width: customSide,
  height: customSide,
});

const pageSize = v.pipe(
  plainObject('an object like {"id": "a4"}'),
  v.variant("id", [customPageSize, presetPageSize], (issue) => (issue.input === undefined ? "is required" : "expected a string")),
);

const margins = object({ top: nonNegative, right: nonNegative, bottom: nonNegative, left: nonNegative });

const brand = object({ primary: v.optional(hexColour), accent: v.optional(hexColour) });

const fonts = object({ body: v.optional(string), heading: v.optional(string) });

const schemaField: v.GenericSchema<unknown, SchemaField> = object({
  key: string,
  type: oneOf(["string", "number", "date", "datetime", "boolean", "image", "array", "object"]),
  label: v.optional(string),
  fields: v.optional(array(v.lazy(() => schemaField))),
  sample: v.optional(v.unknown()),
});

const band = object({
  id: nonEmptyString,
  kind: v.picklist(BAND_KINDS, (issue) =>
    `unknown band kind ${shown(issue.input)}; allowed: ${BAND_KINDS.join(", ")}`),
  height: nonNegative,
  elements: array(elementSchema),
  name: v.optional(string),
  parentId: v.optional(string),
  bindingField: v.optional(string),
  keepTogether: v.optional(boolean),
  keepWithPrevious: v.optional(boolean),
  pageBreakBefore: v.optional(boolean),
  pageBreakPerRow: v.optional(boolean),
  visibleIf: v.optional(string),
});

// `ltr` is the default and is never written, but an author who spells it out is not wrong: it is
// accepted and dropped, so `direction` in a parsed document is only ever `rtl`.
const direction = v.optional(v.picklist(["rtl", "ltr"], (issue) => `expected 'rtl' (or 'ltr', the default); got ${shown(issue.input)}`));

// One PDF/A level at most: a file carries a single pdfaid identification; ua-1 combines with any.
const pdfStandards = v.optional(
  v.pipe(
    array(oneOf(DOCUMENT_PDF_STANDARDS)),
    v.check((list) => new Set(list).size === list.length, "lists a standard twice"),
    v.check((list) => list.filter((item) => item !== "ua-1").length <= 1, "holds one PDF/A level at most (a-2b, a-2u, a-3b or a-3u)"),
  ),
);

const documentObject = object(
  {
    version: v.literal(DOCUMENT_VERSION, "this service reads version 4"),
    pageSize,
    margins: v.optional(margins),
    direction,
    brand: v.optional(brand),
    fonts: v.optional(fonts),
    locale: v.optional(nonEmptyString),
    timezone: v.optional(nonEmptyString),
    digits: v.optional(oneOf(["latn", "arab", "arabext"])),
    bands: array(band),
    schema: array(schemaField),
    stamps: v.optional(stampsSchema),
    // The e-invoice mapping (docs/einvoicing.md): business terms → data paths, plus a default format/profile.
    einvoice: v.optional(templateEinvoiceSchema),
    pdfStandards,
  },
  "a document object",
);

/** The whole template document; the output is the document as written, minus unknown keys. */
export const documentSchema: v.GenericSchema<unknown, TemplateDocument> = v.pipe(
  documentObject,
  v.transform(({ direction: written, ...rest }): TemplateDocument =>
    written === "rtl" ? { ...rest, direction: written } : rest),
);
