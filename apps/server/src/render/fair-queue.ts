// The order waiting render jobs start in: interactive renders before batch rows; within a priority, the
// workspace with the fewest jobs running goes first, ties in turn (round-robin); first come first served
// within a workspace. So a workspace's burst or batch delays another workspace's render by at most the jobs
// already running, even when the burst holds every worker.

/** Interactive: a person or a machine waits on the answer. Batch: rows of a batch job. */
export type Priority = "interactive" | "batch";

const PRIORITIES: readonly Priority[] = ["interactive", "batch"];

/** Waiting jobs by priority and workspace. */
export class FairQueue<T> {
  // Map order is the round-robin order: a workspace served goes to the back (delete, then set again).
  private readonly lanes: Record<Priority, Map<string, T[]>> = { interactive: new Map(), batch: new Map() };
  private readonly sizes: Record<Priority, number> = { interactive: 0, batch: 0 };

  /** Jobs waiting at a priority. */
  size(priority: Priority): number {
    return this.sizes[priority];
  }

  /** Jobs one workspace has waiting at a priority. */
  waiting(workspace: string, priority: Priority): number {
    return this.lanes[priority].get(workspace)?.length ?? 0;
  }

  /** Queues a job at the back of its workspace's line. */
  push(item: T, workspace: string, priority: Priority): void {
    const lane = this.lanes[priority];
    const line = lane.get(workspace);
    if (line === undefined) lane.set(workspace, [item]);
    else line.push(item);
    this.sizes[priority] += 1;
  }

  /** The next job to start, given how many jobs each workspace has running; undefined when none waits. */
  shift(running: (workspace: string) => number): T | undefined {
    for (const priority of PRIORITIES) {
      const lane = this.lanes[priority];
      let chosen: [string, T[]] | undefined;
      let fewest = Infinity;
      for (const entry of lane) {
        const count = running(entry[0]);
        if (count < fewest) [chosen, fewest] = [entry, count];
        if (count === 0) break;
      }
      if (chosen === undefined) continue;
      const [workspace, line] = chosen;
      const item = line.shift() as T;
      lane.delete(workspace);
      if (line.length > 0) lane.set(workspace, line);
      this.sizes[priority] -= 1;
      return item;
    }
    return undefined;
  }

  /** Takes a job out of the queue (its caller gave up); false when it was not waiting. */
  remove(item: T, workspace: string, priority: Priority): boolean {
    const lane = this.lanes[priority];
    const line = lane.get(workspace);
    const at = line?.indexOf(item) ?? -1;
    if (line === undefined || at < 0) return false;
    line.splice(at, 1);
    if (line.length === 0) lane.delete(workspace);
    this.sizes[priority] -= 1;
    return true;
  }
}
