// A throwaway PostgreSQL database per test: created on the server at DOCSVC_TEST_POSTGRES_URL (default: the
// local server, user postgres) and dropped afterwards. Tests skip with a clear message when none answers
// (a failure under CI=true, where .ci/run checks it is up).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { skipUnlessCi } from "./ci.js";

/** The maintenance connection tests create their databases through. */
export const POSTGRES_ADMIN_URL = process.env["DOCSVC_TEST_POSTGRES_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A database of one's own. */
export interface TestPostgres {
  /** postgres://… of the new database. */
  readonly url: string;
  readonly name: string;
  /** Drops the database (closing whatever connections are left). */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL tests cannot run here, or undefined when the server answers (under CI=true it throws instead). */
export async function postgresUnavailable(): Promise<string | undefined> {
  try {
    await admin((c) => c.query("select 1"));
    return undefined;
  } catch (err) {
    return skipUnlessCi(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${err instanceof Error ? err.message : String(err)}); set DOCSVC_TEST_POSTGRES_URL`);
  }
}

/** Creates `docsvc_test_<random>` and returns its URL. */
export async function createTestPostgres(): Promise<TestPostgres> {
  const name = `docsvc_test_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
