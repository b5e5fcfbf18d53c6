// One-at-a-time execution per key: a template's appends, joins, compactions and merges never interleave,
// so seq order is persistence order is fan-out order.

/** Runs tasks one after another per key; keys without pending work hold no memory. */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` after every task queued before it under `key`. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves when every queued task has finished. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
