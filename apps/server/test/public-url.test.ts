// PUBLIC_URL and the announced address (issue 31, item 5): with PUBLIC_URL unset, the links in emails and the
// address the server prints at start-up are the same origin (a session made on one is not sent to the
// other); start-up warns when PUBLIC_URL is unset and the server listens beyond loopback; links never come
// from the request's Host header.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/log.js";
import { startServer } from "../src/main.js";
import { announceListening, isLoopbackAddress, localUrl, publicUrlWarning } from "../src/public-url.js";
import { uniqueEmail } from "./helpers/harness.js";
import { startSmtpCatcher } from "./helpers/smtp.js";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  assert.ok(address !== null && typeof address !== "string");
  return address.port;
}

describe("PUBLIC_URL and the announced address", () => {
  test("the default is the address the server announces; a LAN address is its own default", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-public-url-"));
    try {
      const plain = await loadConfig({ DATA_DIR: dir });
      assert.equal(plain.publicUrl, "http://localhost:8080");
      assert.equal(plain.publicUrlFromEnv, false);
      assert.equal(plain.publicUrl, localUrl(plain.host, plain.port));
      assert.equal((await loadConfig({ DATA_DIR: dir, HOST: "0.0.0.0", PORT: "9000" })).publicUrl, "http://localhost:9000");
      assert.equal((await loadConfig({ DATA_DIR: dir, HOST: "192.168.1.20", PORT: "9000" })).publicUrl, "http://192.168.1.20:9000");
      assert.equal((await loadConfig({ DATA_DIR: dir, HOST: "fd00::5", PORT: "9000" })).publicUrl, "http://[fd00::5]:9000");
      const set = await loadConfig({ DATA_DIR: dir, HOST: "0.0.0.0", PUBLIC_URL: "https://docs.example.com/" });
      assert.equal(set.publicUrl, "https://docs.example.com");
      assert.equal(set.publicUrlFromEnv, true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a warning when PUBLIC_URL is unset and the server listens beyond loopback, none otherwise", () => {
    for (const host of ["127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2"]) {
      assert.ok(isLoopbackAddress(host), host);
      assert.equal(publicUrlWarning({ host, publicUrl: localUrl(host, 8080), publicUrlFromEnv: false }), undefined, host);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.7"]) {
      assert.ok(!isLoopbackAddress(host), host);
      assert.match(publicUrlWarning({ host, publicUrl: localUrl(host, 8080), publicUrlFromEnv: false }) ?? "", /PUBLIC_URL is unset.*links in emails/, host);
      assert.equal(publicUrlWarning({ host, publicUrl: "https://docs.example.com", publicUrlFromEnv: true }), undefined, host);
    }
  });

  test("start-up on every interface without PUBLIC_URL logs the warning after the listening line (not bound here: tests stay on loopback)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-public-url-"));
    try {
      const lines: string[] = [];
      const config = await loadConfig({ DATA_DIR: dir, HOST: "0.0.0.0", PORT: "8080" });
      announceListening(createLogger("info", (l) => lines.push(l)), config, 8080, {});
      const logged = lines.map((l) => JSON.parse(l) as { level: string; msg: string; url?: string; listen?: string });
      assert.deepEqual(logged.map((l) => l.level), ["info", "warn"]);
      assert.equal(logged[0]?.url, "http://localhost:8080");
      assert.equal(logged[0]?.listen, "http://0.0.0.0:8080");
      assert.match(logged[1]?.msg ?? "", /^PUBLIC_URL is unset/);
      const quiet: string[] = [];
      announceListening(createLogger("info", (l) => quiet.push(l)), await loadConfig({ DATA_DIR: dir, HOST: "0.0.0.0", PUBLIC_URL: "https://docs.example.com" }), 8080, {});
      assert.equal(quiet.length, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("start-up announces the address the emailed links use; a forged Host header changes no link", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-public-url-"));
    const smtp = await startSmtpCatcher();
    const lines: string[] = [];
    const port = await freePort();
    const config = await loadConfig({ DATA_DIR: dir, HOST: "127.0.0.1", PORT: String(port), SMTP_URL: smtp.url });
    const server = await startServer(config, { log: createLogger("info", (l) => lines.push(l)) });
    try {
      const logged = lines.map((l) => JSON.parse(l) as { level: string; msg: string; url?: string });
      const listening = logged.find((l) => l.msg === "listening");
      assert.equal(listening?.url, `http://localhost:${port}`);
      assert.equal(listening?.url, config.publicUrl);
      assert.deepEqual(logged.filter((l) => l.level === "warn"), []);

      const email = uniqueEmail("host-header");
      // node:http, not fetch: fetch replaces a Host header with the URL's.
      const status = await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email, password: "correct horse battery" });
        const req = request({ host: "127.0.0.1", port, path: "/api/auth/signup", method: "POST", headers: { "Content-Type": "application/json", Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(body);
      });
      assert.equal(status, 200);
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      assert.ok(mail.text.includes(`http://localhost:${port}/verify-email?token=`), mail.text);
      assert.ok(!mail.text.includes("evil.example"));
    } finally {
      await server.close();
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
