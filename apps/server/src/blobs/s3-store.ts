// Blobs in an S3-compatible bucket (AWS S3, MinIO, R2, …) through @aws-sdk/client-s3.
import type * as S3 from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { requireFromServer } from "../lazy-require.js";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";

// The AWS SDK (hundreds of modules) is loaded when an S3 store is opened, not with the server.
const s3 = (): typeof S3 => requireFromServer("@aws-sdk/client-s3") as typeof S3;
import { cachedLocalFile } from "./cached.js";
import { FsBlobStore } from "./fs-store.js";
import { checkKey, type BlobReader, type BlobStore } from "./store.js";

/** Where the bucket is and how to sign (S3_*). */
export interface S3Options {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible endpoint; addressed path-style (`endpoint/bucket/key`), which every such server accepts. */
  readonly endpoint?: string | undefined;
  /** Both or neither; neither uses the SDK's default chain (environment, instance role). */
  readonly accessKeyId?: string | undefined;
  readonly secretAccessKey?: string | undefined;
  /** Optional folder inside the bucket, so one bucket can serve several deployments. */
  readonly prefix?: string | undefined;
}

/** Blobs as objects; local copies for the render workers go under `cacheDir`. */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";
  readonly localFile: BlobStore["localFile"];
  private readonly client: S3Client;

  constructor(private readonly options: S3Options, cacheDir: string) {
    this.client = new (s3().S3Client)({
      region: options.region,
      ...(options.endpoint !== undefined ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId !== undefined && options.secretAccessKey !== undefined
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
    this.localFile = cachedLocalFile(new FsBlobStore(cacheDir), (key) => this.get(key));
  }

  /** A PUT is atomic on S3: readers see the old object, none, or the whole new one. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(new (s3().PutObjectCommand)({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
  }

  /** Streams the file up as the object's body (one PUT, up to S3's 5 GB), then removes it. */
  async putFile(key: string, path: string): Promise<void> {
    const { size } = await stat(path);
    await this.client.send(new (s3().PutObjectCommand)({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: createReadStream(path), ContentLength: size }));
    await rm(path, { force: true });
  }

  /** The object's bytes, or undefined when there is none. */
  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const out = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return out.Body === undefined ? new Uint8Array() : await out.Body.transformToByteArray();
    } catch (err) {
      if ((err as { name?: string }).name === "NoSuchKey") return undefined;
      throw err;
    }
  }

  /** The object's size (HEAD); each stream is one ranged GET, passed on as S3 sends it. */
  async open(key: string): Promise<BlobReader | undefined> {
    let size: number;
    try {
      const head = await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      size = head.ContentLength ?? 0;
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === "NotFound" || name === "NoSuchKey") return undefined;
      throw err;
    }
    const objectKey = this.objectKey(key);
    return {
      size,
      stream: (start, end) => {
        let body: ReadableStream<Uint8Array> | undefined;
        let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
        return new ReadableStream<Uint8Array>({
          pull: async (controller) => {
            if (reader === undefined) {
              const out = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.options.bucket, Key: objectKey, Range: `bytes=${start}-${end}` }));
              body = out.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined;
              if (body === undefined) return controller.close();
              reader = body.getReader();
            }
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          cancel: async (reason) => reader?.cancel(reason),
        }, { highWaterMark: 1 });
      },
    };
  }

  /** Lists the prefix page by page and deletes each object (DeleteObject works on every S3-compatible server). */
  async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new (s3().ListObjectsV2Command)({ Bucket: this.options.bucket, Prefix: this.objectKey(prefix), ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.options.bucket, Key: object.Key }));
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  /** Releases the HTTP agent. */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    checkKey(key);
    return this.options.prefix !== undefined ? `${this.options.prefix.replace(/\/+$/, "")}/${key}` : key;
  }
}
