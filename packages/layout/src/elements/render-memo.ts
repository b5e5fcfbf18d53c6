// Per-render state of an element kind (prepared text elements, markdown layouts), held by the render's
// LayoutEnv so that it dies with the render.
//
// Not a module-level WeakMap keyed by the env: such a map lives in V8's old generation, and a scavenge keeps
// the values of an old WeakMap alive even when their key (the env) is already dead; each render's entries
// then survived two scavenges, were promoted, and piled up in the old space until the next full GC. In a
// steady invoice-20 loop that was ~480 of the ~800 KB promoted per scavenge and let the old space grow from
// ~23 to ~72 MiB between full GCs.

/** Values keyed by their owner (a module-private object), made on first use within one render. */
export class RenderMemo {
  private readonly slots = new Map<object, unknown>();

  /** The value for `owner` in this render, made by `make` the first time. */
  get<T>(owner: object, make: () => T): T {
    let value = this.slots.get(owner) as T | undefined;
    if (value === undefined) {
      value = make();
      this.slots.set(owner, value);
    }
    return value;
  }
}
