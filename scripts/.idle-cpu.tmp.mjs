import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMs, openBackend } from "./bench-backend.mjs";
import { freePort, startServer, sleep } from "./bench-lib.mjs";
for (const kind of ["sqlite", "pg"]) {
  const dataDir = await mkdtemp(join(tmpdir(), "idle-"));
  const port = await freePort();
  const backend = await openBackend(kind);
  const server = await startServer(dataDir, port, backend.env);
  await sleep(5000);
  const before = await cpuMs([server.pid]);
  await sleep(20000);
  const after = await cpuMs([server.pid]);
  console.log(kind, "idle server CPU ms per s:", ((after.get(server.pid) - before.get(server.pid)) / 20).toFixed(1));
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await rm(dataDir, { recursive: true, force: true });
  await backend.close();
}
