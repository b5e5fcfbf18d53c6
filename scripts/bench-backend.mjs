// The storage a benchmarked server runs on: `sqlite` (the default: SQLite and files under DATA_DIR, limits in
// memory) or `pg` (a throwaway PostgreSQL database created here, with C collation as the README asks, and Redis
// under a key prefix of its own: limits, presence, the hub's fan-out and the BullMQ batch queue; blobs, the outbox
// included, in PostgreSQL). Both are removed afterwards.
//
// Environment: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres, a role that may create
// databases), BENCH_REDIS_URL (default redis://127.0.0.1:6379).
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { root, sleep } from "./bench-lib.mjs";

// pg and ioredis are the server's dependencies, resolved from there.
const require = createRequire(join(root, "apps/server/package.json"));

/**
 * A backend: the server's extra environment, how to read the verification mail, the processes besides the server
 * that work for it (PostgreSQL backends; Redis is shared with other users and not counted), and the clean-up.
 */
export async function openBackend(kind) {
  if (kind === "sqlite") return { kind, env: {}, verificationToken: fsVerificationToken, pids: async () => [], close: async () => undefined };
  if (kind !== "pg") throw new Error(`BENCH_BACKEND must be sqlite or pg, got '${kind}'`);
  const pg = require("pg");
  const { Redis } = require("ioredis");
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  const name = `docsvc_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (query) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const prefix = `docsvc-bench-${randomBytes(5).toString("hex")}:`;
  return {
    kind,
    env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: randomBytes(32).toString("hex") },
    // The outbox is a blob: in PostgreSQL here.
    verificationToken: async () => {
      for (let i = 0; i < 100; i++) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query("select bytes from blobs where key like 'outbox/%verify-email.eml'");
          const token = rows.length > 0 ? tokenIn(Buffer.from(rows[0].bytes).toString("utf8")) : undefined;
          if (token) return token;
        } finally {
          await client.end();
        }
        await sleep(50);
      }
      throw new Error("no verification email in the outbox");
    },
    // The PostgreSQL backends serving this database (their CPU time counts with the server's).
    pids: async () => (await admin(`select pid from pg_stat_activity where datname = '${name}'`)).rows.map((r) => r.pid),
    close: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      const redis = new Redis(redisUrl);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** CPU time (user + system, ms) each of `pids` has used so far, from /proc; absent processes are left out. */
export async function cpuMs(pids) {
  const out = new Map();
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks (100 per second).
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // Gone.
    }
  }
  return out;
}

const tokenIn = (raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=").match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];

async function fsVerificationToken(dataDir) {
  for (let i = 0; i < 100; i++) {
    const files = await readdir(join(dataDir, "outbox")).catch(() => []);
    const file = files.find((f) => f.endsWith("verify-email.eml"));
    if (file) {
      const token = tokenIn(await readFile(join(dataDir, "outbox", file), "utf8"));
      if (token) return token;
    }
    await sleep(50);
  }
  throw new Error("no verification email in the outbox");
}
