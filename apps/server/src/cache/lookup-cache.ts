// A small per-instance cache of rows every render reads (API key → workspace and plan, template, base PDF
// metadata), for a remote database where each read is a network round trip. Entries belong to a workspace and
// live for `ttlMs`; any write that changes what they hold drops every entry of that workspace here and, through
// the invalidation bus, on every other instance. The TTL bounds how long a lost invalidation can leave a stale
// entry behind; it is not what keeps readers correct in normal operation.

/** What the cache needs from a clock (tests pass their own). */
export type Clock = () => number;

interface Entry {
  readonly value: unknown;
  readonly workspaceId: string;
  readonly expiresAt: number;
  /** Roughly the bytes it holds (a template's content dominates). */
  readonly weight: number;
}

/** Sizing of the cache. */
export interface LookupCacheOptions {
  /** How long an entry is served without asking the database again. */
  readonly ttlMs: number;
  /** The most entries kept; the oldest go first past it (default 10,000). */
  readonly maxEntries?: number;
  /** The most weight (about bytes) kept; the oldest go first past it (default 64 MB). */
  readonly maxWeight?: number;
  readonly clock?: Clock;
}

/** The TTL when none is configured: short enough that a missed invalidation heals quickly. */
export const DEFAULT_LOOKUP_TTL_MS = 5_000;

/** Entries keyed by string, each tagged with the workspace it belongs to. */
export class LookupCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byWorkspace = new Map<string, Set<string>>();
  // Bumped by every invalidation: a load that started before one must not store what it read, since the row it
  // read may be the one the invalidation was about.
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private weight = 0;
  private readonly clock: Clock;

  constructor(private readonly options: LookupCacheOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxWeight = options.maxWeight ?? 64 * 1024 * 1024;
    this.clock = options.clock ?? Date.now;
  }

  /** The number of live and expired-but-not-yet-dropped entries (tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value under `key`, or what `load` returns, stored under the workspace `workspaceOf` names.
   * `workspaceOf` returning undefined stores nothing (a miss whose workspace is unknown cannot be invalidated).
   * `weigh` says about how many bytes the value holds (default: a small row).
   */
  async get<T>(key: string, load: () => Promise<T>, workspaceOf: (value: T) => string | undefined, weigh: (value: T) => number = () => 256): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (hit.expiresAt > now) return hit.value as T;
      this.drop(key, hit.workspaceId);
    }
    const generation = this.generation;
    const value = await load();
    const workspaceId = workspaceOf(value);
    if (workspaceId !== undefined && generation === this.generation) this.store(key, value, workspaceId, weigh(value), this.clock());
    return value;
  }

  /** Forgets everything cached for the workspace. */
  invalidateWorkspace(workspaceId: string): void {
    this.generation++;
    const keys = this.byWorkspace.get(workspaceId);
    if (keys === undefined) return;
    for (const key of keys) this.weight -= this.entries.get(key)?.weight ?? 0;
    for (const key of keys) this.entries.delete(key);
    this.byWorkspace.delete(workspaceId);
  }

  /** Forgets everything (after the invalidation bus may have missed messages). */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byWorkspace.clear();
    this.weight = 0;
  }

  private store(key: string, value: unknown, workspaceId: string, weight: number, now: number): void {
    // One value bigger than the whole budget is not kept at all.
    if (weight > this.maxWeight) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) this.drop(key, previous.workspaceId);
    this.entries.set(key, { value, workspaceId, weight, expiresAt: now + this.options.ttlMs });
    this.weight += weight;
    let keys = this.byWorkspace.get(workspaceId);
    if (keys === undefined) this.byWorkspace.set(workspaceId, (keys = new Set()));
    keys.add(key);
    // Map iteration is insertion order: the first entry is the oldest.
    while (this.entries.size > this.maxEntries || this.weight > this.maxWeight) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.drop(oldest, entry.workspaceId);
    }
  }

  private drop(key: string, workspaceId: string): void {
    this.weight -= this.entries.get(key)?.weight ?? 0;
    this.entries.delete(key);
    const keys = this.byWorkspace.get(workspaceId);
    keys?.delete(key);
    if (keys?.size === 0) this.byWorkspace.delete(workspaceId);
  }
}
