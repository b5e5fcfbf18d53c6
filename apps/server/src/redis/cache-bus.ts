// Lookup-cache invalidations across instances on one Redis pub/sub channel: a message is a workspace id.
// The subscriber has a connection of its own (a subscribed connection can do nothing else). Whenever it is not
// subscribed, the bus reports itself not live (the cache is bypassed), and every connection change clears the
// cache, since messages published meanwhile were lost.
import type { Redis } from "ioredis";
import type { InvalidationBus, InvalidationHandlers } from "../cache/bus.js";
import type { RedisHandle } from "./client.js";

/** The invalidation bus on Redis pub/sub. */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly subscriber: Redis;
  private handlers: InvalidationHandlers | undefined;
  private subscribed = false;
  private started = false;
  private readonly channel: string;

  constructor(private readonly redis: RedisHandle) {
    this.channel = `${redis.prefix}cache:invalidate`;
    this.subscriber = redis.client.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber.on("error", () => undefined);
    this.subscriber.on("message", (channel: string, workspaceId: string) => {
      if (channel === this.channel) this.handlers?.workspace(workspaceId);
    });
    this.subscriber.on("close", () => this.lost());
    // After a reconnect: subscribe again (harmless if ioredis already did) and only then trust the cache again.
    this.subscriber.on("ready", () => {
      if (this.started) void this.subscribe();
    });
  }

  private subscribe(): Promise<void> {
    return this.subscriber.subscribe(this.channel).then(
      () => this.regained(),
      () => undefined,
    );
  }

  get live(): boolean {
    return this.subscribed && this.subscriber.status === "ready";
  }

  /** Subscribes; resolves once subscribed (or at once when Redis is down: the cache stays bypassed until it is). */
  async start(): Promise<void> {
    this.started = true;
    const subscribing = this.subscribe();
    if (this.subscriber.status === "ready") await subscribing;
  }

  listen(handlers: InvalidationHandlers): void {
    this.handlers = handlers;
  }

  async publish(workspaceId: string): Promise<void> {
    await this.redis.client.publish(this.channel, workspaceId);
  }

  async close(): Promise<void> {
    this.started = false;
    this.subscribed = false;
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private lost(): void {
    this.subscribed = false;
    this.handlers?.everything();
  }

  private regained(): void {
    this.handlers?.everything();
    this.subscribed = true;
  }
}
