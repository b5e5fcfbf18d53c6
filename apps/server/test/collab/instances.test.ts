// The hub across two instances (two apps on one PostgreSQL database, fanning out through one Redis prefix):
// official SignalR clients, one per instance, co-edit and converge; a late joiner on B sees everything;
// awareness and PeerLeft cross; concurrent appends from both instances number one log without gaps.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { createLogger } from "../../src/log.js";
import { connectRedis, type RedisHandle } from "../../src/redis/client.js";
import { RedisHubBus } from "../../src/redis/hub-bus.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";
import { redisUnavailable, testPrefix, TEST_REDIS_URL } from "../helpers/redis.js";
import { createTemplate, Editor, eventually, hubClient, NO_RENDER, signup, startHubTestServer, type HubTestServer, type HubUser } from "./helpers.js";

const skip = (await postgresUnavailable()) ?? (await redisUnavailable());
if (skip !== undefined) console.warn(`instances.test: skipped: ${skip}`);

let pg: TestPostgres;
const keys = testPrefix();
const redis: RedisHandle[] = [];
const buses: RedisHubBus[] = [];
let a: HubTestServer;
let b: HubTestServer;
let owner: HubUser;
const clients: { stop(): Promise<void> }[] = [];

async function instance(jwtSecret: Uint8Array): Promise<HubTestServer> {
  const handle = connectRedis(TEST_REDIS_URL, keys.prefix, createLogger("silent"));
  redis.push(handle);
  await handle.ready(3_000);
  const bus = new RedisHubBus(handle, createLogger("silent"));
  buses.push(bus);
  return startHubTestServer({ compactEvery: 15 }, { renderer: NO_RENDER, config: { databaseUrl: pg.url, jwtSecret }, hubBus: bus });
}

async function open(server: HubTestServer, docId: string): Promise<Editor> {
  const connection = hubClient(server.url, owner.token);
  clients.push(connection);
  await connection.start();
  return new Editor(connection, docId);
}

describe("the hub on two instances", { skip, timeout: 120_000 }, () => {
  before(async () => {
    pg = await createTestPostgres();
    const secret = randomBytes(32);
    a = await instance(secret);
    b = await instance(secret);
    owner = await signup(a.url);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.stop().catch(() => undefined)));
    await a?.close();
    await b?.close();
    for (const bus of buses) await bus.close();
    for (const h of redis) await h.close();
    await keys.cleanup();
    await pg?.drop();
  });

  test("editors on A and B converge, with one gapless seq order across both; a late joiner on B sees everything", async () => {
    const docId = await createTemplate(a.url, owner);
    const onA = await open(a, docId);
    const onB = await open(b, docId);
    await onA.join();
    await onB.join();
    const echoedToA: number[] = [];
    onA.connection.on("ReceiveUpdate", (seq: number) => echoedToA.push(seq));
    for (let i = 0; i < 40; i++) {
      onA.insert(0, `a${i} `);
      onB.insert(onB.text.length, ` b${i}`);
    }
    await Promise.all([onA.flush(), onB.flush()]);
    await eventually(() => onA.text === onB.text && onA.text.includes("a39 ") && onA.text.includes(" b39"), 10_000, "convergence");
    assert.deepEqual([...onA.seqs, ...onB.seqs].sort((x, y) => x - y), Array.from({ length: 80 }, (_, i) => i + 1));
    assert.equal(onA.seqs.filter((seq) => echoedToA.includes(seq)).length, 0, "no instance echoes a sender's own update");
    const late = await open(b, docId);
    await late.join();
    assert.equal(late.text, onA.text);
  });

  test("awareness crosses instances and is offered to joiners there; PeerLeft reaches the other instance", async () => {
    const docId = await createTemplate(a.url, owner);
    const onA = await open(a, docId);
    const onB = await open(b, docId);
    await onA.join();
    await onB.join();
    const got: number[][] = [];
    onB.connection.on("ReceiveAwareness", (bytes: Uint8Array) => got.push([...bytes]));
    await onA.connection.invoke("SendAwareness", docId, new Uint8Array([4, 5, 6]));
    await eventually(() => got.length === 1, 5_000, "awareness on B");
    assert.deepEqual(got, [[4, 5, 6]]);
    const late = await open(b, docId);
    assert.deepEqual((await late.join()).peerAwareness.map((p) => [...p]), [[4, 5, 6]]);
    const left: number[] = [];
    onB.connection.on("PeerLeft", (id: number) => left.push(id));
    await onA.connection.stop();
    await eventually(() => left.length === 1, 5_000, "PeerLeft on B");
    assert.deepEqual(left, [onA.doc.clientID]);
  });

  test("a 30-second soak of concurrent edits through both instances loses no update", async () => {
    const docId = await createTemplate(a.url, owner);
    const editors = [await open(a, docId), await open(b, docId), await open(a, docId), await open(b, docId)];
    for (const e of editors) await e.join();
    const written: string[] = [];
    const until = Date.now() + 30_000;
    let n = 0;
    while (Date.now() < until) {
      const e = editors[n % editors.length]!;
      const token = `<${n}>`;
      // At either end, so no token is split by another and each can be found whole.
      e.insert(n % 3 === 0 ? 0 : e.text.length, token);
      written.push(token);
      n++;
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(editors.map((e) => e.flush()));
    await eventually(() => editors.every((e) => e.text === editors[0]!.text), 30_000, "convergence after the soak");
    const text = editors[0]!.text;
    assert.ok(written.length > 100, `${written.length} edits`);
    for (const token of written) assert.ok(text.includes(token), `lost ${token}`);
    const late = await open(b, docId);
    await late.join();
    assert.equal(late.text, text, "the stored log and snapshot hold every edit");
  });
});
