// HTTP fuzzing over every operation of the OpenAPI document: generated bodies, headers, query and path
// parameters. No answer may be a 5xx, and a 4xx must leave every stored row as it was. Fixed seed and run count.
import assert from "node:assert/strict";
import fc from "fast-check";
import { sql } from "kysely";
import { after, before, describe, test } from "node:test";
import { SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { refreshCookieFrom, startTestApp, type TestApp } from "../helpers/harness.js";
import { parseAiSettings } from "../../src/ai/settings.js";
import { startFakeOpenAi, type FakeCall, type FakeOpenAi, type FakeReply } from "../ai/support/fake-openai.js";
import { happy } from "../ai/support/scripts.js";
import { formFor, headerValue, jsonBodyFor, nastyString, resolve, urlComponent, type Known, type Schema } from "./arbitraries.js";

/** Fixed, so a failure reproduces; the count keeps the whole file within about a minute on a busy 2-core machine. */
const SEED = 20261123;
const RUNS_PER_OPERATION = 30;
/** The fixtures' password (the test harness signs everyone up with it). */
const PASSWORD = "correct horse battery";

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly parameters: readonly { readonly name: string; readonly in: string }[];
  readonly json: Schema | undefined;
  readonly multipart: Schema | undefined;
  /** The operation takes an API key as well as a session. */
  readonly apiKeyLane: boolean;
}

/** What a run can point at: real rows of the caller's workspace, and another workspace's. */
interface Fixtures {
  token: string;
  refreshCookie: string;
  readonly apiKey: string;
  readonly ids: Readonly<Record<string, string>>;
  readonly emails: readonly string[];
}

let t: TestApp;
let model: FakeOpenAi;
let operations: Operation[];
let components: Record<string, Schema>;
/** A model that answers every pass well, so the AI endpoints are fuzzed past their checks rather than off (503). */
function wellBehavedModel(call: FakeCall): FakeReply {
  if (call.pass === "refine") return { json: { elements: [{ id: "x", type: "text", x: 0, y: 0, width: 100, height: 20, text: "{{vat}}" }], newFields: [{ key: "vat", type: "number" }] } };
  if (call.pass === "legacy") return { json: { name: "Letter", elements: [{ type: "text", x: 0, y: 0, width: 200, height: 20, text: "Dear {{name}}" }] } };
  return happy(call);
}

before(async () => {
  model = await startFakeOpenAi(wellBehavedModel);
  const ai = parseAiSettings({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: model.baseUrl, AI_MODEL: "fake-model" });
  // Signing configured too (no certificate is ever valid here, so no timestamp is asked for): `sign` and the
  // certificate upload are fuzzed past their 503.
  t = await startTestApp({ config: { ai, certificateKey: new Uint8Array(32).fill(7), tsa: { url: "http://127.0.0.1:9/tsa", timeoutMs: 500 } } });
  const doc = (await t.call("GET", "/openapi/v1.json")).body;
  components = doc.components.schemas as Record<string, Schema>;
  operations = Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: String(op["operationId"]),
      parameters: (op["parameters"] ?? []) as Operation["parameters"],
      json: op["requestBody"]?.content?.["application/json"]?.schema as Schema | undefined,
      multipart: op["requestBody"]?.content?.["multipart/form-data"]?.schema as Schema | undefined,
      apiKeyLane: JSON.stringify(op["security"] ?? []).includes("apiKeyAuth"),
    })),
  );
});
after(async () => {
  await t.close();
  await model.close();
});

/** The fixtures, made again when a run ended the session or deleted the template (successful calls may). */
let current: Fixtures | undefined;
/** Answers by operation and status class, to check that generated requests get past validation too. */
const answered = new Set<string>();
async function liveFixtures(): Promise<Fixtures> {
  const f = current;
  if (f !== undefined && (await t.call("GET", `/api/templates/${f.ids["template"] ?? ""}`, { token: f.token })).status === 200) return f;
  return (current = await fixtures());
}

async function fixtures(): Promise<Fixtures> {
  const owner = await t.signup();
  const other = await t.signup();
  const auth = { token: owner.token };
  const template = (await t.call("POST", "/api/templates", { ...auth, body: { name: "Fuzzed", content: SMALL_TEMPLATE } })).body.id as string;
  const apiKey = (await t.call("POST", "/api/api-keys", { ...auth, body: { name: "fuzz" } })).body;
  const version = (await t.call("POST", `/api/templates/${template}/versions`, { ...auth, body: { label: "v" } })).body.id as string;
  // The batch worker is not started: the job stays pending and nothing writes behind the test's back.
  const job = (await t.call("POST", `/api/templates/${template}/render-batch`, { ...auth, body: { rows: [{ name: "x" }], output: "zip", fileNamePattern: null, emailColumn: null } })).body.jobId as string;
  const comment = (await t.call("POST", `/api/templates/${template}/comments`, { ...auth, body: { body: "hello" } })).body.id as string;
  return {
    token: owner.token,
    refreshCookie: owner.refreshCookie,
    apiKey: apiKey.key as string,
    ids: { template, version, job, comment, apiKey: apiKey.id as string, workspace: owner.workspaceId, user: owner.userId, otherWorkspace: other.workspaceId, otherUser: other.userId },
    emails: [owner.email, other.email],
  };
}

