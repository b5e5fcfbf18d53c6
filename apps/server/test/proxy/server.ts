// A test app on a real loopback HTTP server (the client address comes from the socket), its info log captured
// so tests can read the access log's `client`, and HTTP helpers that pick the local address a request leaves from.
import { createAdaptorServer } from "@hono/node-server";
import type { Server } from "node:http";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "../../src/config.js";
import { createLogger } from "../../src/log.js";
import { NO_RENDER } from "../collab/helpers.js";
import { startTestApp, type TestApp } from "../helpers/harness.js";

export const PASSWORD = "correct horse battery";

/** A running server. */
export interface LoginServer {
  readonly t: TestApp;
  readonly url: string;
  /** Every log line so far (JSON). */
  readonly lines: string[];
  /** The `client` of the access-log lines of `path`, in order. */
  clientsSeen(path: string): string[];
  close(): Promise<void>;
}

/** Starts the app with `config` on 127.0.0.1 (the real render pool is not needed: logins only). */
export async function startLoginServer(config: Partial<Config>): Promise<LoginServer> {
  const lines: string[] = [];
  const t = await startTestApp({ config, log: createLogger("info", (l) => lines.push(l)), renderer: NO_RENDER });
  const server = createAdaptorServer({ fetch: t.app.fetch, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    t,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    clientsSeen: (path) =>
      lines
        .map((l) => JSON.parse(l) as { msg?: string; path?: string; client?: string })
        .filter((l) => l.msg === "request" && l.path === path)
        .map((l) => l.client ?? ""),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/** An answer: status, headers and the parsed JSON body. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

/** POSTs JSON to `base` + `path` from `localAddress` (127.0.0.x: another client on loopback) with extra headers. */
export function postFrom(base: string, path: string, body: unknown, localAddress = "127.0.0.1", headers: Record<string, string> = {}): Promise<Answer> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { method: "POST", localAddress, agent: false, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.startsWith("{") ? (JSON.parse(raw) as Record<string, unknown>) : {} });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** Signs up `count` users (signups are not throttled), a few at a time; answers their emails. */
export async function signUpMany(base: string, prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}-${process.pid}@example.test`);
  for (let i = 0; i < emails.length; i += 8) {
    const answers = await Promise.all(emails.slice(i, i + 8).map((email) => postFrom(base, "/api/auth/signup", { email, password: PASSWORD })));
    for (const a of answers) if (a.status !== 200) throw new Error(`signup ${a.status} ${JSON.stringify(a.body)}`);
  }
  return emails;
}

/** Logs each email in once, `parallel` at a time, each from the address `from(i)` with headers `headers(i)`. */
export async function logInAll(
  base: string,
  emails: readonly string[],
  from: (i: number) => string = () => "127.0.0.1",
  headers: (i: number) => Record<string, string> = () => ({}),
  parallel = 8,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < emails.length; i += parallel) {
    const batch = emails.slice(i, i + parallel).map((email, j) => postFrom(base, "/api/auth/login", { email, password: PASSWORD }, from(i + j), headers(i + j)));
    statuses.push(...(await Promise.all(batch)).map((a) => a.status));
  }
  return statuses;
}
