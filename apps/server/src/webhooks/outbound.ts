// One outbound webhook request. The host name is resolved here, every address checked (./address-policy.ts), and
// the request connects to the checked address itself (no second lookup between check and use); TLS still verifies
// the certificate against the host name. No redirect is followed, the whole attempt has a deadline, and at most
// RESPONSE_LIMIT bytes of the answer are read (only its status matters).
import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { nonPublicKind } from "./address-policy.js";

/** Bytes of an answer read at most (the rest is discarded with the connection). */
export const RESPONSE_LIMIT = 64 * 1024;

/** How one attempt ended. */
export type AttemptOutcome =
  /** The receiver answered (any status; 2xx is success). */
  | { readonly kind: "answered"; readonly status: number }
  /** Never sent, and never will be as things stand: the URL or its address is not allowed. */
  | { readonly kind: "refused"; readonly reason: string }
  /** Sent or tried, and worth trying again: no answer, a timeout, a reset. */
  | { readonly kind: "failed"; readonly reason: string };

/** What an attempt needs. */
export interface AttemptOptions {
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  /** Host name resolution (tests point names at chosen addresses); default: the system resolver. */
  readonly resolve?: (host: string) => Promise<readonly { address: string; family: number }[]>;
}

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true });

/** POSTs `body` to `url` with `headers`. Never throws. */
export async function postWebhook(url: string, body: string, headers: Readonly<Record<string, string>>, options: AttemptOptions): Promise<AttemptOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: "refused", reason: "The URL is not valid." };
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return { kind: "refused", reason: "Only http and https URLs are allowed." };
  if (target.username !== "" || target.password !== "") return { kind: "refused", reason: "URLs with credentials are not allowed." };
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  let address: { address: string; family: number };
  try {
    const chosen = await pickAddress(host, options, deadline);
    if ("refused" in chosen) return { kind: "refused", reason: chosen.refused };
    address = chosen;
  } catch (err) {
    return { kind: "failed", reason: deadline.aborted ? `No answer within ${options.timeoutMs} ms (name resolution).` : `The host name ${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? "error"}).` };
  }
  return send(target, host, address, body, headers, deadline, options.timeoutMs);
}

// Resolves the name (an IP literal stands for itself) and picks the first allowed address.
async function pickAddress(host: string, options: AttemptOptions, deadline: AbortSignal): Promise<{ address: string; family: number } | { refused: string }> {
  const literal = isIP(host);
  const resolved = literal !== 0 ? [{ address: host, family: literal }] : await raceAbort((options.resolve ?? systemResolve)(host), deadline);
  if (resolved.length === 0) throw Object.assign(new Error("no addresses"), { code: "ENODATA" });
  if (options.allowPrivate) return resolved[0]!;
  const allowed = resolved.find((a) => nonPublicKind(a.address) === undefined);
  if (allowed !== undefined) return allowed;
  const first = resolved[0]!;
  const kind = nonPublicKind(first.address)!;
  const named = literal !== 0 ? first.address : `${host} resolves to ${first.address}, which`;
  return { refused: `${named} is a ${kind} address; webhooks go only to public addresses (WEBHOOK_ALLOW_PRIVATE=true allows others).` };
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function send(
  target: URL,
  host: string,
  address: { address: string; family: number },
  body: string,
  headers: Readonly<Record<string, string>>,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const https = target.protocol === "https:";
  const payload = Buffer.from(body, "utf8");
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome): void => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const options = {
      // The checked address, not the name: nothing is resolved again.
      host: address.address,
      family: address.family,
      port: target.port === "" ? (https ? 443 : 80) : Number(target.port),
      path: `${target.pathname}${target.search}`,
      method: "POST",
      headers: { ...headers, Host: target.host, "Content-Length": String(payload.byteLength), Connection: "close" },
      // A fresh connection per attempt: no pooled socket to another address.
      agent: false,
      signal: deadline,
      ...(https && isIP(host) === 0 ? { servername: host } : {}),
    } as const;
    const onResponse = (res: IncomingMessage): void => {
      let read = 0;
      const status = res.statusCode ?? 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.byteLength;
        // Enough: the status is known and nobody reads the body.
        if (read > RESPONSE_LIMIT) res.destroy();
      });
      res.on("close", () => settle({ kind: "answered", status }));
      res.on("error", () => settle({ kind: "answered", status }));
    };
    const req = https ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
    req.on("error", (err: NodeJS.ErrnoException) => {
      settle({ kind: "failed", reason: deadline.aborted ? `No answer within ${timeoutMs} ms.` : `The request failed (${err.code ?? err.message}).` });
    });
    req.end(payload);
  });
}
