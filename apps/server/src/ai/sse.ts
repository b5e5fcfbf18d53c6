// A Server-Sent Events response for the streamed AI endpoints: one event per stage (event name = stage,
// data = JSON with `stage`), a comment line every 15 s so proxies keep the connection open, and an
// AbortSignal that fires when the client goes away so the model calls stop with it.
import { errorFields, type Logger } from "../log.js";

/** Sends one event. */
export type SendEvent = (stage: "skeleton" | "band" | "done" | "error", data: Readonly<Record<string, unknown>>) => void;

/** The keep-alive period (a comment line). */
export const KEEP_ALIVE_MS = 15_000;

/** Opens the stream and runs `work`; a throw from `work` becomes an `error` event with a generic message. */
export function sseResponse(
  request: Request,
  log: Logger,
  work: (send: SendEvent, signal: AbortSignal) => Promise<void>,
  keepAliveMs = KEEP_ALIVE_MS,
): Response {
  const abort = new AbortController();
  const encoder = new TextEncoder();
  const onClientGone = () => abort.abort(new Error("client disconnected"));
  request.signal.addEventListener("abort", onClientGone, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (abort.signal.aborted) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          onClientGone();
        }
      };
      const send: SendEvent = (stage, data) => write(`event: ${stage}\ndata: ${JSON.stringify({ stage, ...data })}\n\n`);
      timer = setInterval(() => write(": keep-alive\n\n"), keepAliveMs);
      void work(send, abort.signal)
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          log.error("AI stream failed", errorFields(error));
          send("error", { message: "An unexpected error occurred." });
        })
        .finally(() => {
          clearInterval(timer);
          request.signal.removeEventListener("abort", onClientGone);
          if (!abort.signal.aborted) controller.close();
        });
    },
    cancel() {
      clearInterval(timer);
      onClientGone();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no", Connection: "keep-alive" },
  });
}
