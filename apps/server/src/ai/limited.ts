// Bounded parallelism for pass 2: a few model calls at once, none started after the client has gone.

/** Runs `task` over `items`, at most `limit` at a time, stopping new work once `signal` aborts. */
export async function eachLimited<T>(items: readonly T[], limit: number, signal: AbortSignal, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal.aborted) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
