// The hub with its Redis bus unreachable: it needs no Redis (nothing listens on port 1) and no PostgreSQL (the
// default SQLite store), so it runs everywhere. It used to sit among the two-instance tests and so was skipped
// exactly where Redis was down.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createLogger } from "../../src/log.js";
import { connectRedis } from "../../src/redis/client.js";
import { RedisHubBus } from "../../src/redis/hub-bus.js";
import { createTemplate, Editor, eventually, hubClient, NO_RENDER, signup, startHubTestServer } from "./helpers.js";

test("with Redis unreachable the hub still fans out within its instance, and says so", { timeout: 60_000 }, async () => {
  const lines: string[] = [];
  const log = createLogger("warn", (l) => lines.push(l));
  const handle = connectRedis("redis://127.0.0.1:1", "docsvc-test-unreachable:", log);
  const bus = new RedisHubBus(handle, log);
  const server = await startHubTestServer({}, { renderer: NO_RENDER, hubBus: bus });
  const clients: { stop(): Promise<void> }[] = [];
  try {
    const user = await signup(server.url);
    const docId = await createTemplate(server.url, user);
    const editors: Editor[] = [];
    for (let i = 0; i < 2; i++) {
      const connection = hubClient(server.url, user.token);
      clients.push(connection);
      await connection.start();
      editors.push(new Editor(connection, docId));
      await editors[i]!.join();
    }
    editors[0]!.insert(0, "same instance");
    await editors[0]!.flush();
    await eventually(() => editors[1]!.text === "same instance", 5_000, "local fan-out");
    assert.ok(lines.some((l) => l.includes("collab bus: Redis unreachable")));
  } finally {
    await Promise.all(clients.map((c) => c.stop()));
    await server.close();
    await bus.close();
    await handle.close();
  }
});
