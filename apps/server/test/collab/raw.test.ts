// Wire-level checks with a bare WebSocket: exact bytes, batching in one frame, refusals and server timeouts.
import { decode, encode } from "@msgpack/msgpack";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { frame, unframe } from "../../src/collab/protocol.js";
import { createTemplate, signup, startHubTestServer, type HubTestServer, type HubUser } from "./helpers.js";

let s: HubTestServer;
let owner: HubUser;
before(async () => {
  // Short timeouts so the silent-client case takes a second, not 30.
  s = await startHubTestServer({ keepAliveMs: 200, clientTimeoutMs: 600, handshakeTimeoutMs: 600 });
  owner = await signup(s.url);
});
after(() => s.close());

function rawSocket(query = `access_token=${encodeURIComponent(owner.token)}`): Promise<{ ws: WebSocket; frames: Buffer[]; closed: Promise<number> }> {
  const ws = new WebSocket(`${s.url.replace("http", "ws")}/hubs/collab?${query}`);
  const frames: Buffer[] = [];
  ws.on("message", (d: Buffer) => frames.push(d));
  const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve({ ws, frames, closed }));
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(check());
};

describe("framing", () => {
  test("VarInt lengths round-trip across the 7-bit boundaries and across split chunks", () => {
    for (const size of [0, 1, 127, 128, 16_383, 16_384, 300_000]) {
      const body = new Uint8Array(size).fill(7);
      const framed = frame(body);
      // One byte short: nothing complete yet, everything kept for the next chunk.
      const partial = unframe(framed.subarray(0, framed.length - 1));
      assert.deepEqual([partial.bodies.length, partial.rest.length], [0, framed.length - 1]);
      const all = unframe(framed);
      assert.equal(all.bodies[0]?.length, size);
      assert.equal(all.rest.length, 0);
    }
    assert.deepEqual([...frame(new Uint8Array(128)).subarray(0, 2)], [0x80, 0x01]);
  });
});

describe("raw WebSocket", () => {
  test("handshake reply is 7b 7d 1e; a handshake, an invocation and a ping in one frame all parse", async () => {
    const docId = await createTemplate(s.url, owner);
    const { ws, frames } = await rawSocket();
    const handshake = Buffer.from('{"protocol":"messagepack","version":1}\u001e');
    const invoke = frame(encode([1, {}, "0", "JoinDocument", [docId, 42]]));
    ws.send(Buffer.concat([handshake, invoke, frame(encode([6]))]));
    await until(() => frames.length >= 2);
    assert.deepEqual([...(frames[0] ?? [])], [0x7b, 0x7d, 0x1e]);
    const completion = decode(unframe(frames[1] ?? new Uint8Array()).bodies[0] ?? new Uint8Array()) as unknown[];
    assert.equal(completion.length, 5);
    assert.deepEqual(completion.slice(0, 4), [3, {}, "0", 3]);
    // A send() (nil id) gets no answer, not even an error for an unknown method.
    ws.send(frame(encode([1, {}, null, "Nope", []])));
    ws.send(frame(encode([7, null])));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(frames.filter((f) => f[0] !== 0x02).length, 2, "only the handshake and one completion");
  });

  test("the server pings (02 91 06) when it has nothing to say, and closes a silent client with a Close message", async () => {
    const { ws, frames, closed } = await rawSocket();
    ws.send(Buffer.from('{"protocol":"messagepack","version":1}\u001e'));
    await until(() => frames.some((f) => f.equals(Buffer.from([0x02, 0x91, 0x06]))));
    const code = await closed;
    assert.equal(code, 1000);
    const close = frames.map((f) => unframe(f).bodies[0]).find((b) => b !== undefined && b[1] === 0x07);
    assert.ok(close, "a Close message");
    assert.deepEqual(decode(close), [7, "Server timeout elapsed without receiving a message from the client.", false]);
  });

  test("the JSON protocol is refused in the handshake; a socket that never shakes hands is dropped", async () => {
    const { ws, frames, closed } = await rawSocket();
    ws.send('{"protocol":"json","version":1}\u001e');
    await closed;
    assert.match(Buffer.concat(frames).toString(), /^\{"error":"The protocol 'json' is not supported; this hub speaks messagepack\."\}\u001e$/);
    const silent = await rawSocket();
    assert.ok((await silent.closed) > 1000);
  });

  test("before the upgrade: 401 without or with a bad token, 404 for an unknown or reused negotiate id", async () => {
    await assert.rejects(rawSocket(""), /HTTP 401/);
    await assert.rejects(rawSocket("access_token=nope"), /HTTP 401/);
    await assert.rejects(rawSocket(`id=unknown&access_token=${encodeURIComponent(owner.token)}`), /HTTP 404/);
    const res = await fetch(`${s.url}/hubs/collab/negotiate?negotiateVersion=1`, { method: "POST", headers: { Authorization: `Bearer ${owner.token}` } });
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    const first = await rawSocket(`id=${connectionToken}&access_token=${encodeURIComponent(owner.token)}`);
    first.ws.close();
    await assert.rejects(rawSocket(`id=${connectionToken}&access_token=${encodeURIComponent(owner.token)}`), /HTTP 404/);
  });
});
