// One contract, every blob store: the filesystem, the database (SQLite and PostgreSQL) and S3 (against an
// in-process fake on loopback). Whole blobs or none, missing keys, folder deletes, local copies for workers.
import assert from "node:assert/strict";
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { parseBlobConfig } from "../../src/blobs/config.js";
import { DbBlobStore } from "../../src/blobs/db-store.js";
import { FsBlobStore } from "../../src/blobs/fs-store.js";
import { S3BlobStore } from "../../src/blobs/s3-store.js";
import type { BlobStore } from "../../src/blobs/store.js";
import { connectDatabase } from "../../src/db/connect.js";
import type { Db } from "../../src/db/database.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { createLogger } from "../../src/log.js";
import { startFakeS3, type FakeS3 } from "../helpers/fake-s3.js";
import { createTestPostgres, postgresUnavailable, type TestPostgres } from "../helpers/postgres.js";

const log = createLogger("silent");
const skipPostgres = await postgresUnavailable();
if (skipPostgres !== undefined) console.warn(`stores.test: the PostgreSQL store is skipped: ${skipPostgres}`);
const bytes = (...b: number[]) => new Uint8Array(b);

interface Subject {
  store: BlobStore;
  close(): Promise<void>;
}

const subjects: Record<string, { skip?: string | undefined; open: (dir: string) => Promise<Subject> }> = {
  fs: { open: async (dir) => ({ store: new FsBlobStore(join(dir, "data")), close: async () => undefined }) },
  "database (SQLite)": {
    open: async (dir) => {
      const db: Db = connectDatabase({ dataDir: dir }, log);
      await migrateToLatest(db);
      return { store: new DbBlobStore(db, join(dir, "cache")), close: () => db.destroy() };
    },
  },
  "database (PostgreSQL)": {
    skip: skipPostgres,
    open: async (dir) => {
      const pg: TestPostgres = await createTestPostgres();
      const db = connectDatabase({ dataDir: dir, databaseUrl: pg.url }, log);
      await migrateToLatest(db);
      return { store: new DbBlobStore(db, join(dir, "cache")), close: async () => { await db.destroy(); await pg.drop(); } };
    },
  },
  s3: {
    open: async (dir) => {
      // Two objects per listing page, so deleting a folder must follow continuation tokens.
      const s3: FakeS3 = await startFakeS3(2);
      const store = new S3BlobStore({ bucket: "docs", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "test", secretAccessKey: "test", prefix: "tenant-a" }, join(dir, "cache"));
      return {
        store,
        close: async () => {
          // Everything went under the configured prefix, path-style.
          assert.ok(s3.requests.length > 0 && s3.requests.every((r) => r.startsWith("GET /docs") || r.includes("/docs/tenant-a/")), s3.requests.join("\n"));
          store.close();
          await s3.close();
        },
      };
    },
  },
};

