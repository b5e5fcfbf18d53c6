// A webhook receiver on loopback for the tests: records every request and answers the statuses it is told to.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got. */
export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

/** A running receiver. */
export interface Receiver {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly received: Received[];
  /** Statuses to answer, in order; once used up, 200. */
  readonly statuses: number[];
  /** Resolves once `count` requests arrived to `path` (or throws after `ms`). */
  waitFor(path: string, count?: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a free loopback port. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      res.writeHead(statuses.shift() ?? 200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    statuses,
    async waitFor(path, count = 1, ms = 30_000) {
      const until = Date.now() + ms;
      for (;;) {
        const got = received.filter((r) => r.path === path);
        if (got.length >= count) return got;
        if (Date.now() > until) throw new Error(`receiver: ${got.length} of ${count} requests to ${path}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
