// A bounded cache with LRU-like eviction at Map speed: two generations ("quick LRU"). Hits in the current
// generation cost one Map lookup; hits in the previous one are promoted; when the current generation holds
// half the limit it becomes the previous one and the older is dropped. With a `weigh` function the limit is a
// budget (typically bytes) rather than an entry count: each entry counts for its weight.

/** A bounded key → value cache holding at most `limit` entries (or `limit` units of weight). */
export class GenerationCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();
  private readonly half: number;
  private currentWeight = 0;
  private previousWeight = 0;

  constructor(
    limit: number,
    /** An entry's weight (e.g. its estimated bytes); by default each entry weighs 1. */
    private readonly weigh?: (key: K, value: V) => number,
  ) {
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
    if (this.weigh !== undefined) {
      // A key stored again replaces its weight rather than adding to it.
      const before = this.current.get(key);
      if (before !== undefined) this.currentWeight -= this.weigh(key, before);
      this.currentWeight += this.weigh(key, value);
    }
    this.current.set(key, value);
    if ((this.weigh === undefined ? this.current.size : this.currentWeight) >= this.half) {
      this.previous = this.current;
      this.previousWeight = this.currentWeight;
      this.current = new Map();
      this.currentWeight = 0;
    }
  }

  /** The weight held (bytes, with a byte `weigh`); an entry promoted but still in the older generation counts twice. */
  get weight(): number {
    return this.weigh === undefined ? this.size : this.currentWeight + this.previousWeight;
  }

  /** Entries held (a key may be counted in both generations). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.currentWeight = 0;
    this.previousWeight = 0;
  }
}
