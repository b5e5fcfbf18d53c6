// parseDocument: template text or value in, a typed document or an author-readable error map out.
// It never throws: a 400 with reasons is always a better answer than a 500.
import * as v from "valibot";
import { ErrorCollector, issuePath, ROOT_PATH, type ParseErrors } from "./errors.js";
import { marginProblems, resolveMargins } from "./margins.js";
import { resolvePageSize } from "./page-sizes.js";
import { fieldProblems } from "./fields.js";
import { bandReferenceProblems } from "./references.js";
import { documentSchema } from "./schema.js";
import { shown } from "./schema-primitives.js";
import { DOCUMENT_VERSION, type TemplateDocument } from "./types.js";

/** The outcome of parseDocument. */
export type ParseResult =
  | { readonly ok: true; readonly document: TemplateDocument }
  | { readonly ok: false; readonly errors: ParseErrors };

const NESTED_TOO_DEEPLY = "the document is nested too deeply";

function fail(path: string, message: string): ParseResult {
  return { ok: false, errors: { [path]: [message] } };
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

// Checked before anything else: an older document differs everywhere, and a hundred structural
// errors would bury the one that matters.
function versionProblem(input: object): string | undefined {
  const version = field(input, "version");
  if (version === DOCUMENT_VERSION) return undefined;
  if (version === undefined) return `is required; this service reads version ${DOCUMENT_VERSION}`;
  return `unsupported document version ${typeof version === "number" ? version : shown(version)}; this service reads version ${DOCUMENT_VERSION}`;
}

function validate(input: unknown): ParseResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return fail(ROOT_PATH, `expected a document object; got ${input === null ? "null" : Array.isArray(input) ? "an array" : `a ${typeof input}`}`);
  }
  const version = versionProblem(input);
  if (version !== undefined) return fail("version", version);

  const errors = new ErrorCollector();
  // abortPipeEarly: one message per value; `expected a number` needs no `must not be negative` after it.
  const result = v.safeParse(documentSchema, input, { abortPipeEarly: true });
  const paths = (result.issues ?? []).map((issue) => issuePath(issue));
  (result.issues ?? []).forEach((issue, index) => errors.add(paths[index] ?? ROOT_PATH, issue.message));
  for (const problem of bandReferenceProblems(field(input, "bands"))) errors.add(problem.path, problem.message);
  for (const problem of fieldProblems(field(input, "bands"))) errors.add(problem.path, problem.message);
  // Margins are weighed against the page only once both are well-formed on their own; the resolvers
  // are total, so reading the raw values here cannot throw.
  if (!paths.some((path) => /^(pageSize|margins)\b/.test(path))) {
    const layout = input as Pick<TemplateDocument, "pageSize" | "margins">;
    for (const message of marginProblems(resolvePageSize(layout.pageSize), resolveMargins(layout))) errors.add("margins", message);
  }
  if (!errors.empty || !result.success) return { ok: false, errors: errors.finish() };
  return { ok: true, document: result.output };
}

/** Parses and validates a template document (JSON text or an already parsed value); never throws. */
export function parseDocument(json: string | unknown): ParseResult {
  let input: unknown = json;
  if (typeof json === "string") {
    try {
      input = JSON.parse(json);
    } catch (error) {
      if (error instanceof RangeError) return fail(ROOT_PATH, NESTED_TOO_DEEPLY);
      const reason = error instanceof Error ? error.message : String(error);
      return fail(ROOT_PATH, `the template is not valid JSON: ${reason}`);
    }
  }
  try {
    return validate(input);
  } catch (error) {
    // Only pathological input gets here (nesting deep enough to exhaust the stack, or a value that
    // is not plain data); the author still gets an answer instead of a crash.
    const reason = error instanceof RangeError ? NESTED_TOO_DEEPLY : "the document could not be read";
    return fail(ROOT_PATH, reason);
  }
}
