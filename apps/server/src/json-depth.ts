// How deep a JSON value nests, measured without recursion (the value may nest far beyond what recursion survives).

/**
 * Deepest nesting of a JSON body, in levels (the body object is level 1). Checked before anything walks the
 * body recursively: copying it to a render worker overflows the stack at a few thousand levels.
 */
export const MAX_JSON_DEPTH = 100;

/** The top-level key of `body` under which it nests deeper than `limit` levels ("body" for the root), or undefined. */
export function tooDeep(body: object, limit: number): string | undefined {
  // Iterative, on three parallel stacks: the body may be nested far beyond what recursion survives, and may hold
  // hundreds of thousands of rows, checked on the event loop (so no allocation per value).
  const values: object[] = [body];
  const depths: number[] = [1];
  const keys: string[] = ["body"];
  while (values.length > 0) {
    const value = values.pop() as object;
    const depth = depths.pop() as number;
    const key = keys.pop() as string;
    if (depth > limit) return key;
    for (const k in value) {
      const child = (value as Record<string, unknown>)[k];
      if (typeof child !== "object" || child === null) continue;
      values.push(child);
      depths.push(depth + 1);
      keys.push(depth === 1 ? k : key);
    }
  }
  return undefined;
}
