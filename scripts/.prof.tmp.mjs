// Profiles the server's main thread over N renders on one backend (argv[2]); prints self time by package.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openBackend, cpuMs } from "./bench-backend.mjs";
import { adminAccount, call, freePort, root, startServer } from "./bench-lib.mjs";
const kind = process.argv[2];
const n = Number(process.argv[3] ?? 1500);
const profDir = await mkdtemp(join(tmpdir(), `prof-${kind}-`));
const dataDir = await mkdtemp(join(tmpdir(), "prof-data-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const backend = await openBackend(kind);
const server = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profDir}`, join(root, "apps/server/dist/src/cli.js"), "serve"], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SMTP_URL: "", LOG_LEVEL: "info", ADMIN_EMAILS: "b@example.test", ...backend.env },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let i = 0; i < 400; i++) {
  if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 50));
}
const session = await adminAccount(base, dataDir, "b@example.test", "bench password", "enterprise", backend.verificationToken);
const { key } = await call(base, "POST", "/api/api-keys", { token: session.accessToken, body: { name: "bench" } });
const content = await readFile(join(root, "fixtures/invoice.template.json"), "utf8");
const template = await call(base, "POST", "/api/templates", { token: session.accessToken, body: { name: "Invoice", content } });
const data = JSON.parse(await readFile(join(root, "fixtures/invoice-20.data.json"), "utf8"));
const path = `/api/templates/${template.id}/render`;
for (let i = 0; i < 200; i += 4) await Promise.all([0, 1, 2, 3].map(() => call(base, "POST", path, { apiKey: key, body: { data } })));
const before = await cpuMs([server.pid]);
for (let i = 0; i < n; i += 4) await Promise.all([0, 1, 2, 3].map(() => call(base, "POST", path, { apiKey: key, body: { data } })));
const after = await cpuMs([server.pid]);
console.log(kind, "server CPU ms/render", ((after.get(server.pid) - before.get(server.pid)) / n).toFixed(2));
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
await backend.close();
await rm(dataDir, { recursive: true, force: true });
console.log(profDir, await readdir(profDir));
