// The WebSocket transport: `ws` in noServer mode on the HTTP server's `upgrade` event. Authentication and the
// negotiated id are checked before the upgrade, so a refused client gets a plain HTTP status.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { randomBytes } from "node:crypto";
import type { WebSocketServer } from "ws";
import { bearerToken } from "../http/auth.js";
import { authenticateBearer } from "../services/authenticate.js";
import type { ServiceDeps } from "../services/deps.js";
import { errorFields } from "../log.js";

/** Where the hub is served. */
export const HUB_PATH = "/hubs/collab";

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests", 503: "Service Unavailable" };

function refuse(socket: Duplex, status: number): void {
  const extra = status === 401 ? 'WWW-Authenticate: Bearer realm="docsvc"\r\n' : "";
  // Written outside Hono, so the security middleware never sees it: the API's headers are spelled out here.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Error"}\r\n${extra}Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

/** The hub's access token: the `access_token` query parameter (browsers) or `Authorization: Bearer` (Node, .NET). */
export function hubToken(url: URL, authorization: string | undefined): string | undefined {
  return url.searchParams.get("access_token") ?? bearerToken(authorization);
}

/** Serves the hub's WebSocket endpoint on `server`; returns a function that stops accepting upgrades. */
export function attachHubTransport(server: Server, deps: ServiceDeps): () => void {
  // ws loads with the first upgrade request, not with the server (most instances serve no hub clients for a while).
  let wss: Promise<WebSocketServer> | undefined;
  let closed = false;
  const sockets = (): Promise<WebSocketServer> => (wss ??= import("ws").then(({ WebSocketServer }) => new WebSocketServer({ noServer: true, maxPayload: deps.collab.options.maxMessageBytes })));
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", (err) => deps.log.debug("collab: upgrade socket error", errorFields(err)));
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== HUB_PATH) return refuse(socket, 404);
    void (async () => {
      const token = hubToken(url, req.headers.authorization);
      if (token === undefined) return refuse(socket, 401);
      const principal = await authenticateBearer(deps, token).catch(() => undefined);
      if (principal === undefined) return refuse(socket, 401);
      const upgrader = await sockets();
      if (closed) return refuse(socket, 503);
      const id = url.searchParams.get("id");
      // Without negotiation (skipNegotiation) there is no id and the connection is created on the spot.
      const connectionId = id === null ? randomBytes(16).toString("base64url") : deps.collab.claim(id, principal.userId);
      if (connectionId === undefined) return refuse(socket, 404);
      // Checked and attached in one turn of the event loop (handleUpgrade calls back synchronously).
      if (deps.collab.connectionsOf(principal.userId) >= deps.collab.options.maxConnectionsPerUser) return refuse(socket, 429);
      upgrader.handleUpgrade(req, socket, head, (ws) => deps.collab.attach(ws, principal, connectionId));
    })().catch((err: unknown) => {
      deps.log.error("collab: upgrade failed", errorFields(err));
      socket.destroy();
    });
  };
  server.on("upgrade", onUpgrade);
  return () => {
    closed = true;
    server.off("upgrade", onUpgrade);
    void wss?.then((upgrader) => upgrader.close());
  };
}
