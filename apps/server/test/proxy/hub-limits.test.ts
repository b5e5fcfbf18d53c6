// HUB_MAX_MESSAGE_BYTES and HUB_MAX_BUFFERED_BYTES change the hub's byte caps: a 100 KB message is refused at a
// 64 KB cap with a Close message naming it, and accepted (reassembled, not closed) under the default 16 MB.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decode } from "@msgpack/msgpack";
import WebSocket from "ws";
import { parseLimitConfig } from "../../src/config-limits.js";
import { unframe } from "../../src/collab/protocol.js";
import { NO_RENDER, signup, startHubTestServer, type HubTestServer, type HubUser } from "../collab/helpers.js";

const HANDSHAKE = Buffer.from('{"protocol":"messagepack","version":1}\u001e');

/** The VarInt prefix of a message of `n` bytes. */
function varint(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

let tight: HubTestServer;
let loose: HubTestServer;
const users = new Map<HubTestServer, HubUser>();
before(async () => {
  tight = await startHubTestServer({}, { renderer: NO_RENDER, config: parseLimitConfig({ HUB_MAX_MESSAGE_BYTES: "65536", HUB_MAX_BUFFERED_BYTES: "70000" }) });
  loose = await startHubTestServer({}, { renderer: NO_RENDER, config: parseLimitConfig({}) });
  for (const s of [tight, loose]) users.set(s, await signup(s.url));
});
after(async () => {
  await tight.close();
  await loose.close();
});

/** Opens a hub connection, sends the handshake and `chunks` (one WebSocket frame each); answers the close code (or -1 if still open after 1.5 s) and the Close message. */
async function send(s: HubTestServer, ...chunks: Buffer[]): Promise<{ code: number; close: unknown }> {
  const token = (users.get(s) as HubUser).token;
  const ws = new WebSocket(`${s.url.replace("http", "ws")}/hubs/collab?access_token=${encodeURIComponent(token)}`);
  const frames: Buffer[] = [];
  ws.on("message", (d: Buffer) => frames.push(d));
  const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(HANDSHAKE);
  for (const chunk of chunks) ws.send(chunk);
  const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 1500))]);
  if (code === -1) ws.terminate();
  const close = frames.map((f) => unframe(f).bodies[0]).find((b) => b !== undefined && b[1] === 0x07);
  return { code, close: close === undefined ? undefined : decode(close) };
}

describe("hub limit variables", () => {
  test("HUB_MAX_MESSAGE_BYTES: a 100 KB message is closed at 64 KB, still awaited under the default", async () => {
    const announced = Buffer.concat([varint(100_000), Buffer.alloc(1000, 0x41)]);
    const refused = await send(tight, announced);
    assert.equal(refused.code, 1000);
    assert.deepEqual(refused.close, [7, "A hub message may be at most 65536 bytes; this one announced 100000.", false]);
    const awaited = await send(loose, announced);
    assert.equal(awaited.code, -1, "the default cap waits for the rest of the message");
  });

  test("HUB_MAX_BUFFERED_BYTES: a connection holding more than 70,000 bytes is closed", async () => {
    // One message of 65,000 bytes (under the message cap) sent in frames under WebSocket's payload cap: before it
    // is whole, the connection holds more than 70,000 bytes.
    const head = Buffer.concat([varint(65_000), Buffer.alloc(30_000, 0x41)]);
    const refused = await send(tight, head, Buffer.alloc(30_000, 0x41), Buffer.alloc(15_000, 0x41));
    assert.equal(refused.code, 1000);
    assert.deepEqual(refused.close, [7, "The connection sent more than 70000 bytes faster than they could be handled.", false]);
  });
});
