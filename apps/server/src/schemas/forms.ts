// The form keys of the render bodies (render, batch, send-email): fillable AcroForm fields (docs/forms.md).
import * as v from "valibot";

export const FormsField = v.optional(v.pipe(
  v.boolean("forms must be true or false."),
  v.description("HTML templates: <input>, <textarea> and <select> become fillable PDF form fields (without it they print as today). Report documents' field elements are fields either way."),
));

export const FlattenField = v.optional(v.pipe(
  v.boolean("flatten must be true or false."),
  v.description("Form fields are drawn as plain content with their values, and the PDF has no interactive form."),
));

export const TaggedField = v.optional(v.pipe(
  v.boolean("tagged must be true or false."),
  v.description("false: an untagged PDF (no structure tree, no outline), a few percent faster. Default true: a tagged PDF (docs/accessibility.md)."),
));

/** The form options of a render as the worker takes them: only the keys that are set (tagged only when false). */
export interface FormOptions {
  readonly forms?: boolean;
  readonly flatten?: boolean;
  readonly tagged?: boolean;
}

/** Form options stored as JSON (a batch job's), read back; anything unreadable is no options. */
export function storedFormOptions(text: string | null | undefined): FormOptions {
  if (text === null || text === undefined) return {};
  try {
    const value = JSON.parse(text) as { forms?: unknown; flatten?: unknown; tagged?: unknown };
    return formOptions({ forms: value.forms === true, flatten: value.flatten === true, tagged: value.tagged !== false });
  } catch {
    return {};
  }
}

/** The keys of a validated body that are true (false is the default, so it is not passed on). */
export function formOptions(body: { readonly forms?: boolean | undefined; readonly flatten?: boolean | undefined; readonly tagged?: boolean | undefined }): FormOptions {
  return { ...(body.forms === true ? { forms: true } : {}), ...(body.flatten === true ? { flatten: true } : {}), ...(body.tagged === false ? { tagged: false as const } : {}) };
}
