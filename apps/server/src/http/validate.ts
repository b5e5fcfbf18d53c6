// Request validation as middleware: valibot schemas in, typed `c.req.valid(...)` out, 400 with `errors` otherwise.
import type { Env, MiddlewareHandler } from "hono";
import * as v from "valibot";
import { NotFoundError, ValidationError, type FieldErrors } from "../errors.js";
import { isUuid } from "../ids.js";
import type { RequestLimits } from "../config-limits.js";
import { MAX_JSON_DEPTH, tooDeep } from "../json-depth.js";

/** Turns valibot issues into `errors` (field path → messages) with readable messages. */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[], root = "body"): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issuePath(issue) || root;
    (errors[path] ??= []).push(issueMessage(issue, path));
  }
  return errors;
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = "";
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === "number") path += `[${key}]`;
    else path += path === "" ? String(key) : `.${String(key)}`;
  }
  return path;
}

function issueMessage(issue: v.BaseIssue<unknown>, path: string): string {
  if (issue.kind === "schema" && issue.input === undefined) return `${path} is required.`;
  // Messages written in the schemas (`v.string("…")`, pipes with a message) are already readable.
  if (!issue.message.startsWith("Invalid ")) return issue.message;
  if (issue.kind === "schema") return `${path} must be ${article(issue.expected ?? "a valid value")}.`;
  return `${path} is invalid.`;
}

function article(expected: string): string {
  const names: Record<string, string> = {
    string: "a string",
    number: "a number",
    boolean: "a boolean",
    Object: "an object",
    Array: "an array",
    null: "null",
  };
  return expected
    .split(" | ")
    .map((e) => names[e] ?? e)
    .join(" or ");
}

/** Parses `value` with `schema` or throws a 400 carrying every problem. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown, root: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const errors = issuesToErrors(result.issues, root);
  const first = Object.values(errors)[0]?.[0] ?? "The request is invalid.";
  const count = Object.values(errors).reduce((n, l) => n + l.length, 0);
  throw new ValidationError(count === 1 ? first : `${first} (and ${count - 1} more; see errors)`, errors);
}

/** Reads the body as JSON (whatever the Content-Type says: curl users forget it) and validates it. */
export function jsonBody<S extends v.GenericSchema>(
  schema: S,
  /** Runs on the parsed object before the schema (render endpoints check the theme first). */
  before?: (body: Readonly<Record<string, unknown>>) => void,
  /** An optional body: an empty one (no bytes or only white space) is read as `{}`. */
  options?: { readonly optional?: boolean },
): MiddlewareHandler<Env, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    const text = await c.req.text();
    let value: unknown;
    if (text.trim() === "") value = options?.optional === true ? {} : undefined;
    else {
      try {
        value = JSON.parse(text);
      } catch {
        throw ValidationError.field("body", "The request body is not valid JSON.");
      }
    }
    if (value === undefined || typeof value !== "object" || value === null || Array.isArray(value)) {
      throw ValidationError.field("body", "The request body must be a JSON object.");
    }
    // JSON_MAX_DEPTH, set on the context by the app (config-limits.ts); the default without one.
    const maxDepth = (c.var as { limits?: RequestLimits }).limits?.jsonDepth ?? MAX_JSON_DEPTH;
    const deep = tooDeep(value, maxDepth);
    if (deep !== undefined) throw ValidationError.field(deep, `${deep} is nested more than ${maxDepth} levels deep (the limit for a request body).`);
    before?.(value as Record<string, unknown>);
    c.req.addValidatedData("json", parseOrThrow(schema, value, "body") as object);
    await next();
  };
}

/** Validates the query string (single values; repeated keys keep the first). */
export function queryParams<S extends v.GenericSchema>(
  schema: S,
): MiddlewareHandler<Env, string, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData("query", parseOrThrow(schema, c.req.query(), "query") as object);
    await next();
  };
}

/**
 * Checks that path parameters are UUIDs. A malformed id cannot name anything, so it is a 404 like any
 * other id that names nothing here (the same answer as another workspace's id).
 */
export function uuidParam(name: string, what: string): MiddlewareHandler {
  return async (c, next) => {
    const value = c.req.param(name);
    if (typeof value !== "string" || !isUuid(value)) throw new NotFoundError(what);
    await next();
  };
}
