// Two instances on different loopback ports with different DATA_DIRs, sharing one PostgreSQL and one Redis (a
// database and a key prefix of their own): accounts, base PDFs, the render burst, presence and batch jobs are
// one service across them, and a batch job survives SIGKILL of the instance running it.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import JSZip from "jszip";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { startInstance, type Instance } from "../helpers/instance.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";
import { redisUnavailable, testPrefix, TEST_REDIS_URL } from "../helpers/redis.js";
import { TINY_TEMPLATE } from "../batch/helpers.js";

const skip = (await postgresUnavailable()) ?? (await redisUnavailable());
if (skip !== undefined) console.warn(`two-instances.test: skipped: ${skip}`);

let pg: TestPostgres;
const redisKeys = testPrefix();
const dirs: string[] = [];
let env: Record<string, string>;
let a: Instance;
let b: Instance;
let worker: Instance | undefined;
const PASSWORD = "correct horse battery";

async function instance(args: readonly string[] = ["serve"]): Promise<Instance> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-scale-"));
  dirs.push(dir);
  return startInstance(args, { ...env, DATA_DIR: dir });
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: any; bytes: Uint8Array }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = res.headers.get("Content-Type") ?? "";
  return { status: res.status, json: type.includes("json") ? JSON.parse(Buffer.from(bytes).toString("utf8")) : undefined, bytes };
}

async function account(): Promise<{ email: string; token: string; workspaceId: string }> {
  const email = `scale-${randomBytes(4).toString("hex")}@example.test`;
  const signup = await call(a.url, "POST", "/api/auth/signup", undefined, { email, password: PASSWORD });
  assert.equal(signup.status, 200);
  const login = await call(b.url, "POST", "/api/auth/login", undefined, { email, password: PASSWORD });
  assert.equal(login.status, 200, "an account made on A logs in on B");
  return { email, token: login.json.accessToken as string, workspaceId: login.json.workspace.id as string };
}

