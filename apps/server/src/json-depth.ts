// How deep a JSON value nests, measured without recursion (the value may nest far beyond what recursion survives).

/**
 * Deepest nesting of a JSON body, in levels (the body object is level 1). Checked before anything walks the
 * body recursively: copying it to a render worker overflows the stack at a few thousand levels.
 */
export const MAX_JSON_DEPTH = 100;

/** The top-level key of `body` under which it nests deeper than `limit` levels ("body" for the root), or undefined. */
export function tooDeep(body: object, limit: number): string | undefined {
  // Iterative: the body itself may be nested far beyond what recursion survives.
  const stack: { value: object; depth: number; key: string }[] = [{ value: body, depth: 1, key: "body" }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.depth > limit) return item.key;
    for (const [k, child] of Object.entries(item.value)) {
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: item.depth + 1, key: item.depth === 1 ? k : item.key });
    }
  }
  return undefined;
}
