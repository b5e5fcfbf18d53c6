// fast-check arbitraries for HTTP fuzzing, driven by the OpenAPI document: bodies that follow a component
// schema closely enough to get past the first check, mixed with hostile strings and arbitrary JSON.
import fc from "fast-check";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";

/** A JSON Schema node of the OpenAPI document (as parsed JSON). */
export type Schema = { readonly [key: string]: any };

/** Strings a careless or hostile client sends. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "", " ", "null", "0", "-1", "1e309", "NaN", "../../etc/passwd", "%00", "\u0000", "{{name}}", "{{#each x}}",
    "<script>alert(1)</script>", "'; drop table users; --", "a".repeat(5_000), "😀", "\uD800", "ÄRGER", "\u202Etxt",
    "javascript:alert(1)", "data:image/png;base64,AAAA", "http://127.0.0.1:1/", "#zzzzzz", "Owner", "template",
  ),
  fc.uuid(),
  fc.emailAddress(),
);

/** A string as a URL component (lone surrogates, which cannot be encoded, become U+FFFD). */
export function urlComponent(s: string): string {
  return encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
}

/** Any JSON value, kept small. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** A template document that parses, or one broken in one place (where the template content is a string). */
const templateContent: fc.Arbitrary<string> = fc.oneof(
  fc.constant(SMALL_TEMPLATE),
  fc.record({ path: fc.constantFrom("version", "pageSize", "bands", "schema"), value: anyJson }).map(({ path, value }) => {
    const doc = JSON.parse(SMALL_TEMPLATE) as Record<string, unknown>;
    doc[path] = value;
    return JSON.stringify(doc);
  }),
  nastyString,
);

/** Values of the fixtures a request may name: ids of stored rows, members' addresses, their password. */
export interface Known {
  readonly ids: fc.Arbitrary<string>;
  readonly emails: fc.Arbitrary<string>;
  readonly password: string;
}

/** Resolves `$ref`s against the document's component schemas. */
export function resolve(schema: Schema, components: Readonly<Record<string, Schema>>): Schema {
  let s = schema;
  for (let i = 0; i < 10 && typeof s["$ref"] === "string"; i++) s = components[String(s["$ref"]).split("/").pop() ?? ""] ?? {};
  return s;
}

/** Values shaped by `schema`, now and then something else entirely. */
export function valueFor(schema: Schema, components: Readonly<Record<string, Schema>>, name: string, known: Known, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const other = fc.oneof(anyJson, nastyString);
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (Array.isArray(s["anyOf"])) return fc.oneof(...(s["anyOf"] as Schema[]).map((o) => valueFor(o, components, name, known, depth + 1)));
    if (Array.isArray(s["enum"])) return fc.constantFrom(...(s["enum"] as unknown[]));
    if (name === "content") return templateContent;
    switch (s["type"]) {
      case "string":
        if (s["format"] === "uuid") return fc.oneof(known.ids, fc.uuid());
        if (typeof s["pattern"] === "string") return fc.oneof({ weight: 4, arbitrary: fc.stringMatching(new RegExp(s["pattern"] as string)) }, { weight: 1, arbitrary: nastyString });
        if (s["format"] === "email" || /email/i.test(name)) return fc.oneof(known.emails, fc.emailAddress(), fc.string({ minLength: 3, maxLength: 20 }).map((l) => `${l.replace(/[^a-z0-9]/gi, "x")}@example.test`), nastyString);
        if (/password/i.test(name)) return fc.oneof(fc.constant(known.password), fc.string({ minLength: 8, maxLength: 40 }), nastyString);
        return fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) }, { weight: 1, arbitrary: nastyString });
      case "integer":
      case "number":
        return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, 1e308));
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return depth > 3 ? fc.constant([]) : fc.array(valueFor(s["items"] ?? {}, components, name, known, depth + 1), { maxLength: 4 });
      case "object":
        return depth > 3 ? fc.constant({}) : objectFor(s, components, known, depth + 1);
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: other });
}

/**
 * Objects with the schema's properties plus, now and then, unknown keys. Mostly the required ones are all there
 * (so requests get past the first check and reach deeper code); sometimes any of them may be missing.
 */
function objectFor(s: Schema, components: Readonly<Record<string, Schema>>, known: Known, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s["properties"] ?? {}) as Record<string, Schema>;
  const model = Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, valueFor(p, components, key, known, depth)]));
  const required = ((s["required"] ?? []) as string[]).filter((k) => k in model);
  const present = fc.oneof(
    { weight: 3, arbitrary: fc.record(model, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
  );
  // A closed object (additionalProperties: false) mostly gets none, so its other checks are reached too.
  const extraWeight = s["additionalProperties"] === false ? 1 : 3;
  const extra = fc.oneof({ weight: 3 * extraWeight, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(nastyString, anyJson, { maxKeys: 2 }) });
  return fc.tuple(present, extra).map(([k, e]) => ({ ...e, ...k }));
}

/**
 * A request body for a JSON operation: shaped by its schema, arbitrary JSON, or not JSON at all; with a valid
 * example, also that example as it is or with one field replaced (so the happy path and its neighbours run too).
 */
export function jsonBodyFor(schema: Schema | undefined, components: Readonly<Record<string, Schema>>, known: Known, example?: Readonly<Record<string, unknown>>): fc.Arbitrary<string | undefined> {
  const shaped = schema === undefined ? anyJson : valueFor(schema, components, "body", known);
  const nearExample =
    example === undefined
      ? shaped
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant(example) },
          { weight: 1, arbitrary: fc.record({ key: fc.constantFrom(...Object.keys(example)), value: fc.oneof(anyJson, nastyString) }).map(({ key, value }) => ({ ...example, [key]: value })) },
        );
  return fc.oneof(
    { weight: 3, arbitrary: nearExample.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 6, arbitrary: shaped.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A multipart form: a file part (CSV text, bytes or a PDF header) and the schema's other fields as text. */
export function formFor(schema: Schema, components: Readonly<Record<string, Schema>>): fc.Arbitrary<FormData> {
  const fields = Object.keys((resolve(schema, components)["properties"] ?? {}) as Record<string, Schema>).filter((k) => k !== "file");
  const file = fc.oneof(
    fc.record({ name: fc.constantFrom("rows.csv", "rows.xlsx", "base.pdf", "x", "../../x.csv"), bytes: fc.uint8Array({ maxLength: 300 }) }),
    fc.record({ name: fc.constantFrom("rows.csv", "base.pdf"), bytes: fc.constantFrom("name,email\nAda,ada@example.test\n", "%PDF-1.7\n%%EOF", "\uFEFF\"a\nb") }),
  );
  return fc
    .tuple(fc.option(file), fc.dictionary(fc.constantFrom(...fields, "other"), nastyString, { maxKeys: fields.length + 1 }))
    .map(([f, values]) => {
      const form = new FormData();
      if (f !== null) form.set("file", new Blob([typeof f.bytes === "string" ? f.bytes : Buffer.from(f.bytes)]), f.name);
      for (const [k, v] of Object.entries(values)) form.set(k, v);
      return form;
    });
}

/** A header value that a client can send (printable ASCII). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,120}$/), fc.constantFrom("", "Bearer", "Bearer ", "Bearer a.b.c", "dsk_x"));
