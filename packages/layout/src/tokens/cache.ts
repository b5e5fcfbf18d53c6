/** A Map that forgets its oldest entry once it holds `limit` entries: documents repeat a few strings many times. */
export class BoundedCache<K, V> {
  readonly #map = new Map<K, V>();
  constructor(private readonly limit: number) {}

  /** The cached value for `key`, computing and storing it on a miss. */
  get(key: K, compute: (key: K) => V): V {
    const hit = this.#map.get(key);
    if (hit !== undefined || this.#map.has(key)) return hit as V;
    const value = compute(key);
    if (this.#map.size >= this.limit) {
      // Map iterates in insertion order, so the first key is the oldest.
      const oldest = this.#map.keys().next();
      if (!oldest.done) this.#map.delete(oldest.value);
    }
    this.#map.set(key, value);
    return value;
  }

  /** Number of entries held (for tests). */
  get size(): number {
    return this.#map.size;
  }
}
