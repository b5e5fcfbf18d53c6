// Reading the multipart forms of the AI endpoints: text fields with their own size limits (413 over them)
// and the optional reference file.
import { HttpError, ValidationError } from "../errors.js";

/** A parsed multipart body. */
export type Form = Record<string, string | File | (string | File)[]>;

/** Parses multipart/form-data or answers 400. */
export async function readForm(request: { parseBody(): Promise<Form> }): Promise<Form> {
  return request.parseBody().catch(() => {
    throw ValidationError.field("body", "The body must be multipart/form-data.");
  });
}

/** A text field (a file part is read as text), undefined when absent or empty; 413 over `limitBytes`. */
export async function textField(form: Form, name: string, limitBytes: number): Promise<string | undefined> {
  const raw = form[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  const size = typeof value === "string" ? Buffer.byteLength(value) : value.size;
  if (size > limitBytes) throw new HttpError(413, `${name} is larger than the limit of ${limitBytes} bytes.`);
  const text = typeof value === "string" ? value : await value.text();
  return text.trim() === "" ? undefined : text;
}

/** The `image` file's bytes, if one was sent. */
export async function fileField(form: Form, name: string): Promise<Uint8Array | undefined> {
  const raw = form[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "") return undefined;
  if (!(value instanceof File)) throw ValidationError.field(name, `${name} must be a file part.`);
  return value.size === 0 ? undefined : new Uint8Array(await value.arrayBuffer());
}

/** A JSON text field parsed, or a 400 naming the field. */
export function jsonField(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ValidationError.field(name, `${name} is not valid JSON.`);
  }
}
