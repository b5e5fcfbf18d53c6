// A bounded cache with LRU-like eviction at Map speed: two generations ("quick LRU"). Hits in the current
// generation cost one Map lookup; hits in the previous one are promoted; when the current generation holds
// half the limit it becomes the previous one and the older is dropped.

/** A bounded key → value cache holding at most `limit` entries. */
export class GenerationCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();
  private readonly half: number;

  constructor(limit: number) {
    this.half = Math.max(1, Math.floor(limit / 2));
  }

  /** Returns the cached value, promoting it if it came from the older generation. */
  get(key: K): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  /** Stores a value in the current generation, rotating generations when it is full. */
  set(key: K, value: V): void {
    this.current.set(key, value);
    if (this.current.size >= this.half) {
      this.previous = this.current;
      this.current = new Map();
    }
  }

  /** Entries held (a key may be counted in both generations). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
  }
}

/**
 * A cache bounded by an estimate of the bytes it keeps rather than by entries: a paragraph of 500 glyphs
 * and a two-digit cell weigh what they hold, so a 3,000-cell table fits where an entry count would thrash.
 * The same two generations as GenerationCache; each generation holds at most half the budget, so the
 * whole stays under the budget (plus one entry). `weigh` estimates an entry's bytes, key included.
 */
export class ByteBudgetCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();
  private currentBytes = 0;
  private previousBytes = 0;
  private readonly half: number;

  constructor(
    budgetBytes: number,
    private readonly weigh: (key: K, value: V) => number,
  ) {
    this.half = Math.max(1, Math.floor(budgetBytes / 2));
  }

  /** Returns the cached value, promoting it if it came from the older generation. */
  get(key: K): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  /** Stores a value, rotating generations when the current one reaches half the budget. */
  set(key: K, value: V): void {
    const before = this.current.get(key);
    if (before !== undefined) this.currentBytes -= this.weigh(key, before);
    this.current.set(key, value);
    this.currentBytes += this.weigh(key, value);
    if (this.currentBytes >= this.half) {
      this.previous = this.current;
      this.previousBytes = this.currentBytes;
      this.current = new Map();
      this.currentBytes = 0;
    }
  }

  /** Estimated bytes held (an entry promoted but still in the older generation counts twice). */
  get bytes(): number {
    return this.currentBytes + this.previousBytes;
  }

  /** Entries held (a key may be counted in both generations). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.currentBytes = 0;
    this.previousBytes = 0;
  }
}
