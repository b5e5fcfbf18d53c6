// CERTIFICATE_KEY and TSA_URL as start-up reads them: optional, and a wrong value stops start-up naming the variable.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.js";

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function config(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), "docsvc-sign-config-"));
  dirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, ...env });
}

describe("signing configuration", () => {
  it("unset: no certificate key and no TSA (signing answers 503 when used)", async () => {
    const c = await config({});
    assert.equal(c.certificateKey, undefined);
    assert.equal(c.tsa, undefined);
  });

  it("CERTIFICATE_KEY as 64 hex digits or base64 gives the same 32 bytes", async () => {
    const key = randomBytes(32);
    assert.deepEqual(Buffer.from((await config({ CERTIFICATE_KEY: key.toString("hex") })).certificateKey!), key);
    assert.deepEqual(Buffer.from((await config({ CERTIFICATE_KEY: key.toString("base64") })).certificateKey!), key);
  });

  it("a CERTIFICATE_KEY of another length, or a TSA_URL that is not http(s), stops start-up naming the variable", async () => {
    await assert.rejects(config({ CERTIFICATE_KEY: "too short" }), (e: unknown) => e instanceof ConfigError && /^CERTIFICATE_KEY must be 32 random bytes/.test(e.message));
    await assert.rejects(config({ CERTIFICATE_KEY: randomBytes(16).toString("hex") }), ConfigError);
    await assert.rejects(config({ TSA_URL: "ftp://tsa.example" }), (e: unknown) => e instanceof ConfigError && /TSA_URL must be an http/.test(e.message));
    await assert.rejects(config({ TSA_URL: "https://tsa.example", TSA_TIMEOUT_MS: "soon" }), (e: unknown) => e instanceof ConfigError && /TSA_TIMEOUT_MS/.test(e.message));
  });

  it("TSA_URL with its timeout (default 10 s)", async () => {
    assert.deepEqual((await config({ TSA_URL: "http://127.0.0.1:3180/tsa" })).tsa, { url: "http://127.0.0.1:3180/tsa", timeoutMs: 10_000 });
    assert.equal((await config({ TSA_URL: "https://tsa.example/", TSA_TIMEOUT_MS: "2500" })).tsa?.timeoutMs, 2500);
  });
});
