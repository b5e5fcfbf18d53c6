// Durable deliveries with the real `docsvc serve`: a delivery whose receiver keeps answering 500 is still being
// retried when the instance stops; the next instance over the same DATA_DIR sends it once the receiver is back.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { startInstance, type Instance } from "../helpers/instance.js";
import { verifySignature } from "../../src/webhooks/signature.js";
import { startReceiver } from "./receiver.js";

const running: Instance[] = [];
let dir: string | undefined;
after(async () => {
  for (const instance of running) await instance.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
}

test("a delivery still being retried when the instance stops is sent by the next instance", { timeout: 180_000 }, async () => {
  const receiver = await startReceiver();
  try {
    dir = await mkdtemp(join(tmpdir(), "docsvc-hooks-restart-"));
    const env = { DATA_DIR: dir, WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_BASE_MS: "300", WEBHOOK_POLL_MS: "50" };
    // The receiver fails everything until told otherwise.
    receiver.statuses.push(...Array.from({ length: 1000 }, () => 500));
    const first = await startInstance(["serve"], env);
    running.push(first);
    const signup = await call(first.url, "POST", "/api/auth/signup", undefined, { email: "hooks-restart@example.test", password: "correct horse battery" });
    assert.equal(signup.status, 200, JSON.stringify(signup.json));
    const token = signup.json.accessToken as string;
    const secret = (await call(first.url, "POST", "/api/webhooks/secret", token)).json.secret as string;
    const job = await call(first.url, "POST", "/api/render/async", token, { content: "<p>Hello again</p>", data: {}, webhook: { url: `${receiver.url}/restart` } });
    assert.equal(job.status, 202, JSON.stringify(job.json));
    await receiver.waitFor("/restart", 2, 60_000);
    await first.stop();
    running.pop();

    receiver.statuses.length = 0;
    const seen = receiver.received.length;
    const second = await startInstance(["serve"], env);
    running.push(second);
    const delivered = await receiver.waitFor("/restart", receiver.received.filter((r) => r.path === "/restart").length + 1, 60_000);
    assert.ok(receiver.received.length > seen);
    const last = delivered.at(-1)!;
    const event = JSON.parse(last.body);
    assert.deepEqual([event.type, event.data.jobId], ["render.completed", job.json.jobId]);
    assert.equal(verifySignature(secret, String(last.headers["x-docsvc-signature"]), last.body, Math.floor(Date.now() / 1000)), true);
    // The new instance's log of the same workspace says delivered, after the attempts of both instances.
    const login = await call(second.url, "POST", "/api/auth/login", undefined, { email: "hooks-restart@example.test", password: "correct horse battery" });
    for (let i = 0; ; i++) {
      const [entry] = (await call(second.url, "GET", "/api/webhooks/deliveries", login.json.accessToken)).json as Record<string, any>[];
      if (entry?.status === "delivered") {
        assert.ok(entry.attempts >= 3, `attempts ${entry.attempts}`);
        break;
      }
      assert.ok(i < 100, JSON.stringify(entry));
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await receiver.close();
  }
});
