// How AI results become the document: a draft replaces it, a revision replaces the bands it changed (the
// wire shape carries fewer keys than the document, so unchanged bands keep every key they had), a refined
// band gets its new elements and the schema the fields it needs. Each is applied as one step.
import { fromGenerated, toGenerated } from "../../../../../packages/layout/src/generated/convert";
import type { GeneratedBand, GeneratedBandTemplate, GeneratedElement, GeneratedField } from "../../../../../packages/layout/src/generated/wire";
import type { SchemaField, TemplateDocument } from "../engine";

export { toGenerated };
export type { GeneratedBand, GeneratedBandTemplate };

/** A generated draft as a document (margins and brand of the current one kept: the AI does not set them). */
export function draftDocument(template: GeneratedBandTemplate, current: TemplateDocument): TemplateDocument {
  const doc = fromGenerated(template);
  return { ...doc, ...(current.margins ? { margins: current.margins } : {}), ...(current.brand ? { brand: current.brand } : {}), ...(current.locale ? { locale: current.locale } : {}), ...(current.timezone ? { timezone: current.timezone } : {}) };
}

/** The current document with the bands in `changed` taken from the revision (matched by id), the rest as they were. */
export function revisedDocument(template: GeneratedBandTemplate, current: TemplateDocument, changed: ReadonlySet<string>): TemplateDocument {
  const revised = fromGenerated(template);
  const byId = new Map(revised.bands.map((b) => [b.id, b]));
  const bands = current.bands.map((b) => {
    const next = changed.has(b.id) ? byId.get(b.id) : undefined;
    return next ? { ...b, height: next.height, elements: next.elements } : b;
  });
  // Bands the revision added (ids the document does not have) go at the end, in the revision's order.
  const known = new Set(current.bands.map((b) => b.id));
  const added = revised.bands.filter((b) => !known.has(b.id));
  return { ...current, bands: [...bands, ...added], schema: mergeSchema(current.schema, revised.schema) };
}

/** The document with band `bandId`'s elements replaced and the new fields added to the schema. */
export function refinedDocument(current: TemplateDocument, bandId: string, elements: readonly GeneratedElement[], newFields: readonly GeneratedField[]): TemplateDocument {
  const band = current.bands.find((b) => b.id === bandId);
  if (!band) return current;
  const converted = fromGenerated({ name: "refined", bands: [{ id: bandId, kind: band.kind, height: band.height, elements: [...elements] }], schema: [...newFields] } as unknown as GeneratedBandTemplate);
  const els = converted.bands[0]?.elements ?? [];
  return { ...current, bands: current.bands.map((b) => (b.id === bandId ? { ...b, elements: els } : b)), schema: mergeSchema(current.schema, converted.schema) };
}

/** The schema with fields of `more` whose keys it lacks added at the end. */
function mergeSchema(schema: readonly SchemaField[], more: readonly SchemaField[]): SchemaField[] {
  const keys = new Set(schema.map((f) => f.key));
  return [...schema, ...more.filter((f) => !keys.has(f.key))];
}
