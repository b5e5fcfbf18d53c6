// The hub's cross-instance fan-out on Redis pub/sub: one channel per document, MessagePack payloads tagged
// with the sending instance so it can ignore its own echoes. While Redis is unreachable, publishing is
// skipped (same-instance fan-out, with one warning) and subscriptions are restored on reconnect.
import { decode, encode } from "@msgpack/msgpack";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { BusMessage, HubBus } from "../collab/bus.js";
import { errorFields, type Logger } from "../log.js";
import type { RedisHandle } from "./client.js";

interface Envelope {
  readonly o: string;
  readonly m: BusMessage;
}

/** The hub bus over Redis. */
export class RedisHubBus implements HubBus {
  private readonly origin = randomUUID();
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, (message: BusMessage) => void>();
  private warned = false;

  constructor(private readonly redis: RedisHandle, private readonly log: Logger) {
    // A subscribed connection can do nothing else, hence its own; it queues (re)subscriptions while down.
    this.subscriber = redis.client.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber.on("error", () => undefined);
    this.subscriber.on("messageBuffer", (channel: Buffer, payload: Buffer) => {
      const handler = this.handlers.get(channel.toString());
      if (handler === undefined) return;
      try {
        const envelope = decode(payload) as Envelope;
        if (envelope.o !== this.origin) handler(envelope.m);
      } catch (err) {
        this.log.warn("collab bus: an unreadable message was dropped", errorFields(err));
      }
    });
  }

  /** Subscribes the document's channel. */
  async subscribe(docId: string, onMessage: (message: BusMessage) => void): Promise<void> {
    const channel = this.channel(docId);
    this.handlers.set(channel, onMessage);
    // While Redis is down the command waits in the queue for the reconnect; a join must not wait with it.
    const subscribed = this.subscriber.subscribe(channel).catch((err: unknown) => this.warn(err));
    if (this.subscriber.status === "ready") await subscribed;
    else this.warn(new Error(`Redis connection is ${this.subscriber.status}`));
  }

  /** Unsubscribes it. */
  async unsubscribe(docId: string): Promise<void> {
    const channel = this.channel(docId);
    this.handlers.delete(channel);
    const unsubscribed = this.subscriber.unsubscribe(channel).catch((err: unknown) => this.warn(err));
    if (this.subscriber.status === "ready") await unsubscribed;
  }

  /** Publishes without waiting; failures are logged once per outage. */
  publish(docId: string, message: BusMessage): void {
    const payload = Buffer.from(encode({ o: this.origin, m: message } satisfies Envelope));
    this.redis.client.publish(this.channel(docId), payload).then(
      () => (this.warned = false),
      (err: unknown) => this.warn(err),
    );
  }

  /** Closes the subscriber connection. */
  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private channel(docId: string): string {
    return `${this.redis.prefix}doc:${docId}`;
  }

  private warn(err: unknown): void {
    if (!this.warned) this.log.warn("collab bus: Redis unreachable, fan-out stays within this instance", errorFields(err));
    this.warned = true;
  }
}
