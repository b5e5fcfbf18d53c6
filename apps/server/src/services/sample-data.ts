// A template's sample data: the JSON object the designer's canvas and the previews fill its tokens with. Kept
// with the template (so everyone who edits it sees the same data) and recorded with each version (restoring a
// version restores its data). Stored as JSON text; the request schema bounds it (schemas/templates.ts).

/** The sample data as stored (JSON text of an object), or null for none. */
export function sampleDataText(value: Readonly<Record<string, unknown>> | null | undefined): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The stored sample data as an object, or null (none, or text that is somehow not an object). */
export function sampleDataOf(text: string | null | undefined): Record<string, unknown> | null {
  if (text === null || text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
