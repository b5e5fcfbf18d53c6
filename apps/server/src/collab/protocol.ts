// The SignalR MessagePack hub protocol: the JSON handshake, VarInt length-prefixed framing, message layouts,
// and the error wording official clients surface verbatim. Pure functions; no sockets here.
import { decode, encode } from "@msgpack/msgpack";

/** The record separator ending every JSON handshake message. */
export const RECORD_SEPARATOR = 0x1e;

/** Hub message types (SignalR HubProtocol.md). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** Completion result kinds. */
const CompletionKind = { Error: 1, Void: 2, Result: 3 } as const;

/** Error texts as ASP.NET words them (clients show them as `Error.message`). */
export const HubErrors = {
  unknownMethod: (method: string) => `Unknown hub method '${method}'`,
  badArguments: (method: string, given: number, expected: number) =>
    `Failed to invoke '${method}' due to an error on the server. InvalidDataException: Invocation provides ${given} argument(s) but target expects ${expected}.`,
  bindingFailed: (method: string) =>
    `Failed to invoke '${method}' due to an error on the server. InvalidDataException: Error binding arguments. Make sure that the types of the provided values match the types of the hub method being invoked.`,
  hubException: (method: string, message: string) => `An unexpected error occurred invoking '${method}' on the server. HubException: ${message}`,
  unexpected: (method: string) => `An unexpected error occurred invoking '${method}' on the server.`,
  streamingUnsupported: "Streaming invocations are not supported by this hub.",
  serverTimeout: "Server timeout elapsed without receiving a message from the client.",
  shuttingDown: "The server is restarting.",
} as const;

/** An error a hub method reports to its caller as a HubException (the connection stays open). */
export class HubException extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HubException";
  }
}

/** WebSocket close codes the hub uses. */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  ProtocolError: 1002,
  PolicyViolation: 1008,
} as const;

/** A hub message the server acts on. */
export type InboundMessage =
  | { readonly type: 1; readonly invocationId: string | null; readonly target: string; readonly args: readonly unknown[] }
  | { readonly type: 4; readonly invocationId: string; readonly target: string }
  | { readonly type: 6 }
  | { readonly type: 7; readonly error: string | null }
  | { readonly type: 0 };

/** The parsed handshake request, or the reason it is refused. */
export type Handshake = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** Checks `{"protocol":"messagepack","version":1|2}` (the bytes before the record separator). */
export function parseHandshake(json: Uint8Array): Handshake {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(json).toString("utf8"));
  } catch {
    return { ok: false, error: "The handshake request is not valid JSON." };
  }
  const { protocol, version } = (typeof value === "object" && value !== null ? value : {}) as { protocol?: unknown; version?: unknown };
  if (protocol !== "messagepack") return { ok: false, error: `The protocol '${String(protocol)}' is not supported; this hub speaks messagepack.` };
  if (typeof version !== "number" || version < 1 || version > 2) return { ok: false, error: `The protocol version '${String(version)}' is not supported.` };
  return { ok: true };
}

/** A handshake reply (`{}` or `{"error":…}`) with its record separator. */
export function handshakeReply(error?: string): Uint8Array {
  return Buffer.from(`${JSON.stringify(error === undefined ? {} : { error })}\u001e`, "utf8");
}

/**
 * The largest hub message accepted, whole or being reassembled from several WebSocket frames (the same cap as
 * a single WebSocket message: Yjs updates of a pasted document can be megabytes).
 */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** A length prefix announcing a message over the cap: the connection is closed rather than buffer it. */
export class MessageTooLargeError extends Error {
  constructor(announced: number, max: number = MAX_MESSAGE_BYTES) {
    super(`A hub message may be at most ${max} bytes; this one announced ${announced}.`);
    this.name = "MessageTooLargeError";
  }
}

/** Prefixes a msgpack body with its VarInt length. */
export function frame(body: Uint8Array): Uint8Array {
  const prefix: number[] = [];
  let n = body.length;
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n > 0) byte |= 0x80;
    prefix.push(byte);
  } while (n > 0);
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix, 0);
  out.set(body, prefix.length);
  return out;
}

