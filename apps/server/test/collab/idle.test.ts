// Keep-alive: an idle official client stays connected past its 30 s server timeout because the hub pings
// every 15 s. Takes 40 s; in its own file so the runner overlaps it with other files.
import { HubConnectionState } from "@microsoft/signalr";
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createTemplate, Editor, hubClient, signup, startHubTestServer, type HubTestServer } from "./helpers.js";

let s: HubTestServer;
before(async () => {
  s = await startHubTestServer();
});
after(() => s.close());

test("a connection idle for 40 s stays up and still works", { timeout: 60_000 }, async () => {
  const owner = await signup(s.url);
  const docId = await createTemplate(s.url, owner);
  const connection = hubClient(s.url, owner.token);
  let closed: Error | undefined | null = null;
  connection.onclose((err) => (closed = err));
  await connection.start();
  const a = new Editor(connection, docId);
  await a.join();
  await new Promise((r) => setTimeout(r, 40_000));
  assert.equal(closed, null);
  assert.equal(connection.state, HubConnectionState.Connected);
  a.insert(0, "still here");
  await a.flush();
  assert.deepEqual(a.seqs, [1]);
  await connection.stop();
});
