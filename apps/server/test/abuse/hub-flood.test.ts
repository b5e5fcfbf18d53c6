// A signed-up user against the hub's reassembly: a length prefix announcing 30 GB followed by 10 MB frames
// is closed at once with small memory growth; one user cannot open more than the connection cap.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { decode, encode } from "@msgpack/msgpack";
import { MAX_MESSAGE_BYTES, frame, unframe } from "../../src/collab/protocol.js";
import { createTemplate, eventually, signup, startHubTestServer, type HubTestServer, type HubUser } from "../collab/helpers.js";
import { assertResponsive, watch } from "./responsive.js";

let s: HubTestServer;
let user: HubUser;
before(async () => {
  s = await startHubTestServer();
  user = await signup(s.url);
});
after(() => s.close());

function open(token: string): Promise<{ ws: WebSocket; frames: Buffer[]; closed: Promise<number> }> {
  const ws = new WebSocket(`${s.url.replace("http", "ws")}/hubs/collab?access_token=${encodeURIComponent(token)}`);
  const frames: Buffer[] = [];
  ws.on("message", (d: Buffer) => frames.push(d));
  const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve({ ws, frames, closed }));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

/** The 5-byte VarInt prefix of a message of `n` bytes. */
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

const HANDSHAKE = Buffer.from('{"protocol":"messagepack","version":1}\u001e');

describe("hub reassembly under a hostile stream", () => {
  test("a 30 GB length prefix followed by 10 MB frames: closed with a Close message, RSS growth under 200 MB", async () => {
    const { ws, frames, closed } = await open(user.token);
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    ws.send(HANDSHAKE);
    const meanwhile = watch(s.url);
    const start = performance.now();
    const tenMb = Buffer.alloc(10 * 2 ** 20, 0x41);
    let sent = 0;
    // Up to 30 frames (300 MB); before the fix every one of them stayed buffered on the server.
    for (; sent < 30 && !isClosed; sent++) {
      const chunk = sent === 0 ? Buffer.concat([varint(30 * 2 ** 30), tenMb]) : tenMb;
      await new Promise<void>((resolve) => ws.send(chunk, () => resolve()));
      await new Promise((r) => setTimeout(r, 20));
    }
    const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 10_000))]);
    const took = performance.now() - start;
    const r = await meanwhile.stop();
    assert.equal(code, 1000, "the server closed the connection");
    assert.ok(sent <= 5, `closed after ${sent} frames`);
    assert.ok(took < 5000, `closed within the 5 s budget (took ${Math.round(took)} ms)`);
    assert.ok(r.rssGrowthMb < 200, `RSS grew ${Math.round(r.rssGrowthMb)} MB`);
    assertResponsive(r, false);
    const close = frames.map((f) => unframe(f).bodies[0]).find((b) => b !== undefined && b[1] === 0x07);
    assert.ok(close, "a Close message before the socket closed");
    assert.deepEqual(decode(close), [7, `A hub message may be at most ${MAX_MESSAGE_BYTES} bytes; this one announced ${30 * 2 ** 30}.`, false]);
    assert.equal(s.t.deps.collab.stats().connections, 0);
  });

  test("a message over the cap announced one prefix byte at a time is closed as soon as the prefix is whole", async () => {
    const { ws, closed } = await open(user.token);
    ws.send(HANDSHAKE);
    for (const byte of varint(MAX_MESSAGE_BYTES + 1)) ws.send(Buffer.from([byte]));
    const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
    assert.equal(code, 1000);
  });

  test("a legitimate message split across many frames, its prefix one byte per frame, is still reassembled", async () => {
    const docId = await createTemplate(s.url, user);
    const { ws, frames } = await open(user.token);
    ws.send(HANDSHAKE);
    // A 200 KB invocation (its VarInt prefix is 3 bytes): the prefix byte by byte, then the body in 7 pieces.
    const invocation = frame(encode([1, {}, "7", "JoinDocument", [docId, 1], new Uint8Array(200_000)]));
    for (let i = 0; i < 3; i++) ws.send(invocation.subarray(i, i + 1));
    for (let i = 3; i < invocation.length; i += 30_000) ws.send(invocation.subarray(i, i + 30_000));
    await eventually(() => frames.length >= 2, 5000, "the completion");
    const completion = decode(unframe(frames[1] ?? new Uint8Array()).bodies[0] ?? new Uint8Array()) as unknown[];
    assert.deepEqual(completion.slice(0, 4), [3, {}, "7", 3]);
    ws.close();
  });

  test("one user holds at most 20 hub connections; the 21st is refused with 429 before the upgrade", async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => open(user.token)));
    await assert.rejects(open(user.token), /HTTP 429/);
    // Another user is not affected.
    const other = await signup(s.url);
    const theirs = await open(other.token);
    theirs.ws.close();
    sockets[0]?.ws.close();
    await eventually(() => s.t.deps.collab.connectionsOf(user.userId) === 19, 5000, "the server to drop the closed connection");
    // A freed place can be taken again.
    const again = await open(user.token);
    for (const sock of [...sockets, again]) sock.ws.close();
    await Promise.all([...sockets, again, theirs].map((x) => x.closed));
  });
});
