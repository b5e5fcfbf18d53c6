// The hub methods clients invoke, their argument binding, and ASP.NET-worded failures.
import type { Logger } from "../log.js";
import { errorFields } from "../log.js";
import type { HubConnection } from "./connection.js";
import type { CollabHub } from "./hub.js";
import { HubErrors, HubException } from "./protocol.js";

/** What an invocation answers: a value (`undefined` for void) or an error message. */
export type Outcome = { readonly result: unknown } | { readonly error: string };

type Param = "string" | "uint32" | "bytes";

interface Method {
  readonly params: readonly Param[];
  run(hub: CollabHub, connection: HubConnection, args: readonly unknown[]): unknown;
}

const bindable: Record<Param, (value: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  uint32: (v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 0xffff_ffff,
  // msgpack `bin` decodes to Uint8Array; an ArrayBuffer would have arrived as an empty map and fails here.
  bytes: (v) => v instanceof Uint8Array,
};

// Keys are lower-cased: hub method lookup is case-insensitive, as in ASP.NET.
const METHODS: ReadonlyMap<string, Method> = new Map<string, Method>([
  ["joindocument", { params: ["string", "uint32"], run: (hub, c, [doc, id]) => hub.join(c, doc as string, id as number) }],
  ["sendupdate", { params: ["string", "bytes"], run: (hub, c, [doc, bytes]) => hub.sendUpdate(c, doc as string, bytes as Uint8Array) }],
  ["sendawareness", { params: ["string", "bytes"], run: (hub, c, [doc, bytes]) => hub.sendAwareness(c, doc as string, bytes as Uint8Array) }],
]);

/** Runs one invocation and words its outcome the way ASP.NET's hub dispatcher does. */
export async function dispatch(hub: CollabHub, connection: HubConnection, target: string, args: readonly unknown[], log: Logger): Promise<Outcome> {
  const method = METHODS.get(target.toLowerCase());
  if (method === undefined) return { error: HubErrors.unknownMethod(target) };
  if (args.length !== method.params.length) return { error: HubErrors.badArguments(target, args.length, method.params.length) };
  if (!method.params.every((p, i) => bindable[p](args[i]))) return { error: HubErrors.bindingFailed(target) };
  try {
    return { result: await method.run(hub, connection, args) };
  } catch (err) {
    if (err instanceof HubException) return { error: HubErrors.hubException(target, err.message) };
    log.error("collab: hub method failed", { method: target, connectionId: connection.connectionId, ...errorFields(err) });
    return { error: HubErrors.unexpected(target) };
  }
}
