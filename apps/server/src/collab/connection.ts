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
  closeFrame,
  completionFrame,
  decodeMessage,
  handshakeReply,
  parseHandshake,
  unframe,
  type InboundMessage,
} from "./protocol.js";
import type { RoomMember } from "./room.js";

/** A handshake longer than this is not a SignalR client. */
const MAX_HANDSHAKE_BYTES = 4096;
/** After sending a close, give the peer this long to finish the WebSocket closing handshake. */
const CLOSE_GRACE_MS = 1000;

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
  /** Documents joined, with whether the member may write. */
  readonly docs = new Map<string, { readonly canEdit: boolean }>();
  private handshaken = false;
  private ended = false;
  private buffer: Uint8Array = EMPTY;
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
    let data = concat(this.buffer, chunk);
    if (!this.handshaken) {
      const end = data.indexOf(RECORD_SEPARATOR);
      if (end < 0) {
        if (data.length > MAX_HANDSHAKE_BYTES) this.abort(CloseCode.ProtocolError);
        else this.buffer = new Uint8Array(data);
        return;
      }
      const handshake = parseHandshake(data.subarray(0, end));
      if (!handshake.ok) {
        this.send(handshakeReply(handshake.error));
        this.abort(CloseCode.ProtocolError);
        return;
      }
      this.handshaken = true;
      this.send(handshakeReply());
      // Bytes after the separator in the same frame are already hub messages.
      data = data.subarray(end + 1);
    }
    let parsed: ReturnType<typeof unframe>;
    try {
      parsed = unframe(data);
      // Copied so a partial message does not keep a large socket buffer alive.
      this.buffer = parsed.rest.length === 0 ? EMPTY : new Uint8Array(parsed.rest);
      for (const body of parsed.bodies) this.handle(decodeMessage(body));
    } catch (err) {
      this.log.warn("collab: malformed message, closing", { connectionId: this.connectionId, ...errorFields(err) });
      this.close("The connection sent a malformed message.", false);
    }
  }

  private handle(message: InboundMessage): void {
    switch (message.type) {
      case 1: {
        const { invocationId, target, args } = message;
        this.queue = this.queue.then(async () => {
          const outcome = await dispatch(this.hub, this, target, args, this.log);
          // A `send()` (no invocation id) gets no answer, not even an error.
          if (invocationId !== null) this.send(completionFrame(invocationId, outcome));
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