/**
 * Reads the VarInt length prefix at `offset`: the announced body length and the prefix's size, or undefined
 * while the prefix is incomplete. Throws on a prefix longer than 5 bytes or a length over MAX_MESSAGE_BYTES.
 */
export function readLength(buffer: Uint8Array, offset = 0, max: number = MAX_MESSAGE_BYTES): { readonly length: number; readonly prefix: number } | undefined {
  let length = 0;
  for (let i = 0; i < 5 && offset + i < buffer.length; i++) {
    const byte = buffer[offset + i] ?? 0;
    length += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) {
      if (length > max) throw new MessageTooLargeError(length, max);
      return { length, prefix: i + 1 };
    }
  }
  if (buffer.length - offset >= 5) throw new Error("Message length prefix is longer than 5 bytes.");
  return undefined;
}

/**
 * Splits complete framed messages off the front of `buffer`. Returns their bodies and the unconsumed tail
 * (a message split across WebSocket frames waits there for the rest).
 */
export function unframe(buffer: Uint8Array, max: number = MAX_MESSAGE_BYTES): { readonly bodies: Uint8Array[]; readonly rest: Uint8Array } {
  const bodies: Uint8Array[] = [];
  let offset = 0;
  for (;;) {
    const next = readLength(buffer, offset, max);
    if (next === undefined) break;
    const start = offset + next.prefix;
    if (start + next.length > buffer.length) break;
    bodies.push(buffer.subarray(start, start + next.length));
    offset = start + next.length;
  }
  return { bodies, rest: buffer.subarray(offset) };
}

/** Decodes one message body; types the server ignores come back as `{type: 0}`. Throws on malformed input. */
export function decodeMessage(body: Uint8Array): InboundMessage {
  const value = decode(body);
  if (!Array.isArray(value) || typeof value[0] !== "number") throw new Error("A hub message must be a msgpack array starting with its type.");
  const type = value[0];
  if (type === MessageType.Invocation || type === MessageType.StreamInvocation) {
    const [, , id, target, args] = value as unknown[];
    if ((id !== null && typeof id !== "string") || typeof target !== "string" || !Array.isArray(args)) throw new Error("Malformed invocation.");
    if (type === MessageType.StreamInvocation) return { type: 4, invocationId: String(id), target };
    return { type: 1, invocationId: id, target, args };
  }
  if (type === MessageType.Ping) return { type: 6 };
  if (type === MessageType.Close) return { type: 7, error: typeof value[1] === "string" ? value[1] : null };
  return { type: 0 };
}

const EMPTY_HEADERS = {};
const encodeFramed = (message: unknown[]): Uint8Array => frame(encode(message, { ignoreUndefined: true }));

/** The framed ping, sent as is. */
export const PING_FRAME: Uint8Array = encodeFramed([MessageType.Ping]);

/** A framed invocation with no id (server → client calls expect no answer). */
export function invocationFrame(target: string, args: readonly unknown[]): Uint8Array {
  return encodeFramed([MessageType.Invocation, EMPTY_HEADERS, null, target, args, []]);
}

/** A framed completion: an error, a void result (`undefined`) or a value (`null` included). */
export function completionFrame(invocationId: string, outcome: { readonly error: string } | { readonly result: unknown }): Uint8Array {
  if ("error" in outcome) return encodeFramed([MessageType.Completion, EMPTY_HEADERS, invocationId, CompletionKind.Error, outcome.error]);
  if (outcome.result === undefined) return encodeFramed([MessageType.Completion, EMPTY_HEADERS, invocationId, CompletionKind.Void]);
  return encodeFramed([MessageType.Completion, EMPTY_HEADERS, invocationId, CompletionKind.Result, outcome.result]);
}

/** A framed close message; `allowReconnect` lets clients with automatic reconnect come back. */
export function closeFrame(error: string | null, allowReconnect: boolean): Uint8Array {
  return encodeFramed([MessageType.Close, error, allowReconnect]);
}
