// Hub test helpers: a listening server over the test app (the harness's app plus the hub transport, on
// 127.0.0.1 port 0), HTTP helpers, and an editor that binds a Y.Doc to an official SignalR client.
import { createAdaptorServer } from "@hono/node-server";
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type IHttpConnectionOptions } from "@microsoft/signalr";
import { MessagePackHubProtocol } from "@microsoft/signalr-protocol-msgpack";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import * as Y from "yjs";
import type { HubOptions, JoinResult } from "../../src/collab/hub.js";
import { attachHubTransport } from "../../src/collab/transport.js";
import type { Renderer } from "../../src/render/renderer.js";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { startTestApp, uniqueEmail, type TestApp, type TestAppOptions } from "../helpers/harness.js";

/** Hub tests do not render; content validation always passes. */
export const NO_RENDER: Renderer = {
  render: () => Promise.reject(new Error("not rendering in hub tests")),
  validate: async () => ({ ok: true }),
  close: async () => undefined,
};

/** A test app listening for real, with the hub attached. */
export interface HubTestServer {
  readonly t: TestApp;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the test app on 127.0.0.1:0 with the hub transport wired as main.ts wires it. By default it does not
 * render; app options without a renderer get the real render pool.
 */
export async function startHubTestServer(hub: HubOptions = {}, app: TestAppOptions = { renderer: NO_RENDER }): Promise<HubTestServer> {
  const t = await startTestApp({ ...app, hub });
  const server = createAdaptorServer({ fetch: t.app.fetch, hostname: "127.0.0.1" }) as Server;
  const detach = attachHubTransport(server, t.deps);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    t,
    url,
    async close() {
      detach();
      await t.deps.collab.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/** A signed-up user as the hub tests need it. */
export interface HubUser {
  readonly token: string;
  readonly userId: string;
  readonly email: string;
}

async function api(base: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<Record<string, any>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as Record<string, any>;
  return { status: res.status, ...json };
}

/** Calls the API over HTTP; answers the parsed body plus `status`. */
export const call = api;

/** Signs up a fresh user. */
export async function signup(base: string): Promise<HubUser> {
  const email = uniqueEmail("hub");
  const res = await api(base, "POST", "/api/auth/signup", undefined, { email, password: "correct horse battery" });
  if (res["status"] !== 200) throw new Error(`signup failed ${JSON.stringify(res)}`);
  return { token: res["accessToken"], userId: res["user"].id, email };
}

/** Creates a template and answers its id. */
export async function createTemplate(base: string, owner: HubUser): Promise<string> {
  const res = await api(base, "POST", "/api/templates", owner.token, { name: "Shared", content: SMALL_TEMPLATE });
  if (res["status"] !== 200) throw new Error(`create failed ${JSON.stringify(res)}`);
  return res["id"];
}

/** Invites a new user into the owner's workspace with `role` and answers their session there. */
export async function addMember(base: string, owner: HubUser, role: "Editor" | "Viewer"): Promise<HubUser> {
  const user = await signup(base);
  const invite = await api(base, "POST", "/api/workspaces/current/invites", owner.token, { email: user.email, role });
  const accepted = await api(base, "POST", `/api/invites/${invite["token"]}/accept`, user.token);
  if (accepted["status"] !== 200) throw new Error(`accept failed ${JSON.stringify(accepted)}`);
  return { token: accepted["accessToken"], userId: user.userId, email: user.email };
}

/** Options of a client connection. */
export interface ClientOptions {
  readonly skipNegotiation?: boolean;
  readonly reconnectDelays?: number[];
}

/** An official SignalR client (MessagePack) for the hub, not yet started. */
export function hubClient(base: string, token: string, options: ClientOptions = {}): HubConnection {
  // Node 20 has no global WebSocket; the client takes the `ws` constructor through its options.
  const http = {
    accessTokenFactory: () => token,
    transport: HttpTransportType.WebSockets,
    skipNegotiation: options.skipNegotiation ?? false,
    WebSocket,
  } as IHttpConnectionOptions;
  let builder = new HubConnectionBuilder().withUrl(`${base}/hubs/collab`, http).withHubProtocol(new MessagePackHubProtocol()).configureLogging(LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  return builder.build();
}

/** A Y.Doc bound to a hub connection, following the client rule of the protocol notes. */
export class Editor {
  readonly doc = new Y.Doc();
  lastSeq = 0;
  readonly seqs: number[] = [];
  private readonly sends: Promise<unknown>[] = [];

  constructor(
    readonly connection: HubConnection,
    readonly docId: string,
  ) {
    connection.on("ReceiveUpdate", (seq: number, update: Uint8Array) => {
      Y.applyUpdate(this.doc, update, "remote");
      this.lastSeq = Math.max(this.lastSeq, seq);
    });
    this.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === "remote") return;
      this.sends.push(
        connection.invoke<number>("SendUpdate", docId, update).then((seq) => {
          this.seqs.push(seq);
          this.lastSeq = Math.max(this.lastSeq, seq);
        }),
      );
    });
  }

  /** Joins the document and applies the snapshot and then the tail. */
  async join(): Promise<JoinResult> {
    const joined = await this.connection.invoke<JoinResult>("JoinDocument", this.docId, this.doc.clientID);
    Y.transact(this.doc, () => {
      if (joined.snapshot) Y.applyUpdate(this.doc, joined.snapshot, "remote");
      for (const u of joined.updates) Y.applyUpdate(this.doc, u.update, "remote");
    }, "remote");
    this.lastSeq = Math.max(this.lastSeq, joined.updates.at(-1)?.seq ?? joined.snapshotSeq);
    return joined;
  }

  /** The shared text. */
  get text(): string {
    return this.doc.getText("t").toString();
  }

  /** Inserts at a position (sent as one update). */
  insert(index: number, text: string): void {
    this.doc.getText("t").insert(index, text);
  }

  /** Waits for every SendUpdate so far. */
  async flush(): Promise<void> {
    await Promise.all(this.sends);
  }
}

export { eventually } from "../helpers/eventually.js";
