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

/**
 * A GenerationCache whose keys are pairs: a group (a style and width) and a key within it (a text). Entries are
 * kept in a Map per group, so a lookup hashes the two parts (the group string is made once and reused, its hash
 * cached) instead of a joined string made, flattened and hashed for every lookup. Same generations and budget.
 */
export class GroupedGenerationCache<G, K, V> {
  private current = new Map<G, Map<K, V>>();
  private previous = new Map<G, Map<K, V>>();
  private readonly half: number;
  private currentWeight = 0;
  private previousWeight = 0;

  constructor(
    limit: number,
    /** An entry's weight (e.g. its estimated bytes). */
    private readonly weigh: (group: G, key: K, value: V) => number,
  ) {
    this.half = Math.max(1, Math.floor(limit / 2));
  }

  /** Returns the cached value, promoting it if it came from the older generation. */
  get(group: G, key: K): V | undefined {
    const hit = this.current.get(group)?.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(group)?.get(key);
    if (old !== undefined) this.set(group, key, old);
    return old;
  }

  /** Stores a value in the current generation, rotating generations when it is full. */
  set(group: G, key: K, value: V): void {
    let entries = this.current.get(group);
    if (entries === undefined) {
      entries = new Map();
      this.current.set(group, entries);
    }
    // A key stored again replaces its weight rather than adding to it.
    const before = entries.get(key);
    if (before !== undefined) this.currentWeight -= this.weigh(group, key, before);
    this.currentWeight += this.weigh(group, key, value);
    entries.set(key, value);
    if (this.currentWeight >= this.half) {
      this.previous = this.current;
      this.previousWeight = this.currentWeight;
      this.current = new Map();
      this.currentWeight = 0;
    }
  }

  /** The weight held; an entry promoted but still in the older generation counts twice. */
  get weight(): number {
    return this.currentWeight + this.previousWeight;
  }

  /** Entries held (a key may be counted in both generations). */
  get size(): number {
    let size = 0;
    for (const entries of this.current.values()) size += entries.size;
    for (const entries of this.previous.values()) size += entries.size;
    return size;
  }
}
