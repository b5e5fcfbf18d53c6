// A server restart (main.ts's startServer, same DATA_DIR and port): clients told to reconnect come back,
// rejoin in onreconnected, and catch up with what was written while they were away.
import { HubConnectionState } from "@microsoft/signalr";
import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { test } from "node:test";
import type { Config } from "../../src/config.js";
import { createLogger } from "../../src/log.js";
import { startServer, type RunningServer } from "../../src/main.js";
import { testConfig } from "../helpers/harness.js";
import { createTemplate, Editor, eventually, hubClient, NO_RENDER, signup } from "./helpers.js";

async function start(config: Config): Promise<RunningServer> {
  // The port was just released by the previous instance; retry briefly in case the OS still holds it.
  for (let attempt = 0; ; attempt++) {
    try {
      return await startServer(config, { log: createLogger("silent"), renderer: NO_RENDER });
    } catch (err) {
      if (attempt >= 20 || (err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

test("after a restart the client reconnects, rejoins and catches up; updates persisted before it survive", { timeout: 30_000 }, async () => {
  const config = await testConfig();
  let server = await start(config);
  // The same data, secret and port for the next instance, as a real restart has.
  const shared: Config = { ...config, port: server.port };
  const owner = await signup(server.url);
  const docId = await createTemplate(server.url, owner);

  const connection = hubClient(server.url, owner.token, { reconnectDelays: [0, 100, 200, 500, 1000, 1000, 1000, 2000] });
  const a = new Editor(connection, docId);
  let rejoined = 0;
  connection.onreconnected(async () => {
    await a.join();
    rejoined += 1;
  });
  await connection.start();
  await a.join();
  a.insert(0, "before restart. ");
  await a.flush();

  await server.close();
  await eventually(() => connection.state === HubConnectionState.Reconnecting, 5000, "reconnecting");
  server = await start(shared);

  // Another editor writes on the new instance before (or while) the first one is back.
  const other = hubClient(server.url, owner.token);
  await other.start();
  const b = new Editor(other, docId);
  const joined = await b.join();
  assert.equal(b.text, "before restart. ", "persisted across the restart");
  assert.ok(joined.snapshotSeq >= 1 || joined.updates.length === 1);
  b.insert(b.text.length, "after restart.");
  await b.flush();

  await eventually(() => rejoined === 1 && connection.state === HubConnectionState.Connected, 10_000, "rejoin");
  await eventually(() => a.text === "before restart. after restart.", 5000, "catch up");
  a.insert(0, ">");
  await a.flush();
  await eventually(() => b.text === a.text, 5000, "live again");

  await connection.stop();
  await other.stop();
  await server.close();
  await rm(shared.dataDir, { recursive: true, force: true });
});
