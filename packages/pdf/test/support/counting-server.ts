// A loopback HTTP server that counts every request it receives: point "remote" references at it and assert
// that a render never reached it. Listens on 127.0.0.1 with an ephemeral port.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A running counting server: its base URL, the requests seen so far, and close(). */
export interface CountingServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  /** `host:port`, for protocol-relative (`//host:port/x`) references. */
  readonly host: string;
  /** Number of requests received. */
  readonly count: () => number;
  /** Method and path of each request received, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** Starts a loopback server that answers every request with a 1×1 PNG and counts them. */
export async function startCountingServer(): Promise<CountingServer> {
  const requests: string[] = [];
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method ?? "?"} ${req.url ?? ""}`);
    res.writeHead(200, { "content-type": "image/png", "content-length": png.length });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    count: () => requests.length,
    requests,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}
