// A tiny in-process S3 on loopback, path-style, for the S3 blob store's tests: PutObject, GetObject,
// DeleteObject and ListObjectsV2 (paged), with S3's error shape. Signatures are not checked.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running fake. */
export interface FakeS3 {
  readonly endpoint: string;
  /** Objects by `bucket/key`. */
  readonly objects: Map<string, Buffer>;
  /** Request lines seen (`METHOD /path`), to check what the client did. */
  readonly requests: string[];
  close(): Promise<void>;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function send(res: ServerResponse, status: number, body = "", type = "application/xml"): void {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fake on a free loopback port; `pageSize` makes listings page early. */
export async function startFakeS3(pageSize = 1000): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const [, bucket = "", ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      requests.push(`${req.method} ${url.pathname}`);
      const id = `${bucket}/${key}`;
      if (req.method === "PUT" && key !== "") {
        // A streamed body (the store's putFile) comes as aws-chunked with a trailing checksum, as real S3 accepts it.
        const body = await bodyOf(req);
        objects.set(id, String(req.headers["content-encoding"] ?? "").includes("aws-chunked") ? awsUnchunked(body) : body);
        res.writeHead(200, { ETag: '"fake"' }).end();
      } else if (req.method === "HEAD" && key !== "") {
        const found = objects.get(id);
        if (found === undefined) res.writeHead(404).end();
        else res.writeHead(200, { "Content-Length": String(found.length), "Content-Type": "application/octet-stream" }).end();
      } else if (req.method === "GET" && key !== "") {
        const found = objects.get(id);
        // One range (`bytes=a-b`), as the S3 store's streams ask.
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
        if (found === undefined) send(res, 404, `<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${xml(key)}</Key></Error>`);
        else if (range !== null) {
          const part = found.subarray(Number(range[1]), Math.min(Number(range[2]), found.length - 1) + 1);
          res.writeHead(206, { "Content-Length": String(part.length), "Content-Range": `bytes ${range[1]}-${Number(range[1]) + part.length - 1}/${found.length}`, "Content-Type": "application/octet-stream" }).end(part);
        } else send(res, 200, found as unknown as string, "application/octet-stream");
      } else if (req.method === "DELETE" && key !== "") {
        objects.delete(id);
        res.writeHead(204).end();
      } else if (req.method === "GET" && url.searchParams.get("list-type") === "2") {
        const prefix = `${bucket}/${url.searchParams.get("prefix") ?? ""}`;
        const after = url.searchParams.get("continuation-token") ?? "";
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, pageSize);
        const truncated = keys.length > page.length;
        const contents = page.map((k) => `<Contents><Key>${xml(k.slice(bucket.length + 1))}</Key><Size>${objects.get(k)?.length ?? 0}</Size></Contents>`).join("");
        send(res, 200, `<?xml version="1.0"?><ListBucketResult><Name>${xml(bucket)}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xml(page.at(-1) ?? "")}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`);
      } else {
        send(res, 400, `<?xml version="1.0"?><Error><Code>NotImplemented</Code><Message>fake S3</Message></Error>`);
      }
    })().catch(() => send(res, 500));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, objects, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The payload of an aws-chunked body (`<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n` then trailers). */
function awsUnchunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = parseInt(body.subarray(at, lineEnd).toString("latin1").split(";")[0]!, 16);
    if (!(size > 0)) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
