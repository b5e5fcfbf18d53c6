// The AI streams: a multipart POST answered with Server-Sent Events whose event name is the stage
// (skeleton, band, done, error; docs/service-spec.md "AI streams"). Failures found before the stream opens
// come back as a problem+json status, thrown as ApiError like every other call.
import { api } from "../../api/client";
import { errorFromResponse, networkError } from "../../api/errors";

/** One event of an AI stream. */
export interface AiEvent {
  readonly stage: "skeleton" | "band" | "done" | "error" | (string & {});
  readonly bandsTotal?: number;
  readonly bandsCompleted?: number;
  readonly bandId?: string;
  readonly failed?: boolean;
  readonly template?: unknown;
  readonly checkToken?: string;
  readonly unchanged?: boolean;
  readonly message?: string;
  /** skeleton (generate-band-template): the planned bands, without elements, and the page. */
  readonly bands?: unknown;
  readonly pageSize?: unknown;
  /** band (generate-band-template): the filled band as done's template will hold it. */
  readonly band?: unknown;
}

/** Splits SSE text into events; returns them and the unfinished rest (kept for the next chunk). */
export function parseSse(buffer: string): { events: AiEvent[]; rest: string } {
  const events: AiEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let name = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue; // keep-alive comments
      if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length === 0) continue;
    try {
      const payload = JSON.parse(data.join("\n")) as Record<string, unknown>;
      events.push({ ...payload, stage: typeof payload["stage"] === "string" ? payload["stage"] : name } as AiEvent);
    } catch {
      /* a malformed event is skipped; the stream's done or error still arrives */
    }
  }
  return { events, rest };
}

/** POSTs `form` to `path` and calls `onEvent` for each event until the stream ends. */
export async function aiStream(path: string, form: FormData, onEvent: (e: AiEvent) => void, signal?: AbortSignal): Promise<void> {
  const token = api.accessToken ?? (await api.refresh())?.accessToken ?? null;
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", body: form, headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: "same-origin", ...(signal ? { signal } : {}) });
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok || !res.body) throw await errorFromResponse(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    parsed.events.forEach(onEvent);
  }
  parseSse(buffer + "\n\n").events.forEach(onEvent);
}
