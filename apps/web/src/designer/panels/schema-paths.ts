// The schema as a flat list of paths, for binding pickers and the token picker; and sample data built from
// the schema's `sample` values when the user has not typed any.
import type { SchemaField, SchemaFieldType } from "../engine";

/** One field by path: `customer.name`; an array's item fields are listed under it (`items[].qty`). */
export interface FieldPath {
  readonly path: string;
  readonly type: SchemaFieldType;
  readonly label: string;
  /** Set for the fields of an array's items: the array's path. */
  readonly within?: string;
  readonly key: string;
}

/** Every field, depth first. Item fields carry `within` (their array) and their path relative to the item. */
export function fieldPaths(schema: readonly SchemaField[], prefix = "", within?: string): FieldPath[] {
  const out: FieldPath[] = [];
  for (const f of schema) {
    const path = prefix ? `${prefix}.${f.key}` : f.key;
    out.push({ path, type: f.type, label: f.label ?? f.key, key: f.key, ...(within !== undefined ? { within } : {}) });
    if (f.fields && f.type === "object") out.push(...fieldPaths(f.fields, path, within));
    if (f.fields && f.type === "array") out.push(...fieldPaths(f.fields, "", within ? `${within}.${path}` : path));
  }
  return out;
}

/** The array paths (binding targets of detail bands and tables). */
export function arrayPaths(schema: readonly SchemaField[]): string[] {
  return fieldPaths(schema).filter((f) => f.type === "array").map((f) => (f.within ? `${f.path}` : f.path));
}

/** Sample data from the schema's `sample` values (arrays get one item of their fields' samples). */
export function sampleFromSchema(schema: readonly SchemaField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of schema) {
    if (f.sample !== undefined) out[f.key] = f.sample;
    else if (f.type === "object" && f.fields) out[f.key] = sampleFromSchema(f.fields);
    else if (f.type === "array" && f.fields) out[f.key] = [sampleFromSchema(f.fields)];
    else if (f.type === "number") out[f.key] = 1234.5;
    else if (f.type === "date") out[f.key] = "2026-01-15";
    else if (f.type === "datetime") out[f.key] = "2026-01-15T09:30:00Z";
    else if (f.type === "boolean") out[f.key] = true;
    else if (f.type === "string") out[f.key] = f.label ?? f.key;
  }
  return out;
}

/** The formats offered for a field type, as token pipes. */
export function formatsFor(type: SchemaFieldType | "builtin-date"): readonly string[] {
  switch (type) {
    case "number": return ['number', 'number:"integer"', 'number:"decimal"', 'number:"#,##0.00"', 'number:"percent"', 'number:"0.000"'];
    case "date":
    case "builtin-date": return ['date:"short"', 'date:"medium"', 'date:"long"', 'date:"iso"', 'date:"dd.MM.yyyy"'];
    case "datetime": return ['datetime:"short"', 'datetime:"medium"', 'datetime:"long"', 'datetime:"iso"', 'datetime:"time"', 'datetime:"24h"'];
    default: return [];
  }
}
