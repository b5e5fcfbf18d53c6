// A loopback TCP proxy in front of a service, which a test can cut (refusing and dropping connections, as a
// server that went away) and restore on the same port.
import { createServer, connect, type Server, type Socket } from "node:net";

/** A running proxy. */
export interface TcpProxy {
  readonly port: number;
  /** Drops every connection and stops listening. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port forwarding to `targetHost:targetPort`. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy: no port");
  const port = address.port;
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  };
  return { port, cut, restore: () => listen(port), close: () => (server.listening ? cut() : Promise.resolve()) };
}
