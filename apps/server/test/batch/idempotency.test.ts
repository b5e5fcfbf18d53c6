// Idempotency-Key on batch submissions, through the app: a repeated upload answers the first job, another
// file under the key is a 422 problem, keys are per workspace, expire after 24 hours, and must be well-formed.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DAY, setClock } from "../../src/time.js";
import { assertProblem } from "../helpers/assert.js";
import { startTestApp, type Reply, type TestApp, type TestUser } from "../helpers/harness.js";
import { createTemplate } from "./helpers.js";

let t: TestApp;
let owner: TestUser;
let templateId: string;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  templateId = await createTemplate(t, owner.token);
});
after(async () => {
  setClock(undefined);
  await t.close();
});

async function upload(user: TestUser, template: string, csv: string, key: string | undefined): Promise<Reply & { replayed: string | null }> {
  const form = new FormData();
  form.set("file", new Blob([csv]), "rows.csv");
  const headers: Record<string, string> = { Authorization: `Bearer ${user.token}`, ...(key !== undefined ? { "Idempotency-Key": key } : {}) };
  const res = await t.app.request(`/api/templates/${template}/render-batch/upload`, { method: "POST", headers, body: form });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(), replayed: res.headers.get("Idempotent-Replayed"), body: (await res.json()) as Reply["body"] };
}

const jobCount = async (workspaceId: string): Promise<number> =>
  Number((await t.deps.db.selectFrom("batch_jobs").select((eb) => eb.fn.countAll().as("n")).where("workspace_id", "=", workspaceId).executeTakeFirstOrThrow()).n);

describe("Idempotency-Key on batch uploads", () => {
  test("the same file under one key answers the first job; another file under it is a 422", async () => {
    const before = await jobCount(owner.workspaceId);
    const first = await upload(owner, templateId, "name\nAda\nGrace\n", "upload-1");
    assert.equal(first.status, 200);
    assert.equal(first.replayed, null);
    const again = await upload(owner, templateId, "name\nAda\nGrace\n", "upload-1");
    assert.deepEqual([again.status, again.replayed, again.body["jobId"]], [200, "true", first.body["jobId"]]);
    const other = await upload(owner, templateId, "name\nAda\n", "upload-1");
    assertProblem(other, 422);
    assert.match(String(other.body["detail"]), /different request body/);
    assert.equal(await jobCount(owner.workspaceId), before + 1, "one job for three submissions");
    const none = await upload(owner, templateId, "name\nAda\nGrace\n", undefined);
    assert.notEqual(none.body["jobId"], first.body["jobId"], "without a key every submission is a job");
  });

  test("keys belong to the workspace; another template under the same key is a 422", async () => {
    const stranger = await t.signup();
    const theirs = await createTemplate(t, stranger.token);
    const mine = await upload(owner, templateId, "name\nx\n", "shared-key");
    const own = await upload(stranger, theirs, "name\nx\n", "shared-key");
    assert.equal(own.status, 200);
    assert.equal(own.replayed, null);
    assert.notEqual(own.body["jobId"], mine.body["jobId"]);
    const otherTemplate = await createTemplate(t, owner.token);
    assertProblem(await upload(owner, otherTemplate, "name\nx\n", "shared-key"), 422);
  });

  test("a key expires after 24 hours: the same submission then makes a new job", async () => {
    const start = Date.now();
    setClock({ now: () => start });
    const first = await upload(owner, templateId, "name\nlater\n", "daily");
    setClock({ now: () => start + DAY - 1_000 });
    assert.equal((await upload(owner, templateId, "name\nlater\n", "daily")).body["jobId"], first.body["jobId"]);
    setClock({ now: () => start + DAY + 1_000 });
    const next = await upload(owner, templateId, "name\nlater\n", "daily");
    assert.equal(next.status, 200);
    assert.equal(next.replayed, null);
    assert.notEqual(next.body["jobId"], first.body["jobId"]);
    setClock(undefined);
  });

  test("a malformed key is a 400 and stores nothing", async () => {
    const before = await jobCount(owner.workspaceId);
    for (const key of ["x".repeat(256), "has space", "ünïcode"]) {
      const res = await upload(owner, templateId, "name\nx\n", key);
      assertProblem(res, 400);
    }
    assert.equal(await jobCount(owner.workspaceId), before);
  });
});
