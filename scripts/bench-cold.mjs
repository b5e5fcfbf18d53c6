// `pnpm bench:cold`: cold start in fresh processes. Three figures, each over several runs (median, min, max):
//  1. in-process: import @docsvc/pdf + read the fixtures + the first invoice-20 render, timed from the script's
//     first line (Node's own start-up, before any of our code runs, is excluded and reported apart);
//  2. `docsvc render invoice.template.json invoice-20.data.json` as a user runs it: wall time from spawn to exit;
//  3. `docsvc serve`: wall time from spawn to the first 200 on /health.
// Writes the "Cold start" section of BENCHMARKS.md (BENCH_COLD_WRITE=0 only prints).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import { freePort, machineLine, replaceSection, root, sleep } from "./bench-lib.mjs";

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const cli = join(root, "apps/server/dist/src/cli.js");
const pdfEntry = join(root, "packages/pdf/dist/src/index.js");
const template = join(root, "fixtures/invoice.template.json");
const data = join(root, "fixtures/invoice-20.data.json");
const GOALS = { inProcess: 250, cli: 450, health: 500 };

// Runs in a fresh `node`: performance.now() at the first line is how long Node took before our code ran.
const inProcessScript = `
const start = performance.now();
const { renderPdf } = await import(${JSON.stringify(pdfEntry)});
const imported = performance.now();
const { readFile } = await import("node:fs/promises");
const template = await readFile(${JSON.stringify(template)}, "utf8");
const data = JSON.parse(await readFile(${JSON.stringify(data)}, "utf8"));
const ready = performance.now();
const pdf = await renderPdf(template, data);
const done = performance.now();
if (pdf.length < 1000) throw new Error("no PDF");
console.log(JSON.stringify({ nodeStart: start, importMs: imported - start, setupMs: ready - imported, renderMs: done - ready, totalMs: done - start, cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
`;

function run(args, { stdout = "pipe", env } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", stdout, "pipe"], env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout?.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => {
      const wallMs = performance.now() - t0;
      if (code === 0) resolve({ out, wallMs });
      else reject(new Error(`node ${args.join(" ").slice(0, 80)} exited ${code}: ${err.slice(0, 500)}`));
    });
  });
}

async function inProcess() {
  const { out, wallMs } = await run(["--input-type=module", "-e", inProcessScript]);
  return { ...JSON.parse(out), wallMs };
}

async function cliRender(dir) {
  const output = join(dir, "out.pdf");
  const { wallMs } = await run([cli, "render", template, data, "-o", output, "--now", "2026-11-21T12:00:00Z"]);
  return { wallMs };
}

async function serverHealth(dir, n) {
  const port = await freePort();
  const dataDir = join(dir, `server-${n}`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, "serve"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SMTP_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - t0 > 20_000) throw new Error("no /health within 20 s");
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
      if (ok) return { wallMs: performance.now() - t0 };
      await sleep(2);
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
};
const fmt = ({ median, min, max }) => `${median.toFixed(0)} ms (${min.toFixed(0)}–${max.toFixed(0)})`;
const verdict = (median, goal) => `≤ ${goal} ms — ${median <= goal ? "met" : "missed"}`;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-bench-cold-"));
  const load0 = loadavg()[0];
  const bare = [];
  const cold = [];
  const clis = [];
  const health = [];
  try {
    // Interleaved, so a busy moment of the machine spreads over the three measures instead of hitting one.
    for (let i = 0; i < RUNS; i++) {
      bare.push((await run(["-e", "0"])).wallMs);
      cold.push(await inProcess());
      clis.push((await cliRender(dir)).wallMs);
      health.push((await serverHealth(dir, i)).wallMs);
      const c = cold.at(-1);
      console.log(`run ${i + 1}: import ${c.importMs.toFixed(0)} + setup ${c.setupMs.toFixed(0)} + first render ${c.renderMs.toFixed(0)} = ${c.totalMs.toFixed(0)} ms (node start ${c.nodeStart.toFixed(0)} ms), docsvc render ${clis.at(-1).toFixed(0)} ms, /health ${health.at(-1).toFixed(0)} ms`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const load1 = loadavg()[0];
  const total = stats(cold.map((c) => c.totalMs));
  const cliStats = stats(clis);
  const healthStats = stats(health);
  const body = `
## Cold start (\`pnpm bench:cold\`)

Machine: ${machineLine()}.
Run on ${new Date().toISOString().slice(0, 10)}: ${RUNS} fresh processes per measure, interleaved; median (min–max). Load average (1 min) ${load0.toFixed(2)} before and ${load1.toFixed(2)} after (above ~2.5 on these cores means other work shared the machine).
"In-process" is timed from the first line of the script: Node's own start-up (${fmt(stats(cold.map((c) => c.nodeStart)))} before our first line; a bare \`node -e 0\` takes ${fmt(stats(bare))} from spawn to exit) is not counted. \`docsvc render\` and \`/health\` are wall times from spawn, Node's start included.

| measure | result | goal |
|---|---|---|
| in-process: import \`@docsvc/pdf\` | ${fmt(stats(cold.map((c) => c.importMs)))} | — |
| in-process: read the fixtures | ${fmt(stats(cold.map((c) => c.setupMs)))} | — |
| in-process: first invoice-20 render (fonts loaded on the way) | ${fmt(stats(cold.map((c) => c.renderMs)))} | — |
| in-process: import + setup + first render | ${fmt(total)} | ${verdict(total.median, GOALS.inProcess)} |
| CPU time of that process, Node's start included (less sensitive to a busy machine than wall time) | ${fmt(stats(cold.map((c) => c.cpuMs)))} | — |
| peak RSS of that process | ${stats(cold.map((c) => c.maxRssMb)).median.toFixed(0)} MiB | — |
| \`docsvc render invoice.template.json invoice-20.data.json -o out.pdf\` | ${fmt(cliStats)} | ${verdict(cliStats.median, GOALS.cli)} |
| \`docsvc serve\` spawn → first 200 on \`/health\` | ${fmt(healthStats)} | ${verdict(healthStats.median, GOALS.health)} |
`;
  console.log(body);
  if (process.env.BENCH_COLD_WRITE !== "0") {
    await replaceSection("cold", body);
    console.log("BENCHMARKS.md updated");
  }
}

await main();
