// A fake OpenAI-compatible chat-completions server on loopback that answers from a script, records every
// call, and notices calls whose client hung up before the answer (for the disconnect tests).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One call as the fake server saw it. */
export interface FakeCall {
  readonly index: number;
  readonly body: Record<string, any>;
  /** The system prompt. */
  readonly system: string;
  /** All user text parts joined. */
  readonly userText: string;
  /** Image parts sent (data URLs). */
  readonly images: readonly string[];
  /** response_format.json_schema.name when structured outputs were asked for. */
  readonly schemaName: string | undefined;
  /** The pass: skeleton, band, revise_plan, revise_band, refine, legacy. */
  readonly pass: string;
  /** The band a band/revise-band call fills. */
  readonly bandId: string | undefined;
  /** True when the client closed the connection before the answer was sent. */
  aborted: boolean;
}

/** What the script answers: the assistant's text (or an HTTP status), after an optional delay. */
export interface FakeReply {
  readonly content?: string;
  readonly json?: unknown;
  readonly status?: number;
  readonly delayMs?: number;
}

/** The script: called once per request. */
export type FakeScript = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/** A running fake server. */
export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1` */
  readonly baseUrl: string;
  readonly calls: FakeCall[];
  script: FakeScript;
  close(): Promise<void>;
}

function passOf(system: string, schemaName: string | undefined): string {
  if (schemaName === "skeleton" || system.includes("Pass 1 of 2")) return "skeleton";
  if (system.includes("Pass 2: fill ONE band")) return "band";
  if (system.includes("Decide which bands must change")) return "revise_plan";
  if (system.includes("You revise ONE band")) return "revise_band";
  if (system.includes("Change ONE band")) return "refine";
  if (system.includes("single flat list")) return "legacy";
  return "unknown";
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Starts the fake server. */
export async function startFakeOpenAi(script: FakeScript = () => ({ status: 500 })): Promise<FakeOpenAi> {
  const calls: FakeCall[] = [];
  const fake: FakeOpenAi = { baseUrl: "", calls, script, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await read(req)) as Record<string, any>;
    const messages = (body["messages"] ?? []) as { role: string; content: unknown }[];
    const system = messages.filter((m) => m.role === "system").map((m) => String(m.content)).join("\n");
    const parts = messages.filter((m) => m.role === "user").flatMap((m) => (typeof m.content === "string" ? [{ type: "text", text: m.content }] : (m.content as Record<string, any>[])));
    const userText = parts.filter((p) => p["type"] === "text").map((p) => String(p["text"])).join("\n");
    const images = parts.filter((p) => p["type"] === "image_url").map((p) => String(p["image_url"]?.url ?? ""));
    const schemaName = body["response_format"]?.json_schema?.name as string | undefined;
    const pass = passOf(system, schemaName);
    const bandId = /(?:band to fill: id|Band) `([^`]+)`/.exec(system)?.[1];
    const call: FakeCall = { index: calls.length, body, system, userText, images, schemaName, pass, bandId, aborted: false };
    calls.push(call);
    res.on("close", () => {
      if (!res.writableFinished) call.aborted = true;
    });
    const reply = await fake.script(call);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    if (reply.status !== undefined && reply.status !== 200) {
      res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "scripted failure" } }));
      return;
    }
    const content = reply.content ?? JSON.stringify(reply.json);
    res.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        id: `chatcmpl-${call.index}`,
        object: "chat.completion",
        created: 0,
        model: String(body["model"]),
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return fake;
}
