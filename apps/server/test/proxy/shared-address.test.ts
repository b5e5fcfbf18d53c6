// A client's integration suite on one host signs up and logs in well over 100 users within a minute. With
// LOGIN_TRUSTED_CIDRS=127.0.0.1/32 nothing of it is throttled, not even a test of wrong passwords; without it the
// logins still pass (failures never count against the address, and its bucket of logins is generous), and a
// run of wrong passwords is refused for that address and email only, never for the suite's other users.
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { parseLimitConfig } from "../../src/config-limits.js";
import { logInAll, PASSWORD, postFrom, signUpMany, startLoginServer, type LoginServer } from "./server.js";

const USERS = 110;
const servers: LoginServer[] = [];
after(async () => {
  // The second server shares the first one's SQLite file: close it first.
  for (const s of servers.reverse()) await s.close();
});

const wrong = async (base: string, email: string, times: number, from = "127.0.0.1"): Promise<number[]> => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await postFrom(base, "/api/auth/login", { email, password: `wrong ${i}` }, from)).status);
  return statuses;
};

describe("an integration suite of 110 users from one address", () => {
  let users: string[];
  let trustedServer: LoginServer;

  test("with LOGIN_TRUSTED_CIDRS=127.0.0.1/32: every signup and login answers 200, and 12 wrong passwords are 401, never 429", async (t) => {
    trustedServer = await startLoginServer(parseLimitConfig({ LOGIN_TRUSTED_CIDRS: "127.0.0.1/32" }));
    servers.push(trustedServer);
    const started = performance.now();
    users = await signUpMany(trustedServer.url, "suite", USERS);
    const statuses = await logInAll(trustedServer.url, users);
    t.diagnostic(`${USERS} signups and logins in ${Math.round(performance.now() - started)} ms`);
    assert.deepEqual([...new Set(statuses)], [200]);
    assert.deepEqual(await wrong(trustedServer.url, users[0] ?? "", 12), Array<number>(12).fill(401));
    assert.equal((await postFrom(trustedServer.url, "/api/auth/login", { email: users[0], password: PASSWORD })).status, 200);
  });

  test("without it: the 110 logins pass; 10 wrong passwords lock that address and email only", async () => {
    const shared = process.env["DOCSVC_TEST_DATABASE"] === "postgres" ? {} : { dataDir: trustedServer.t.config.dataDir };
    const server = await startLoginServer({ ...parseLimitConfig({}), ...shared });
    servers.push(server);
    if (!("dataDir" in shared)) await signUpMany(server.url, "suite", USERS);
    const statuses = await logInAll(server.url, users);
    assert.deepEqual([...new Set(statuses)], [200], "not throttled as one address");
    const victim = users[1] ?? "";
    assert.deepEqual(await wrong(server.url, victim, 11), [...Array<number>(10).fill(401), 429]);
    const refused = await postFrom(server.url, "/api/auth/login", { email: victim, password: PASSWORD });
    assert.equal(refused.status, 429, "that address and email wait, even with the right password");
    assert.match(String(refused.body["detail"]), /from your network address/);
    assert.ok(Number(refused.headers["retry-after"]) >= 1);
    // Everyone else on the address goes on; the victim from another address too.
    assert.deepEqual([...new Set(await logInAll(server.url, users.slice(2, 22)))], [200]);
    assert.equal((await postFrom(server.url, "/api/auth/login", { email: victim, password: PASSWORD }, "127.0.0.2")).status, 200);
  });
});
