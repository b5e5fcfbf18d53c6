// What the benchmark scripts share: the built server on a free loopback port, JSON calls, the signed-up
// account's verification link, process RSS, percentiles, the machine line and BENCHMARKS.md's sections.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = docsvcBin(root);

/** The `docsvc` command of a checkout as its package.json's bin names it (the production bundle once built). */
export function docsvcBin(checkout) {
  const { bin } = JSON.parse(readFileSync(join(checkout, "apps/server/package.json"), "utf8"));
  return join(checkout, "apps/server", bin.docsvc);
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * The Node flags `pnpm start` gives the server (read off the root package.json's start script, so the benchmarks
 * run the server the way its README and deploy/compose.yaml do: `node --max-semi-space-size=4 … serve`).
 */
export function serveNodeFlags(checkout) {
  const { scripts } = JSON.parse(readFileSync(join(checkout, "package.json"), "utf8"));
  return /\bnode((?: --[\w-]+(?:=\S+)?)*) /.exec(scripts.start)?.[1].trim().split(" ").filter(Boolean) ?? [];
}

/** Starts the built `docsvc serve` on 127.0.0.1:`port` with its own DATA_DIR; resolves once /health answers. */
export async function startServer(dataDir, port, env = {}) {
  const child = spawn(process.execPath, [...serveNodeFlags(root), cli, "serve"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SMTP_URL: "", LOG_LEVEL: process.env.LOG_LEVEL ?? "info", ...env },
    // The access log is written (it is part of the measured work) but not kept.
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return child;
    await sleep(50);
  }
  child.kill();
  throw new Error("server did not start within 20 s");
}

/** A call with a JSON body; answers parsed JSON, or the raw bytes (PDF, ZIP); throws on a non-2xx answer. */
export async function call(base, method, path, { token, apiKey, body } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (apiKey) headers["X-Api-Key"] = apiKey;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
  return res.headers.get("Content-Type")?.includes("json") ? JSON.parse(Buffer.from(bytes).toString()) : bytes;
}

/** The token of the verification email the server wrote to DATA_DIR/outbox (mail is unset in benchmarks). */
export async function verificationToken(dataDir) {
  for (let i = 0; i < 100; i++) {
    const files = await readdir(join(dataDir, "outbox")).catch(() => []);
    const file = files.find((f) => f.endsWith("verify-email.eml"));
    if (file) {
      const raw = (await readFile(join(dataDir, "outbox", file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const match = raw.match(/verify-email\?token=([A-Za-z0-9_-]+)/);
      if (match) return match[1];
    }
    await sleep(50);
  }
  throw new Error("no verification email in the outbox");
}

/**
 * Signs up an admin account (ADMIN_EMAILS must name it), verifies it and lifts its workspace to `plan`;
 * `readToken` finds the verification mail (elsewhere than DATA_DIR/outbox when blobs live in a database).
 */
export async function adminAccount(base, dataDir, email, password, plan = "enterprise", readToken = verificationToken) {
  const signup = await call(base, "POST", "/api/auth/signup", { body: { email, password } });
  await call(base, "POST", "/api/auth/verify-email", { body: { token: await readToken(dataDir) } });
  await call(base, "POST", `/api/admin/workspaces/${signup.workspace.id}/plan`, { token: signup.accessToken, body: { plan } });
  return signup;
}

/** Resident set size of a process in MB, from /proc (NaN when it is gone). */
export async function rssMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** The median of `values` (any order). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One line describing the machine a benchmark ran on. */
export function machineLine() {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${release()}, Node ${process.version}; CPU calibration ${calibrationMs().toFixed(0)} ms`;
}

let calibration;
/**
 * The best of three runs of a fixed integer loop, in ms: machines of the same name here have differed by 3× in
 * speed between sessions (shared hosts), so each section states how fast its machine was and figures from two
 * sections are compared through it. Lower is faster.
 */
export function calibrationMs() {
  if (calibration !== undefined) return calibration;
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    let sum = 0;
    for (let i = 0; i < 50_000_000; i++) sum = (sum + (i % 7)) | 0;
    if (sum === -1) console.log(sum); // keeps the loop from being optimised away
    best = Math.min(best, performance.now() - t0);
  }
  calibration = best;
  return best;
}

/** Writes `body` between `<!-- marker:start -->` and `<!-- marker:end -->` of BENCHMARKS.md, leaving other sections alone. */
export async function replaceSection(marker, body) {
  const file = join(root, "BENCHMARKS.md");
  let text = "";
  try {
    text = await readFile(file, "utf8");
  } catch {
    text = "# Benchmarks\n\nEach section is written by its script: `pnpm bench`, `pnpm bench:http`, `pnpm bench:batch`, `pnpm bench:collab`.\n";
  }
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`;
  await writeFile(file, text);
}

/**
 * A hidden line carrying a section's key figures as JSON, so the lean-engine table can be rebuilt from whatever
 * sections were last measured without parsing their prose.
 */
export const figuresLine = (marker, figures) => `<!-- figures:${marker} ${JSON.stringify(figures)} -->`;

/** The figures a section last recorded with `figuresLine`, or undefined when it has none yet. */
export async function readFigures(marker) {
  const text = await readFile(join(root, "BENCHMARKS.md"), "utf8").catch(() => "");
  const match = text.match(new RegExp(`<!-- figures:${marker} (\\{.*?\\}) -->`));
  return match ? JSON.parse(match[1]) : undefined;
}
