// The collaboration hub through the official @microsoft/signalr client with the MessagePack protocol.
import { HubConnectionState } from "@microsoft/signalr";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as Y from "yjs";
import { addMember, call, createTemplate, Editor, eventually, hubClient, signup, startHubTestServer, type HubTestServer, type HubUser } from "./helpers.js";

let s: HubTestServer;
let owner: HubUser;
let editor: HubUser;
let viewer: HubUser;
const clients: { stop(): Promise<void> }[] = [];

before(async () => {
  s = await startHubTestServer({ compactEvery: 10 });
  owner = await signup(s.url);
  editor = await addMember(s.url, owner, "Editor");
  viewer = await addMember(s.url, owner, "Viewer");
});
after(async () => {
  await Promise.all(clients.map((c) => c.stop().catch(() => undefined)));
  await s.close();
});

async function open(user: HubUser, docId: string, skipNegotiation = false): Promise<Editor> {
  const connection = hubClient(s.url, user.token, { skipNegotiation });
  clients.push(connection);
  await connection.start();
  return new Editor(connection, docId);
}

describe("connecting", () => {
  test("negotiate answers version 1 with a URL-safe connectionToken and WebSockets over Binary", async () => {
    const res = await call(s.url, "POST", "/hubs/collab/negotiate?negotiateVersion=1", owner.token);
    assert.equal(res["status"], 200);
    assert.equal(res["negotiateVersion"], 1);
    assert.match(res["connectionToken"], /^[A-Za-z0-9_-]+$/);
    assert.equal(typeof res["connectionId"], "string");
    assert.deepEqual(res["availableTransports"], [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }]);
    assert.equal((await call(s.url, "POST", "/hubs/collab/negotiate?negotiateVersion=1", undefined))["status"], 401);
  });

  test("a bad or missing token cannot connect, with or without negotiation", async () => {
    for (const skipNegotiation of [false, true]) {
      for (const token of ["not-a-jwt", ""]) {
        const c = hubClient(s.url, token, { skipNegotiation });
        await assert.rejects(c.start());
        assert.equal(c.state, HubConnectionState.Disconnected);
      }
    }
  });

  test("without negotiation (skipNegotiation) the client connects and invokes", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId, true);
    assert.equal(a.connection.connectionId, null);
    const joined = await a.join();
    assert.deepEqual({ snapshot: joined.snapshot, snapshotSeq: joined.snapshotSeq, updates: joined.updates, canEdit: joined.canEdit }, { snapshot: null, snapshotSeq: 0, updates: [], canEdit: true });
  });

  test("the access_token query parameter works like the header (the browser path)", async () => {
    const res = await fetch(`${s.url}/hubs/collab/negotiate?negotiateVersion=1&access_token=${encodeURIComponent(owner.token)}`, { method: "POST" });
    assert.equal(res.status, 200);
  });
});

describe("hub methods", () => {
  test("unknown methods, wrong argument counts and bad argument types answer as ASP.NET does; the connection stays up", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    await assert.rejects(a.connection.invoke("Nope", 1), { message: "Unknown hub method 'Nope'" });
    await assert.rejects(a.connection.invoke("JoinDocument", docId), {
      message: "Failed to invoke 'JoinDocument' due to an error on the server. InvalidDataException: Invocation provides 1 argument(s) but target expects 2.",
    });
    await assert.rejects(a.connection.invoke("SendUpdate", docId, [1, 2]), /^Error: Failed to invoke 'SendUpdate' due to an error on the server\. InvalidDataException: Error binding arguments/);
    await assert.rejects(a.connection.invoke("SendUpdate", docId, new Uint8Array([0, 0])), {
      message: "An unexpected error occurred invoking 'SendUpdate' on the server. HubException: Not joined: call JoinDocument first.",
    });
    // Method names are case-insensitive.
    const joined = await a.connection.invoke("joindocument", docId, 7);
    assert.equal(joined.canEdit, true);
    assert.equal(a.connection.state, HubConnectionState.Connected);
  });

  test("another workspace's template cannot be joined", async () => {
    const stranger = await signup(s.url);
    const theirs = await createTemplate(s.url, stranger);
    const a = await open(owner, theirs);
    await assert.rejects(a.join(), { message: "An unexpected error occurred invoking 'JoinDocument' on the server. HubException: Not found: no such document in your workspace." });
  });

  test("two editors converge on the same text; seqs are 1, 2, … and updates are not echoed to the sender", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    const b = await open(editor, docId);
    await a.join();
    await b.join();
    let echoed = 0;
    a.connection.on("ReceiveUpdate", () => undefined);
    const aSeen: number[] = [];
    a.connection.on("ReceiveUpdate", (seq: number) => aSeen.push(seq));
    for (let i = 0; i < 20; i++) {
      a.insert(0, `a${i} `);
      b.insert(b.text.length, ` b${i}`);
    }
    await Promise.all([a.flush(), b.flush()]);
    await eventually(() => a.text === b.text && a.text.length > 0, 5000, "convergence");
    for (const seq of a.seqs) if (aSeen.includes(seq)) echoed++;
    assert.equal(echoed, 0);
    assert.deepEqual([...a.seqs, ...b.seqs].sort((x, y) => x - y), Array.from({ length: 40 }, (_, i) => i + 1));
    assert.deepEqual(aSeen, [...aSeen].sort((x, y) => x - y));
    for (let i = 0; i < 20; i++) assert.ok(a.text.includes(`a${i} `) && a.text.includes(` b${i}`));
  });

  test("a Viewer joins read-only: canEdit false, SendUpdate refused, still connected and still receiving", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    const v = await open(viewer, docId);
    await a.join();
    const joined = await v.join();
    assert.equal(joined.canEdit, false);
    const update = Y.encodeStateAsUpdate(new Y.Doc());
    await assert.rejects(v.connection.invoke("SendUpdate", docId, update), {
      message: "An unexpected error occurred invoking 'SendUpdate' on the server. HubException: Forbidden: Viewers cannot edit this document.",
    });
    assert.equal(v.connection.state, HubConnectionState.Connected);
    a.insert(0, "visible to viewers");
    await a.flush();
    await eventually(() => v.text === "visible to viewers", 5000, "viewer receives");
  });

  test("awareness is relayed to peers, offered to later joiners, and never stored", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    const b = await open(editor, docId);
    const v = await open(viewer, docId);
    await a.join();
    await b.join();
    await v.join();
    const got: Uint8Array[] = [];
    b.connection.on("ReceiveAwareness", (bytes: Uint8Array) => got.push(bytes));
    const cursor = new Uint8Array([1, 2, 3, 250]);
    await a.connection.invoke("SendAwareness", docId, cursor);
    // Viewers may share their cursor too.
    await v.connection.invoke("SendAwareness", docId, new Uint8Array([9]));
    await eventually(() => got.length === 2, 5000, "awareness relay");
    assert.deepEqual([...(got[0] ?? [])], [1, 2, 3, 250]);
    const late = await open(owner, docId);
    const joined = await late.join();
    assert.deepEqual(joined.peerAwareness.map((p) => [...p]).sort(), [[1, 2, 3, 250], [9]].sort());
    const rows = s.t.deps.db.selectFrom("collab_updates").select("seq").where("template_id", "=", docId);
    assert.equal((await rows.execute()).length, 0);
    assert.equal(await s.t.deps.db.selectFrom("collab_snapshots").select("template_id").where("template_id", "=", docId).executeTakeFirst(), undefined);
  });

  test("PeerLeft(clientId) reaches the others when a client disconnects; an empty room is unloaded", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    const b = await open(editor, docId);
    await a.join();
    await b.join();
    const left: number[] = [];
    a.connection.on("PeerLeft", (id: number) => left.push(id));
    const rooms = s.t.deps.collab.stats().rooms;
    await b.connection.stop();
    await eventually(() => left.length === 1, 5000, "PeerLeft");
    assert.deepEqual(left, [b.doc.clientID]);
    await a.connection.stop();
    await eventually(() => s.t.deps.collab.stats().rooms === rooms - 1, 5000, "room unload");
  });
});

