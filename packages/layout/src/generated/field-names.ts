// Form field names the AI writes. A PDF form keys its values by name, so parseDocument refuses a name used
// twice or one with characters outside the PDF-safe set: a name the model writes is made valid (other
// characters become `_`) and unique in the document (`-2`, `-3` … after the names already taken), so a
// draft, a revised band or a refined band never adds a field that collides with one the document has.
import type { GeneratedElement } from "./wire.js";

const MAX_NAME = 100;

/** The name made valid for a field: starts with a letter or `_`, then letters, digits, `_` and `-`. */
export function validFieldName(wanted: string | null | undefined, fallback = "field"): string {
  let name = (wanted ?? "").trim().replace(/[^A-Za-z0-9_-]/g, "_");
  if (name === "") name = fallback;
  if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
  return name.slice(0, MAX_NAME);
}

/** A valid name not in `taken` (which gains it). */
export function uniqueFieldName(taken: Set<string>, wanted: string | null | undefined, fallback = "field"): string {
  const base = validFieldName(wanted, fallback);
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    const suffix = `-${n}`;
    name = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}

/** The elements with every field's name made valid and unique against `taken` (which gains them). */
export function uniqueFieldNames(elements: readonly GeneratedElement[], taken: Set<string>): GeneratedElement[] {
  return elements.map((e) => (e.type === "field" ? { ...e, name: uniqueFieldName(taken, e.name) } : e));
}

/** The names the field elements of these bands use. */
export function fieldNamesOf(bands: readonly { readonly elements?: readonly GeneratedElement[] | null | undefined }[]): Set<string> {
  const names = new Set<string>();
  for (const band of bands) for (const e of band.elements ?? []) if (e.type === "field" && e.name) names.add(e.name);
  return names;
}