for (const [name, subject] of Object.entries(subjects)) {
  describe(`blob store: ${name}`, { skip: subject.skip }, () => {
    let dir: string;
    let s: Subject;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "docsvc-blobs-"));
      s = await subject.open(dir);
    });
    after(async () => {
      await s.close();
      await rm(dir, { recursive: true, force: true });
    });

    test("put then get returns the same bytes; a second put replaces them; a missing key is undefined", async () => {
      const big = new Uint8Array(300_000).map((_, i) => i % 251);
      await s.store.put("batch/j1/result.zip", big);
      assert.deepEqual(await s.store.get("batch/j1/result.zip"), big);
      await s.store.put("batch/j1/result.zip", bytes(1, 2, 3));
      assert.deepEqual(await s.store.get("batch/j1/result.zip"), bytes(1, 2, 3));
      assert.equal(await s.store.get("batch/j1/nothing.pdf"), undefined);
      await s.store.put("outbox/empty.eml", bytes());
      assert.deepEqual(await s.store.get("outbox/empty.eml"), bytes());
    });

    test("deletePrefix removes the folder's blobs (however many) and nothing else, including a key that merely starts alike", async () => {
      for (let i = 0; i < 5; i++) await s.store.put(`batch/j2/rows/${i}.pdf`, bytes(i));
      await s.store.put("batch/j2x/rows/0.pdf", bytes(9));
      await s.store.put("batch/j2/result.zip", bytes(7));
      await s.store.deletePrefix("batch/j2/rows/");
      for (let i = 0; i < 5; i++) assert.equal(await s.store.get(`batch/j2/rows/${i}.pdf`), undefined);
      assert.deepEqual(await s.store.get("batch/j2/result.zip"), bytes(7));
      assert.deepEqual(await s.store.get("batch/j2x/rows/0.pdf"), bytes(9));
      await s.store.deletePrefix("batch/nothing-here/");
    });

    test("localFile hands the render workers a readable file of the blob, or undefined", async () => {
      await s.store.put("base-pdfs/t1/abc/original.pdf", bytes(37, 80, 68, 70));
      const path = await s.store.localFile("base-pdfs/t1/abc/original.pdf");
      assert.ok(path !== undefined);
      assert.deepEqual(new Uint8Array(await readFile(path)), bytes(37, 80, 68, 70));
      assert.equal(await s.store.localFile("base-pdfs/t1/abc/page-9.png"), undefined);
    });

    test("open streams any byte range piece by piece; a missing key is undefined", async () => {
      const big = new Uint8Array(700_000).map((_, i) => (i * 7) % 253);
      await s.store.put("batch/j3/result.pdf", big);
      const reader = await s.store.open("batch/j3/result.pdf");
      assert.ok(reader !== undefined);
      assert.equal(reader.size, big.byteLength);
      const read = async (start: number, end: number) => {
        const pieces: Uint8Array[] = [];
        for await (const piece of reader.stream(start, end) as unknown as AsyncIterable<Uint8Array>) pieces.push(piece);
        return { bytes: new Uint8Array(Buffer.concat(pieces)), largest: Math.max(...pieces.map((p) => p.byteLength)) };
      };
      const whole = await read(0, big.byteLength - 1);
      assert.deepEqual(whole.bytes, big);
      // The filesystem and database stores read 256 KiB at a time; S3 passes on its ranged GET as it arrives.
      if (s.store.kind !== "s3") assert.ok(whole.largest <= 256 * 1024, `largest piece ${whole.largest}`);
      assert.deepEqual((await read(262_140, 262_150)).bytes, big.subarray(262_140, 262_151));
      assert.deepEqual((await read(big.byteLength - 5, big.byteLength - 1)).bytes, big.subarray(big.byteLength - 5));
      assert.equal(await s.store.open("batch/j3/missing.pdf"), undefined);
    });

    test("putFile stores a local file's bytes under the key (streamed where the store can) and removes the file", async () => {
      const big = new Uint8Array(600_000).map((_, i) => (i * 13) % 241);
      const file = join(dir, "result-to-store.zip");
      await writeFile(file, big);
      assert.ok(s.store.putFile !== undefined);
      await s.store.putFile("batch/j4/result.zip", file);
      assert.deepEqual(await s.store.get("batch/j4/result.zip"), big);
      assert.equal((await s.store.open("batch/j4/result.zip"))?.size, big.byteLength);
      await assert.rejects(stat(file), { code: "ENOENT" });
    });

    test("keys that could leave the store's folder are refused", async () => {
      for (const key of ["../etc/passwd", "/abs", "a/../../b", "a//b", "a/./b"]) {
        await assert.rejects(s.store.put(key, bytes(1)), /Invalid blob key/, key);
      }
    });
  });
}