describe("persistence and compaction", () => {
  test("a late joiner after compaction gets the snapshot, its seq and the tail, and converges", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    await a.join();
    for (let i = 0; i < 25; i++) {
      a.insert(a.text.length, `line ${i}\n`);
      await a.flush();
    }
    a.doc.getText("t").delete(0, 7);
    await a.flush();
    await eventually(() => true);
    const late = await open(editor, docId);
    const joined = await late.join();
    assert.ok(joined.snapshot instanceof Uint8Array, "a snapshot");
    assert.ok(joined.snapshotSeq >= 10 && joined.snapshotSeq < 26, `snapshotSeq ${joined.snapshotSeq}`);
    assert.deepEqual(joined.updates.map((u) => u.seq), Array.from({ length: 26 - joined.snapshotSeq }, (_, i) => joined.snapshotSeq + i + 1));
    assert.equal(late.text, a.text);
    // The log keeps only rows above the snapshot.
    const rows = await s.t.deps.db.selectFrom("collab_updates").select("seq").where("template_id", "=", docId).execute();
    assert.ok(rows.every((r) => r.seq > joined.snapshotSeq));
  });

  test("a save with yState merges (never overwrites), fans out what it added and drops the covered log", async () => {
    const docId = await createTemplate(s.url, owner);
    const a = await open(owner, docId);
    await a.join();
    a.insert(0, "live ");
    await a.flush();
    // An offline copy that saw seq 1, then edited.
    const offline = new Y.Doc();
    Y.applyUpdate(offline, Y.encodeStateAsUpdate(a.doc));
    offline.getText("t").insert(5, "offline ");
    // Meanwhile the live editor wrote seq 2, which the offline state does not contain.
    a.insert(0, "first ");
    await a.flush();
    const yState = Buffer.from(Y.encodeStateAsUpdate(offline)).toString("base64");
    const bad = await call(s.url, "PUT", `/api/templates/${docId}`, owner.token, { content: "{}", yState, yStateSeq: 3 });
    assert.equal(bad["status"], 400);
    assert.ok(bad["errors"]["yStateSeq"]);
    const junk = await call(s.url, "PUT", `/api/templates/${docId}`, owner.token, { content: "{}", yState: "!!", yStateSeq: 1 });
    assert.ok(junk["errors"]["yState"]);
    const res = await call(s.url, "PUT", `/api/templates/${docId}`, owner.token, { content: "{}", yState, yStateSeq: 1 });
    assert.equal(res["status"], 200);
    assert.equal(res["yStateSeq"], 3);
    await eventually(() => a.text.includes("offline"), 5000, "merge fan-out");
    assert.equal(a.text, "first live offline ");
    assert.equal((await s.t.deps.db.selectFrom("collab_updates").select("seq").where("template_id", "=", docId).execute()).length, 0);
    const late = await open(editor, docId);
    const joined = await late.join();
    assert.equal(joined.snapshotSeq, 3);
    assert.equal(late.text, "first live offline ");
  });
});
