// How instances tell each other that a workspace's cached lookups are stale (redis/cache-bus.ts on Redis pub/sub).

/** What a listener is told. */
export interface InvalidationHandlers {
  /** Drop this workspace's entries. */
  workspace(workspaceId: string): void;
  /** Drop everything: messages may have been missed (the bus reconnected). */
  everything(): void;
}

/** A broadcast channel of workspace ids. */
export interface InvalidationBus {
  /** False while the bus may be missing messages (disconnected): the cache is bypassed then. */
  readonly live: boolean;
  /** Resolves once the message is with the broker (every subscribed instance then receives it). */
  publish(workspaceId: string): Promise<void>;
  listen(handlers: InvalidationHandlers): void;
  close(): Promise<void>;
}
