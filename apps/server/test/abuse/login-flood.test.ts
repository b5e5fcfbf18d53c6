// 100 logins with random addresses from one client: password hashing runs in its own threads, so /health and
// another workspace's render keep answering. Failures count per (client, email) and per email, never against the
// client's address as a whole, so the flood does not lock out the other users behind that address; guessing one
// account is refused for that client and email only.
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
  test("100 wrong logins with random addresses from one client: all checked (401), /health and renders unaffected, the client's other users still sign in", async () => {
    const meanwhile = watch(s.url, other.token);
    const start = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => loginFrom("127.0.0.1", uniqueEmail("flood"), "a wrong password")));
    const took = performance.now() - start;
    const r = await meanwhile.stop();
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [401], "no address-wide lock-out from failures");
    assert.ok(took < 60_000, `the flood was answered within a 60 s budget (took ${Math.round(took)} ms)`);
    assertResponsive(r, true);
    // Another user behind the same address is not refused because of the flooder.
    assert.equal((await loginFrom("127.0.0.1", other.email, "correct horse battery")).status, 200);
  });

  test("guessing one account: refused (429 + Retry-After) for that client and email after 10 failures, not for the owner elsewhere", async () => {
    const victim = await signup(s.url);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await loginFrom("127.0.0.3", victim.email, `wrong ${i}`));
    assert.deepEqual(answers.map((a) => a.status), [...Array<number>(10).fill(401), 429, 429]);
    assert.ok(Number(answers.at(-1)?.retryAfter) >= 1);
    assert.equal((await loginFrom("127.0.0.4", victim.email, "correct horse battery")).status, 200, "the owner from another address");
    assert.equal((await loginFrom("127.0.0.3", other.email, "correct horse battery")).status, 200, "another user from the guesser's address");
  });
});
