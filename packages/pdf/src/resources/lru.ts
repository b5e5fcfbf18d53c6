// A small least-recently-used map bounded by total weight (bytes, or 1 per entry for a count bound).

/** An LRU map whose entries each weigh something; the oldest go when the total passes the limit. */
export class WeightedLru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The value under `key`, marked as most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value; one heavier than the whole limit is not kept at all. */
  set(key: K, value: V): void {
    const weight = Math.max(1, this.weigh(value));
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    if (weight > this.limit) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limit) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  /** Number of entries. */
  get size(): number {
    return this.entries.size;
  }

  /** Total weight of the entries. */
  get weight(): number {
    return this.total;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