/**
 * Every stored row, as comparable text (API-key last-use bookkeeping aside: reading with a key is not a change).
 * The throttles' buckets are left out too: a refused login is counted on purpose (that is the throttle).
 */
const THROTTLE_TABLES = new Set(["login_buckets", "rate_buckets"]);
async function snapshot(): Promise<string> {
  await t.deps.meter.flush();
  // Kysely's introspection lists the tables on either dialect (its own migration tables left out).
  const tables = (await t.deps.db.introspection.getTables()).map((table) => table.name).filter((name) => !THROTTLE_TABLES.has(name)).sort();
  const parts: string[] = [];
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.deps.db);
    const lines = rows.rows.map((r) => JSON.stringify({ ...r, last_used_at: undefined }, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString("base64") : v)));
    parts.push(`${name}:${lines.sort().join("\n")}`);
  }
  return parts.join("\n\n");
}

/** Path parameter values: the fixture ids the name suggests, a random UUID, or a hostile string. */
function pathValue(name: string, f: Fixtures, opPath: string): fc.Arbitrary<string> {
  const ids = Object.values(f.ids);
  const byName: Record<string, readonly string[]> = {
    id: [opPath.startsWith("/api/api-keys") ? (f.ids["apiKey"] ?? "") : (f.ids["template"] ?? "")],
    templateId: [f.ids["template"] ?? ""],
    versionId: [f.ids["version"] ?? ""],
    jobId: [f.ids["job"] ?? ""],
    commentId: [f.ids["comment"] ?? ""],
    workspaceId: [f.ids["workspace"] ?? "", f.ids["otherWorkspace"] ?? ""],
    userId: [f.ids["user"] ?? "", f.ids["otherUser"] ?? ""],
    resourceId: [f.ids["template"] ?? ""],
    resourceType: ["template"],
    index: ["0", "1", "-1", "99999999999999999999"],
  };
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(byName[name] ?? ids)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: nastyString.map((s) => urlComponent(s).slice(0, 2_000)) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "..", "%2e%2e", "%00", "%C0%AF") },
  );
}

/** Valid bodies of the operations whose happy path needs several fields right at once. */
const EXAMPLES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  renderInline: { content: SMALL_TEMPLATE, data: { name: "Ada" } },
  renderTemplate: { data: { name: "Ada" }, theme: { primary: "#123456" } },
  renderBatch: { rows: [{ name: "Ada" }], output: "merged", fileNamePattern: "{{name}}", emailColumn: null },
  sendTemplateEmail: { to: "someone@example.test", data: { name: "Ada" } },
  login: { email: "", password: PASSWORD },
  updateTemplate: { content: SMALL_TEMPLATE, name: "Renamed", versionKind: "manual" },
};

const CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", undefined] as const;
const LANES = ["none", "session", "apiKey", "both", "bogusBearer", "bogusKey", "refreshCookie"] as const;

function example(operationId: string, f: Fixtures): Readonly<Record<string, unknown>> | undefined {
  const e = EXAMPLES[operationId];
  return operationId === "login" ? { ...e, email: f.emails[0] } : e;
}