test("the filesystem store leaves no temporary file beside the blobs", async () => {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-blobs-"));
  try {
    const store = new FsBlobStore(dir);
    await store.put("outbox/a.eml", bytes(1));
    assert.deepEqual(await readdir(join(dir, "outbox")), ["a.eml"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("BLOB_STORE and S3_*: defaults follow DATABASE_URL and S3_BUCKET; mistakes are named", () => {
  assert.deepEqual(parseBlobConfig({}), { kind: "fs" });
  assert.deepEqual(parseBlobConfig({ DATABASE_URL: "postgres://db/x" }), { kind: "database" });
  assert.deepEqual(parseBlobConfig({ DATABASE_URL: "postgres://db/x", BLOB_STORE: "fs" }), { kind: "fs" });
  assert.deepEqual(parseBlobConfig({ S3_BUCKET: "b", S3_ENDPOINT: "http://minio:9000", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" }), {
    kind: "s3", bucket: "b", region: "us-east-1", endpoint: "http://minio:9000", accessKeyId: "k", secretAccessKey: "s", prefix: undefined,
  });
  assert.throws(() => parseBlobConfig({ BLOB_STORE: "s3" }), /S3_BUCKET is required/);
  assert.throws(() => parseBlobConfig({ BLOB_STORE: "ftp" }), /BLOB_STORE must be/);
  assert.throws(() => parseBlobConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }), /go together/);
  assert.throws(() => parseBlobConfig({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" }), /S3_ENDPOINT/);
});

test("the database store keeps a blob past one chunk as chunk rows, read a chunk at a time; inline rows still read", async () => {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-blobs-"));
  const db: Db = connectDatabase({ dataDir: dir }, log);
  try {
    await migrateToLatest(db);
    const store = new DbBlobStore(db, join(dir, "cache"), 1000);
    const big = new Uint8Array(4_500).map((_, i) => i % 199);
    await store.put("batch/c1/result.pdf", big);
    const row = await db.selectFrom("blobs").select(["bytes", "size", "chunk_bytes"]).where("key", "=", "batch/c1/result.pdf").executeTakeFirstOrThrow();
    assert.deepEqual({ inline: row.bytes.byteLength, size: row.size, chunk: row.chunk_bytes }, { inline: 0, size: 4_500, chunk: 1000 });
    const chunks = await db.selectFrom("blob_chunks").select(["idx", "bytes"]).where("key", "=", "batch/c1/result.pdf").orderBy("idx").execute();
    assert.deepEqual(chunks.map((c) => c.bytes.byteLength), [1000, 1000, 1000, 1000, 500]);
    assert.deepEqual(await store.get("batch/c1/result.pdf"), big);
    // A range across a chunk boundary, and the last bytes.
    const reader = (await store.open("batch/c1/result.pdf"))!;
    const read = async (start: number, end: number) => {
      const pieces: Uint8Array[] = [];
      for await (const piece of reader.stream(start, end) as unknown as AsyncIterable<Uint8Array>) pieces.push(piece);
      return new Uint8Array(Buffer.concat(pieces));
    };
    assert.deepEqual(await read(990, 2010), big.subarray(990, 2011));
    assert.deepEqual(await read(4_495, 4_499), big.subarray(4_495));
    // Replaced by a small blob: inline again, no chunk left behind; deletePrefix removes chunks too.
    await store.put("batch/c1/result.pdf", bytes(1, 2));
    assert.equal((await db.selectFrom("blob_chunks").select("idx").where("key", "=", "batch/c1/result.pdf").execute()).length, 0);
    await store.put("batch/c2/result.pdf", big);
    await store.deletePrefix("batch/c2/");
    assert.equal((await db.selectFrom("blob_chunks").select("idx").execute()).length, 0);
    // A row written before chunks (bytes inline, larger than a chunk) reads as before.
    await db.insertInto("blobs").values({ key: "batch/old/result.zip", bytes: big, size: big.byteLength, created_at: "2026-11-01T00:00:00Z" }).execute();
    assert.deepEqual(await store.get("batch/old/result.zip"), big);
    const old = (await store.open("batch/old/result.zip"))!;
    const pieces: Uint8Array[] = [];
    for await (const piece of old.stream(10, 3_009) as unknown as AsyncIterable<Uint8Array>) pieces.push(piece);
    assert.deepEqual(new Uint8Array(Buffer.concat(pieces)), big.subarray(10, 3_010));
  } finally {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
});
