// The real hub connection: @microsoft/signalr over WebSockets with the MessagePack protocol, as the server's
// /hubs/collab speaks it. The access token goes in the WebSocket URL's `access_token` (the browser client
// cannot set headers on an upgrade); it is read afresh for every (re)connection, so a renewed token is used.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";
import { MessagePackHubProtocol } from "@microsoft/signalr-protocol-msgpack";
import type { HubHandlers, HubTransport, JoinResult } from "./transport";

/** The hub's path on the app's origin. */
export const HUB_PATH = "/hubs/collab";

/** Retry forever, quickly at first, then every 10 s: a designer left open should come back by itself. */
export function retryDelay(previousRetryCount: number): number {
  return Math.min(10_000, previousRetryCount === 0 ? 0 : 500 * 2 ** (previousRetryCount - 1));
}

const bytes = (value: unknown): Uint8Array => (value instanceof Uint8Array ? value : new Uint8Array(0));

/** Reads JoinDocument's answer defensively (the wire is msgpack: numbers may come as other numeric kinds). */
function joinResult(raw: unknown): JoinResult {
  const r = (raw ?? {}) as Record<string, unknown>;
  const updates = Array.isArray(r.updates) ? r.updates : [];
  return {
    snapshot: r.snapshot instanceof Uint8Array ? r.snapshot : null,
    snapshotSeq: Number(r.snapshotSeq ?? 0),
    updates: updates.map((u) => {
      const x = u as Record<string, unknown>;
      return { seq: Number(x.seq), update: bytes(x.update) };
    }),
    peerAwareness: (Array.isArray(r.peerAwareness) ? r.peerAwareness : []).map(bytes),
    canEdit: r.canEdit === true,
  };
}

/** A transport on the app's origin with `token()` giving the current access token. */
export function signalRTransport(token: () => Promise<string>, url: string = HUB_PATH): HubTransport {
  let connection: HubConnection | undefined;
  const live = (): HubConnection => {
    if (connection === undefined) throw new Error("the hub connection has not started");
    return connection;
  };
  return {
    async start(handlers: HubHandlers) {
      const c = new HubConnectionBuilder()
        .withUrl(url, { accessTokenFactory: token, transport: HttpTransportType.WebSockets })
        .withHubProtocol(new MessagePackHubProtocol())
        .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (ctx) => retryDelay(ctx.previousRetryCount) })
        // The session reports the connection's state on screen; the client's own console lines would be noise.
        .configureLogging(LogLevel.None)
        .build();
      c.on("ReceiveUpdate", (seq: unknown, update: unknown) => handlers.onUpdate(Number(seq), bytes(update)));
      c.on("ReceiveAwareness", (update: unknown) => handlers.onAwareness(bytes(update)));
      c.on("PeerLeft", (clientId: unknown) => handlers.onPeerLeft(Number(clientId)));
      c.onreconnecting(() => handlers.onReconnecting());
      c.onreconnected(() => handlers.onReconnected());
      c.onclose((error) => handlers.onClosed(error));
      connection = c;
      await c.start();
    },
    async joinDocument(docId, awarenessClientId) {
      return joinResult(await live().invoke("JoinDocument", docId, awarenessClientId));
    },
    async sendUpdate(docId, update) {
      return Number(await live().invoke("SendUpdate", docId, update));
    },
    async sendAwareness(docId, update) {
      await live().invoke("SendAwareness", docId, update);
    },
    async stop() {
      await connection?.stop();
    },
  };
}
