// A real Caddy (Debian's /usr/bin/caddy) as the reverse proxy in front of a test server: a Caddyfile in a temp
// directory, a free loopback port, no admin endpoint, no automatic HTTPS. Caddy sets X-Forwarded-For to the
// client's TCP address (and -Proto, -Host), replacing what an untrusted client sent.
import { spawn, type ChildProcess } from "node:child_process";
import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { skipUnlessCi } from "./ci.js";

const CADDY = "/usr/bin/caddy";

/** Why Caddy tests cannot run here, or undefined (under CI=true a missing Caddy throws instead). */
export async function caddyUnavailable(): Promise<string | undefined> {
  try {
    await access(CADDY);
    return undefined;
  } catch {
    return skipUnlessCi(`${CADDY} is not installed (Debian package caddy)`);
  }
}

/** A free loopback port (closed again before Caddy binds it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A running Caddy. */
export interface Caddy {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts Caddy on a free port of 127.0.0.1, proxying to `upstream` (http://127.0.0.1:PORT). */
export async function startCaddy(upstream: string): Promise<Caddy> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-caddy-"));
  const port = await freePort();
  const caddyfile = join(dir, "Caddyfile");
  await writeFile(
    caddyfile,
    `{
  admin off
  auto_https off
  storage file_system ${join(dir, "data")}
}
http://127.0.0.1:${port} {
  bind 127.0.0.1
  reverse_proxy ${new URL(upstream).host}
}
`,
  );
  const env = { PATH: process.env["PATH"] ?? "", HOME: dir, XDG_DATA_HOME: join(dir, "xdg-data"), XDG_CONFIG_HOME: join(dir, "xdg-config") };
  const child: ChildProcess = spawn(CADDY, ["run", "--config", caddyfile, "--adapter", "caddyfile"], { env, stdio: ["ignore", "ignore", "pipe"] });
  const output: string[] = [];
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited:\n${output.join("")}`);
    // Any answer from Caddy (even the upstream's 404) means it listens.
    const ok = await fetch(`${url}/health`).then(() => true, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`caddy did not start:\n${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(force);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
