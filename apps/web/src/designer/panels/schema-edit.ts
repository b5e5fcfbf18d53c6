// Edits of the schema tree from the Data tab: a field added at the top level or inside an array's items (or an
// object), and a field removed wherever it is. A field is addressed by its chain of keys (`["items", "qty"]`).
// An array added by hand has no item fields until they are added here, and a table's column keys are
// suggested from exactly those.
import type { SchemaField } from "../engine";

/** An array or object that can hold fields, by its key chain, with a label for pickers (`items[]`, `customer`). */
export interface FieldContainer {
  readonly chain: readonly string[];
  readonly label: string;
}

/** Every array and object of the schema, depth first. */
export function containersOf(schema: readonly SchemaField[], chain: readonly string[] = [], label = ""): FieldContainer[] {
  const out: FieldContainer[] = [];
  for (const f of schema) {
    if (f.type !== "array" && f.type !== "object") continue;
    const here = [...chain, f.key];
    const name = `${label ? `${label}.` : ""}${f.key}${f.type === "array" ? "[]" : ""}`;
    out.push({ chain: here, label: name }, ...containersOf(f.fields ?? [], here, name));
  }
  return out;
}

function fieldsAt(schema: readonly SchemaField[], chain: readonly string[]): readonly SchemaField[] | undefined {
  let fields = schema;
  for (const k of chain) {
    const f = fields.find((x) => x.key === k);
    if (!f || (f.type !== "array" && f.type !== "object")) return undefined;
    fields = f.fields ?? [];
  }
  return fields;
}

/** The schema with `field` added to the fields of `parent` (a container's chain; empty: the top level), or undefined when the key is taken there or the parent is missing. */
export function addField(schema: readonly SchemaField[], parent: readonly string[], field: SchemaField): SchemaField[] | undefined {
  const siblings = fieldsAt(schema, parent);
  if (!siblings || siblings.some((f) => f.key === field.key)) return undefined;
  if (parent.length === 0) return [...schema, field];
  const [head, ...rest] = parent;
  return schema.map((f) => {
    if (f.key !== head) return f;
    const inner = addField(f.fields ?? [], rest, field);
    return inner ? { ...f, fields: inner } : f;
  });
}

/** The schema without the field at `chain`. */
export function removeField(schema: readonly SchemaField[], chain: readonly string[]): SchemaField[] {
  const [head, ...rest] = chain;
  if (rest.length === 0) return schema.filter((f) => f.key !== head);
  return schema.map((f) => (f.key === head && f.fields ? { ...f, fields: removeField(f.fields, rest) } : f));
}
