// BLOB_STORE and S3_*: which blob store the service uses, read once at start-up.
import type { S3Options } from "./s3-store.js";

/** The configured blob store. */
export type BlobConfig = { readonly kind: "fs" } | { readonly kind: "database" } | ({ readonly kind: "s3" } & S3Options);

type Env = Readonly<Record<string, string | undefined>>;

/** A value that cannot be used (config.ts reports it as a ConfigError). */
export class BlobConfigError extends Error {}

const set = (v: string | undefined): string | undefined => (v?.trim() ? v.trim() : undefined);

/**
 * BLOB_STORE=fs|database|s3; unset, it is s3 when S3_BUCKET is set, database with DATABASE_URL (instances
 * then share files without a shared disk), else fs (DATA_DIR).
 */
export function parseBlobConfig(env: Env): BlobConfig {
  const explicit = set(env.BLOB_STORE)?.toLowerCase();
  const kind = explicit ?? (set(env.S3_BUCKET) !== undefined ? "s3" : set(env.DATABASE_URL) !== undefined ? "database" : "fs");
  if (kind === "fs" || kind === "database") return { kind };
  if (kind !== "s3") throw new BlobConfigError(`BLOB_STORE must be fs, database or s3; got '${explicit}'.`);
  const bucket = set(env.S3_BUCKET);
  if (bucket === undefined) throw new BlobConfigError("S3_BUCKET is required when BLOB_STORE=s3.");
  const accessKeyId = set(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = set(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new BlobConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's default credentials.");
  }
  const endpoint = set(env.S3_ENDPOINT);
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) throw new BlobConfigError(`S3_ENDPOINT must start with http:// or https://, got '${endpoint}'.`);
  return { kind: "s3", bucket, region: set(env.S3_REGION) ?? "us-east-1", endpoint, accessKeyId, secretAccessKey, prefix: set(env.S3_PREFIX) };
}