function requestFor(op: Operation, f: Fixtures): fc.Arbitrary<{ url: string; init: RequestInit }> {
  const known: Known = { ids: fc.constantFrom(...Object.values(f.ids)), emails: fc.constantFrom(...f.emails), password: PASSWORD };
  const path = fc.tuple(...op.parameters.filter((p) => p.in === "path").map((p) => pathValue(p.name, f, op.path).map((v) => [p.name, v] as const)));
  const queryValue = fc.oneof(fc.constantFrom("json", "1", "10", "ärger", "fuzz"), nastyString);
  const query = fc.tuple(...op.parameters.filter((p) => p.in === "query").map((p) => fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: queryValue }).map((v) => [p.name, v] as const)));
  const body: fc.Arbitrary<string | FormData | undefined> =
    op.multipart !== undefined
      ? fc.oneof(formFor(op.multipart, components), jsonBodyFor(undefined, components, known))
      : op.json !== undefined
        ? jsonBodyFor(resolve(op.json, components), components, known, example(op.operationId, f))
        : fc.option(jsonBodyFor(undefined, components, known), { freq: 4 }).map((b) => b ?? undefined);
  return fc
    .record({
      path,
      query,
      body,
      // Mostly real credentials, so requests reach the handlers; the rest probe the authentication itself.
      lane: fc.oneof({ weight: 3, arbitrary: fc.constantFrom<(typeof LANES)[number]>(...(op.apiKeyLane ? (["session", "apiKey"] as const) : (["session"] as const))) }, { weight: 2, arbitrary: fc.constantFrom(...LANES) }),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      extra: fc.dictionary(fc.constantFrom("X-Request-Id", "Accept", "Cookie", "Origin", "X-Forwarded-For", "If-None-Match"), headerValue, { maxKeys: 3 }),
    })
    .map(({ path: params, query: q, body: b, lane, contentType, extra }) => {
      let url = op.path;
      for (const [name, value] of params) url = url.replace(`{${name}}`, value);
      const search = q.filter(([, v]) => v !== null).map(([k, v]) => `${k}=${urlComponent(v as string)}`);
      if (search.length > 0) url += `?${search.join("&")}`;
      const headers: Record<string, string> = { ...extra };
      if (lane === "session" || lane === "both") headers["Authorization"] = `Bearer ${f.token}`;
      if (lane === "apiKey" || lane === "both") headers["X-Api-Key"] = f.apiKey;
      if (lane === "bogusBearer") headers["Authorization"] = "Bearer eyJhbGciOiJub25lIn0.e30.";
      if (lane === "bogusKey") headers["X-Api-Key"] = "dsk_not-a-key";
      // Only the current refresh cookie: presenting a used one revokes the session by design (a 401 that writes).
      if (lane === "refreshCookie") headers["Cookie"] = `docsvc_refresh=${f.refreshCookie}`;
      if (contentType !== undefined && typeof b === "string") headers["Content-Type"] = contentType;
      return { url, init: { method: op.method, headers, ...(b !== undefined && op.method !== "GET" ? { body: b } : {}) } };
    });
}

describe("HTTP fuzzing over the OpenAPI document", () => {
  test("the document lists every operation, and the state snapshot sees a stored change", async () => {
    assert.ok(operations.length >= 50, `${operations.length} operations`);
    const f = await liveFixtures();
    const before = await snapshot();
    assert.equal((await t.call("PUT", `/api/templates/${f.ids["template"] ?? ""}`, { token: f.token, body: { content: SMALL_TEMPLATE, name: "Changed" } })).status, 200);
    assert.notEqual(await snapshot(), before);
  });

  test("every operation: no 5xx for generated requests, and no stored change on a 4xx", { timeout: 300_000 }, async (ctx) => {
    for (const [i, op] of operations.entries()) {
      await ctx.test(`${op.method} ${op.path}`, async () => {
        const f = await liveFixtures();
        // The example itself, sent once as a client would (session, JSON): the happy path is checked whatever share
        // of the generated runs happens to pick it with a valid lane and content type (that share moves with the seed).
        const happy = example(op.operationId, f);
        if (happy !== undefined) {
          const url = op.path.replace("{id}", f.ids["template"] ?? "");
          const res = await t.app.request(url, { method: op.method, headers: { Authorization: `Bearer ${f.token}`, "Content-Type": "application/json" }, body: JSON.stringify(happy) });
          await res.arrayBuffer();
          answered.add(`${op.operationId} ${Math.floor(res.status / 100)}xx`);
          assert.ok(res.status < 500, `${op.operationId}: ${res.status} for its example`);
        }
        await fc.assert(
          fc.asyncProperty(requestFor(op, f), async ({ url, init }) => {
            const before = await snapshot();
            const res = await t.app.request(url, init);
            await res.arrayBuffer();
            answered.add(`${op.operationId} ${Math.floor(res.status / 100)}xx`);
            assert.ok(res.status < 500, `${op.operationId}: ${res.status} for ${init.method} ${url}`);
            if (res.status >= 400) assert.equal(await snapshot(), before, `${op.operationId}: a ${res.status} changed stored state (${init.method} ${url})`);
            // A successful refresh rotated the cookie; the next run presents the new one.
            const rotated = refreshCookieFrom(res.headers);
            if (rotated !== undefined) f.refreshCookie = rotated;
          }),
          { seed: SEED + i, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      });
    }
  });

  test("the generated requests also succeed: the happy paths ran, not only the rejections", () => {
    for (const id of ["renderInline", "renderTemplate", "renderBatch", "sendTemplateEmail", "login", "signup", "createTemplate", "updateTemplate"]) {
      assert.ok(answered.has(`${id} 2xx`), `${id} never succeeded`);
    }
    const succeeded = operations.filter((op) => answered.has(`${op.operationId} 2xx`)).length;
    assert.ok(succeeded >= operations.length / 2, `only ${succeeded} of ${operations.length} operations ever succeeded`);
  });
});
