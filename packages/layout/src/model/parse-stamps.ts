// Stamps given at render time (the `stamps` render option: HTML templates, or a report stamped on one render),
// validated by the same schema as the document's `stamps` key, errors at `stamps[i].key` paths.
import * as v from "valibot";
import { ErrorCollector, issuePath, ROOT_PATH, type ParseErrors } from "./errors.js";
import { stampsSchema } from "./schema-stamps.js";
import type { Stamp } from "./types.js";

export type StampsResult = { readonly ok: true; readonly stamps: readonly Stamp[] } | { readonly ok: false; readonly errors: ParseErrors };

/** Validates a stamps list (never throws). */
export function parseStamps(value: unknown): StampsResult {
  const result = v.safeParse(stampsSchema, value, { abortPipeEarly: true });
  if (result.success) return { ok: true, stamps: result.output };
  const errors = new ErrorCollector();
  for (const issue of result.issues) {
    const path = issuePath(issue);
    errors.add(path === ROOT_PATH ? "stamps" : `stamps${path.startsWith(ROOT_PATH) ? path.slice(ROOT_PATH.length) : path.startsWith("[") ? path : `.${path}`}`, issue.message);
  }
  return { ok: false, errors: errors.finish() };
}
