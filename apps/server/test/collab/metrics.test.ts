// The hub's figures on GET /metrics: open connections and persisted updates, read at scrape time.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTemplate, Editor, hubClient, signup, startHubTestServer, type HubTestServer } from "./helpers.js";

let s: HubTestServer;
before(async () => {
  s = await startHubTestServer();
});
after(() => s.close());

async function sampleOf(series: string): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  assert.ok(line, `${series} is exposed`);
  return Number(line.slice(series.length + 1));
}

describe("hub metrics", () => {
  test("a connected editor's updates move docsvc_hub_updates_total; docsvc_hub_connections follows the connection", async () => {
    const owner = await signup(s.url);
    const docId = await createTemplate(s.url, owner);
    assert.equal(await sampleOf("docsvc_hub_connections"), 0);
    const updatesBefore = await sampleOf("docsvc_hub_updates_total");
    const connection = hubClient(s.url, owner.token);
    await connection.start();
    try {
      const editor = new Editor(connection, docId);
      await editor.join();
      editor.insert(0, "hello");
      editor.insert(5, " world");
      await editor.flush();
      assert.equal(await sampleOf("docsvc_hub_connections"), 1);
      assert.equal((await sampleOf("docsvc_hub_updates_total")) - updatesBefore, 2);
    } finally {
      await connection.stop();
    }
  });
});
