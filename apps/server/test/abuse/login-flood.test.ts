// 100 logins with random addresses from one client: password hashing runs in its own threads, so /health and
// another workspace's render keep answering, and the per-client throttle refuses most of the flood with 429
// while a login from another address still succeeds.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, test } from "node:test";
import { signup, startHubTestServer, type HubTestServer, type HubUser } from "../collab/helpers.js";
import { uniqueEmail } from "../helpers/harness.js";
import { assertResponsive, warmUp, watch } from "./responsive.js";

let s: HubTestServer;
let other: HubUser;
before(async () => {
  // The real render pool (one thread), for the render from another workspace.
  s = await startHubTestServer({}, {});
  other = await signup(s.url);
  await warmUp(s.url, other.token);
});
after(() => s.close());

/** POST /api/auth/login from a chosen local address (127.0.0.2 is another client on loopback). */
function loginFrom(localAddress: string, email: string, password: string): Promise<{ status: number; retryAfter: string | undefined }> {
  const url = new URL("/api/auth/login", s.url);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", localAddress, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("a login flood", () => {
  test("100 logins with random addresses: throttled per client with 429, /health and renders unaffected", async () => {
    const meanwhile = watch(s.url, other.token);
    const start = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => loginFrom("127.0.0.1", uniqueEmail("flood"), "a wrong password")));
    const took = performance.now() - start;
    const r = await meanwhile.stop();
    const refused = answers.filter((a) => a.status === 429);
    const checked = answers.filter((a) => a.status === 401);
    assert.equal(refused.length + checked.length, 100, `statuses ${[...new Set(answers.map((a) => a.status))].join(",")}`);
    // The client's burst of 30 is checked, plus one token per 2 s that the flood lasted; the rest is refused.
    assert.ok(checked.length >= 30 && checked.length <= 30 + Math.ceil(took / 2000), `${checked.length} logins were checked`);
    assert.ok(refused.every((a) => Number(a.retryAfter) >= 1), "each 429 carries Retry-After");
    assert.ok(took < 60_000, `the flood was answered within a 60 s budget (took ${Math.round(took)} ms)`);
    assertResponsive(r, true);
    // Another client is not slowed or refused by the flooder's throttle.
    const legit = await loginFrom("127.0.0.2", other.email, "correct horse battery");
    assert.equal(legit.status, 200);
  });
});
