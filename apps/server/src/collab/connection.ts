// One hub connection: handshake, byte-stream reassembly, in-order invocation, keep-alive and close.
import type { RawData, WebSocket } from "ws";
import type { SessionPrincipal } from "../auth/principal.js";
import { errorFields, type Logger } from "../log.js";
import type { CollabHub } from "./hub.js";
import { dispatch } from "./methods.js";
import {
  CloseCode,
  HubErrors,
  PING_FRAME,
  RECORD_SEPARATOR,
  MAX_MESSAGE_BYTES,
  MessageTooLargeError,
  closeFrame,
  completionFrame,
  decodeMessage,
  handshakeReply,
  parseHandshake,
  readLength,
  unframe,
  type InboundMessage,
} from "./protocol.js";
import type { RoomMember } from "./room.js";

/** A handshake longer than this is not a SignalR client. */
const MAX_HANDSHAKE_BYTES = 4096;
/** After sending a close, give the peer this long to finish the WebSocket closing handshake. */
const CLOSE_GRACE_MS = 1000;
/** The connection holds more than its buffered cap (HUB_MAX_BUFFERED_BYTES): it is closed. */
class OverloadError extends Error {
  constructor(max: number) {
    super(`The connection sent more than ${max} bytes faster than they could be handled.`);
  }
}

const EMPTY = new Uint8Array(0);

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A connected client. */
export class HubConnection implements RoomMember {
  /** Documents joined. */
  readonly docs = new Set<string>();
  private handshaken = false;
  private ended = false;
  private buffer: Uint8Array = EMPTY;
  // Chunks of a message still incomplete: kept as a list and joined once it is whole, not copied per chunk.
  private chunks: Uint8Array[] = [];
  private chunkBytes = 0;
  /** Body bytes of invocations queued or running. */
  private queuedBytes = 0;
  /** Set when the credential no longer allows anything: the connection closes after its current reply. */
  private revokedFor: string | undefined;
  // ASP.NET runs one invocation at a time per connection; so do we, so a client's calls apply in order.
  private queue: Promise<void> = Promise.resolve();
  private readonly connectedAt = Date.now();
  private lastSentAt = Date.now();
  private lastReceivedAt = Date.now();

  constructor(
    private readonly ws: WebSocket,
    readonly principal: SessionPrincipal,
    readonly connectionId: string,
    private readonly hub: CollabHub,
    private readonly log: Logger,
  ) {
    ws.on("message", (data) => this.receive(toBytes(data)));
    ws.on("close", () => this.end());
    ws.on("error", (err) => log.debug("collab: socket error", { connectionId, ...errorFields(err) }));
  }

  /** Whether the connection has ended (closed by either side). */
  get closed(): boolean {
    return this.ended;
  }