describe("two instances on one PostgreSQL and Redis", { skip, timeout: 600_000 }, () => {
  before(async () => {
    pg = await createTestPostgres();
    // DEFAULT_PLAN=free: hosted limits, so the shared render burst has something to share.
    // BATCH_LOCK_MS: BullMQ hands a killed instance's job on within about two seconds rather than thirty.
    env = { DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisKeys.prefix, JWT_SECRET: randomBytes(32).toString("hex"), DEFAULT_PLAN: "free", BATCH_LOCK_MS: "2000" };
    // B leaves batch jobs to workers elsewhere (the web-tier role), so the batch case knows who runs the job.
    // One after the other: dirs[0] must be A's DATA_DIR and dirs[1] B's.
    a = await instance();
    b = await instance(["serve", "--no-worker"]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await pg?.drop();
    await redisKeys.cleanup();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  test("sign up on A, log in and render on B; a base PDF uploaded on A is drawn in a render from B", async () => {
    const { token } = await account();
    const content = JSON.stringify({
      version: 4,
      pageSize: { id: "a4" },
      bands: [{ id: "d", kind: "detail", bindingField: "rows", height: 300, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 300, height: 20, text: "Row {{n}}" }] }],
      schema: [],
    });
    const created = await call(a.url, "POST", "/api/templates", token, { name: "Letterhead", content });
    assert.equal(created.status, 200);
    const id = created.json.id as string;
    // B renders first, so its lookup cache holds "this template has no base PDF" when A stores one.
    const plain = await call(b.url, "POST", `/api/templates/${id}/render`, token, { data: { rows: [{ n: 1 }] } });
    assert.equal(plain.status, 200);
    assert.doesNotMatch(Buffer.from(plain.bytes).toString("latin1"), /\/Subtype \/Form/);
    const doc = await PDFDocument.create();
    doc.addPage([595.28, 841.89]).drawText("SHARED BASE", { x: 40, y: 780, size: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
    const form = new FormData();
    form.set("file", new Blob([Buffer.from(await doc.save())]), "base.pdf");
    const uploaded = await fetch(`${a.url}/api/templates/${id}/base-pdf`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    assert.equal(uploaded.status, 200);

    const rendered = await call(b.url, "POST", `/api/templates/${id}/render`, token, { data: { rows: [{ n: 1 }] } });
    assert.equal(rendered.status, 200);
    const text = Buffer.from(rendered.bytes).toString("latin1");
    assert.match(text, /^%PDF-/);
    assert.match(text, /\/Subtype \/Form/, "the base page is drawn as a form XObject");
    const pageFromB = await call(b.url, "GET", `/api/templates/${id}/base-pdf/pages/0`, token);
    const pageFromA = await call(a.url, "GET", `/api/templates/${id}/base-pdf/pages/0`, token);
    assert.equal(pageFromB.status, 200);
    assert.deepEqual(pageFromB.bytes, pageFromA.bytes);
    // B never had the file on its disk: it came from the shared store into B's local cache.
    assert.ok((await readdir(join(dirs[1]!, "blob-cache", "base-pdfs"))).includes(id));
    assert.equal((await readdir(dirs[1]!)).includes("base-pdfs"), false);
  });

  test("the lookup cache: a key revoked on A is refused on B at once; a template saved on A renders on B as saved", async () => {
    const { token } = await account();
    const created = await call(a.url, "POST", "/api/templates", token, { name: "Cached", content: TINY_TEMPLATE });
    const id = created.json.id as string;
    const issued = await call(a.url, "POST", "/api/api-keys", token, { name: "k" });
    assert.equal(issued.status, 200);
    const withKey = (base: string) =>
      fetch(`${base}/api/templates/${id}/render`, { method: "POST", headers: { "X-Api-Key": issued.json.key as string, "Content-Type": "application/json" }, body: JSON.stringify({ data: { name: "x" } }) });
    const pageWidth = async (res: Response) => (await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPage(0).getWidth();
    // Both instances have the key and the template cached now.
    for (const base of [a.url, b.url]) assert.equal(await pageWidth(await withKey(base)), 200);

    const wider = { ...(JSON.parse(TINY_TEMPLATE) as Record<string, unknown>), pageSize: { id: "custom", width: 300, height: 80 } };
    const updated = await call(a.url, "PUT", `/api/templates/${id}`, token, { content: JSON.stringify(wider) });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    assert.equal(await pageWidth(await withKey(b.url)), 300, "B renders the content saved on A");

    const revoked = await call(a.url, "DELETE", `/api/api-keys/${issued.json.id as string}`, token);
    assert.equal(revoked.status, 200);
    const refused = await withKey(b.url);
    assert.equal(refused.status, 401, "the key is refused on B right after its revocation on A");
    assert.equal((await withKey(a.url)).status, 401);
  });

  test("the free plan's render burst (30) is shared: 200s across A and B stay within the burst plus the refill", async () => {
    const { token } = await account();
    const created = await call(a.url, "POST", "/api/templates", token, { name: "Tiny", content: TINY_TEMPLATE });
    const path = `/api/templates/${created.json.id as string}/render`;
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, "POST", path, token, { data: { name: "x" } })));
    const elapsedSeconds = (Date.now() - started) / 1000;
    const ok = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.status === 429);
    assert.equal(ok + refused.length, 80, results.map((r) => r.status).join(","));
    // One bucket of 30 refilling at 2 per second while the requests arrive; two buckets would pass 60.
    assert.ok(elapsedSeconds < 10, `the burst took ${elapsedSeconds} s`);
    assert.ok(ok >= 30 && ok <= 30 + Math.ceil(2 * elapsedSeconds), `${ok} renders succeeded in ${elapsedSeconds} s`);
    assert.ok(refused.every((r) => r.json.status === 429));
  });

  test("presence set through A is visible through B", async () => {
    const { token, email } = await account();
    const created = await call(a.url, "POST", "/api/templates", token, { name: "P", content: TINY_TEMPLATE });
    const id = created.json.id as string;
    assert.equal((await call(a.url, "POST", "/api/presence", token, { resourceType: "template", resourceId: id })).status, 200);
    const seen = await call(b.url, "GET", `/api/presence/template/${id}`, token);
    assert.equal(seen.status, 200);
    assert.deepEqual((seen.json as { email: string }[]).map((v) => v.email), [email]);
  });

  test("a 500-row batch submitted on A, A killed with SIGKILL mid-job: a `docsvc worker` finishes it, every row once, result from B", async () => {
    const { token } = await account();
    const created = await call(a.url, "POST", "/api/templates", token, { name: "Batch", content: TINY_TEMPLATE });
    const id = created.json.id as string;
    const rows = Array.from({ length: 500 }, (_, i) => ({ name: `row-${i}` }));
    const submitted = await call(a.url, "POST", `/api/templates/${id}/render-batch`, token, { rows, output: "zip", fileNamePattern: "{{name}}" });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.json));
    const jobPath = `/api/templates/${id}/render-batch/jobs/${submitted.json.jobId as string}`;
    let status = await call(b.url, "GET", jobPath, token);
    while ((status.json.completed as number) < 50) {
      assert.equal(status.json.status === "completed", false, "the job must still be running when A is killed");
      await new Promise((r) => setTimeout(r, 50));
      status = await call(b.url, "GET", jobPath, token);
    }
    await a.kill();
    const before = (await call(b.url, "GET", jobPath, token)).json;
    assert.equal(before.status, "processing");
    assert.ok((before.completed as number) < 500, `A had finished ${String(before.completed)} rows`);

    // A's session died with it, and its claim on the job with the session; A stopped renewing BullMQ's lock, so
    // the stalled-job check hands the job to the worker, which resumes it at the first unrecorded row.
    worker = await instance(["worker"]);
    assert.ok([...a.lines, ...b.lines, ...worker.lines].filter((l) => l.includes('"batchQueue":"redis"')).length === 3, "every process is on the BullMQ queue");
    const until = Date.now() + 300_000;
    do {
      await new Promise((r) => setTimeout(r, 200));
      status = await call(b.url, "GET", jobPath, token);
    } while (status.json.status === "processing" && Date.now() < until);
    assert.equal(status.json.status, "completed", JSON.stringify(status.json));
    assert.deepEqual([status.json.completed, status.json.failed], [500, 0]);
    const result = await call(b.url, "GET", `${jobPath}/result`, token);
    assert.equal(result.status, 200);
    const zip = await JSZip.loadAsync(result.bytes);
    const names = Object.keys(zip.files).filter((n) => n.endsWith(".pdf")).sort();
    assert.deepEqual(names, rows.map((r) => `${r.name}.pdf`).sort(), "every row exactly once");
    const report = JSON.parse(await zip.file("report.json")!.async("string")) as { completed: number; failed: number };
    assert.deepEqual([report.completed, report.failed], [500, 0]);
  });
});
