// The error map a 400 response carries: JSON path → messages, in the order they were found.
import type * as v from "valibot";

/** Validation errors keyed by JSON path (`bands[2].elements[0].width`); `$` is the document itself. */
export type ParseErrors = Record<string, string[]>;

/** The path of the document root, used for errors about the whole input. */
export const ROOT_PATH = "$";

/** At most this many messages are reported; one more at `$` says how many were left out. */
export const MAX_ERRORS = 100;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends one key or index to a JSON path. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base === ROOT_PATH ? "" : base}[${key}]`;
  const prefix = base === ROOT_PATH || base === "" ? "" : base;
  if (IDENTIFIER.test(key)) return prefix === "" ? key : `${prefix}.${key}`;
  return `${prefix}[${JSON.stringify(key)}]`;
}

/** The JSON path of a valibot issue (`$` when it is about the root). */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = ROOT_PATH;
  for (const item of issue.path ?? []) {
    const key = item.key;
    path = joinPath(path, typeof key === "number" || typeof key === "string" ? key : String(key));
  }
  return path;
}

/** Collects messages by path, counting them so a hostile document cannot produce an endless map. */
export class ErrorCollector {
  readonly errors: ParseErrors = {};
  private count = 0;
  private dropped = 0;

  /** Records one message at `path` unless the cap is reached; exact duplicates are kept once. */
  add(path: string, message: string): void {
    const list = this.errors[path];
    if (list?.includes(message)) return;
    if (this.count >= MAX_ERRORS) {
      this.dropped += 1;
      return;
    }
    this.count += 1;
    if (list === undefined) this.errors[path] = [message];
    else list.push(message);
  }

  /** Whether anything was recorded. */
  get empty(): boolean {
    return this.count === 0;
  }

  /** The final map, with a note at `$` when messages were left out. */
  finish(): ParseErrors {
    if (this.dropped > 0) {
      const note = `${this.dropped} more error${this.dropped === 1 ? "" : "s"} not shown (only the first ${MAX_ERRORS} are listed)`;
      (this.errors[ROOT_PATH] ??= []).push(note);
    }
    return this.errors;
  }
}

/** Flattens an error map into `path: message` lines, one per message. */
export function flattenErrors(errors: ParseErrors): string[] {
  return Object.entries(errors).flatMap(([path, messages]) => messages.map((message) => `${path}: ${message}`));
}