  /** Sends framed bytes (dropped once the connection is closing). */
  send(bytes: Uint8Array): void {
    if (this.ended || this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(bytes, { binary: true });
    this.lastSentAt = Date.now();
  }

  /** Sends a Close message (`error` shown to the client) and closes the socket. */
  close(error: string | null, allowReconnect: boolean): void {
    if (this.ended) return;
    if (this.handshaken) this.send(closeFrame(error, allowReconnect));
    this.ws.close(CloseCode.Normal);
    setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
    this.end();
  }

  /** The session ended or the membership is gone: close (with `reason`) once the current reply is sent. */
  revoke(reason: string): void {
    this.revokedFor ??= reason;
  }

  /** Keep-alive and timeouts, called by the hub's ticker. */
  tick(now: number, tickMs: number): void {
    const o = this.hub.options;
    if (!this.handshaken) {
      if (now - this.connectedAt > o.handshakeTimeoutMs) this.abort(CloseCode.PolicyViolation);
      return;
    }
    if (now - this.lastReceivedAt > o.clientTimeoutMs) {
      this.close(HubErrors.serverTimeout, false);
      return;
    }
    // Official clients re-arm their own 30 s timeout only when data arrives, so silence must be broken.
    if (now - this.lastSentAt >= o.keepAliveMs - tickMs) this.send(PING_FRAME);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.chunks = [];
    this.buffer = EMPTY;
    this.hub.disconnected(this);
  }

  private abort(code: number): void {
    this.ws.close(code);
    setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
    this.end();
  }

  private receive(chunk: Uint8Array): void {
    if (this.ended) return;
    this.lastReceivedAt = Date.now();
    if (!this.handshaken) {
      const data = concat(this.buffer, chunk);
      const end = data.indexOf(RECORD_SEPARATOR);
      if (end < 0) {
        if (data.length > MAX_HANDSHAKE_BYTES) this.abort(CloseCode.ProtocolError);
        else this.buffer = new Uint8Array(data);
        return;
      }
      this.buffer = EMPTY;
      const handshake = parseHandshake(data.subarray(0, end));
      if (!handshake.ok) {
        this.send(handshakeReply(handshake.error));
        this.abort(CloseCode.ProtocolError);
        return;
      }
      this.handshaken = true;
      this.send(handshakeReply());
      // Bytes after the separator in the same frame are already hub messages.
      chunk = data.subarray(end + 1);
      if (chunk.length === 0) return;
    }
    try {
      this.reassemble(chunk);
    } catch (err) {
      if (err instanceof MessageTooLargeError || err instanceof OverloadError) {
        this.log.warn("collab: over a byte cap, closing", { connectionId: this.connectionId, reason: err.message });
        this.close(err.message, false);
        return;
      }
      this.log.warn("collab: malformed message, closing", { connectionId: this.connectionId, ...errorFields(err) });
      this.close("The connection sent a malformed message.", false);
    }
  }

  // Adds a chunk to the pending message; once the announced length has arrived, splits off whole messages.
  private reassemble(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.chunkBytes += chunk.length;
    const { maxMessageBytes, maxBufferedBytes } = this.hub.options;
    if (this.chunkBytes + this.queuedBytes > maxBufferedBytes) throw new OverloadError(maxBufferedBytes);
    // The prefix sits in the first chunk unless that chunk is tiny (at most 5 bytes, so 5 non-empty chunks).
    const head = this.chunks.length > 1 && (this.chunks[0]?.length ?? 0) < 5 ? Buffer.concat(this.chunks.slice(0, 5)) : (this.chunks[0] ?? EMPTY);
    const next = readLength(head, 0, maxMessageBytes);
    if (next !== undefined && next.prefix + next.length > this.chunkBytes) return;
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.chunkBytes);
    const parsed = unframe(data, maxMessageBytes);
    // Copied so a partial message does not keep a large socket buffer alive.
    this.chunks = parsed.rest.length === 0 ? [] : [new Uint8Array(parsed.rest)];
    this.chunkBytes = parsed.rest.length;
    // The tail's announced length is checked now, before anything more is buffered for it.
    readLength(parsed.rest, 0, maxMessageBytes);
    for (const body of parsed.bodies) this.handle(decodeMessage(body), body.length);
  }

  private handle(message: InboundMessage, bytes: number): void {
    switch (message.type) {
      case 1: {
        const { invocationId, target, args } = message;
        this.queuedBytes += bytes;
        this.queue = this.queue.then(async () => {
          const outcome = await dispatch(this.hub, this, target, args, this.log);
          this.queuedBytes -= bytes;
          // A `send()` (no invocation id) gets no answer, not even an error.
          if (invocationId !== null) this.send(completionFrame(invocationId, outcome));
          if (this.revokedFor !== undefined) this.close(this.revokedFor, false);
        });
        return;
      }
      case 4:
        this.send(completionFrame(message.invocationId, { error: HubErrors.streamingUnsupported }));
        return;
      case 7:
        this.ws.close(CloseCode.Normal);
        this.end();
        return;
      case 6:
      case 0:
        return;
      default: {
        const never: never = message;
        throw new Error(`unhandled message ${String(never)}`);
      }
    }
  }
}
