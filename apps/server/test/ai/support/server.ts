// The app with AI pointed at a fake OpenAI-compatible server, listening on loopback for real HTTP, plus a
// reader of its Server-Sent Events.
import { createAdaptorServer } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseAiSettings } from "../../../src/ai/settings.js";
import type { Renderer } from "../../../src/render/renderer.js";
import type { AiRouteOptions } from "../../../src/routes/ai.js";
import type { PlanTable } from "../../../src/services/plans.js";
import { startTestApp, type TestApp } from "../../helpers/harness.js";
import { startFakeOpenAi, type FakeOpenAi } from "./fake-openai.js";

/** One SSE event. */
export interface SseEvent {
  readonly event: string;
  readonly data: Record<string, any>;
}

/** A server under test and its fake model. */
export interface AiServer {
  readonly t: TestApp;
  readonly fake: FakeOpenAi;
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the fake model and the app (AI_PROVIDER=openai-compatible, AI_BASE_URL=the fake) on loopback. */
export async function startAiServer(options: { structuredOutputs?: boolean; plans?: PlanTable; ai?: AiRouteOptions; renderer?: Renderer } = {}): Promise<AiServer> {
  const fake = await startFakeOpenAi();
  const ai = parseAiSettings({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model", AI_STRUCTURED_OUTPUTS: String(options.structuredOutputs ?? true) });
  // New workspaces on `free`, as a host serving others would set DEFAULT_PLAN: the quotas under test are its own.
  const t = await startTestApp({ config: { ai, defaultPlan: "free" }, ...(options.plans ? { plans: options.plans } : {}), ...(options.ai ? { ai: options.ai } : {}), ...(options.renderer ? { renderer: options.renderer } : {}) });
  const server = createAdaptorServer({ fetch: t.app.fetch, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    t,
    fake,
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fake.close();
      await t.close();
    },
  };
}

/** A multipart form from fields (Uint8Array values become files). */
export function form(fields: Record<string, string | Uint8Array | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "string") data.append(key, value);
    else data.append(key, new Blob([value as Uint8Array<ArrayBuffer>]), `${key}.bin`);
  }
  return data;
}

/** Parses an SSE body into events (comment lines are counted separately). */
export function parseSse(text: string): { events: SseEvent[]; comments: number } {
  const events: SseEvent[] = [];
  let comments = 0;
  for (const block of text.split("\n\n")) {
    if (block.trim() === "") continue;
    if (block.startsWith(":")) {
      comments += 1;
      continue;
    }
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? "{}";
    events.push({ event, data: JSON.parse(data) as Record<string, any> });
  }
  return { events, comments };
}

/** Posts a form and reads the whole answer: status, and events when it streamed. */
export async function post(s: AiServer, path: string, token: string, body: FormData): Promise<{ status: number; type: string; events: SseEvent[]; comments: number; json: Record<string, any> }> {
  const res = await fetch(`${s.url}${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body });
  const text = await res.text();
  const type = res.headers.get("Content-Type") ?? "";
  if (type.startsWith("text/event-stream")) return { status: res.status, type, ...parseSse(text), json: {} };
  return { status: res.status, type, events: [], comments: 0, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
}
