// `pnpm bench:cold`: cold start in fresh processes. Three figures, each over several runs (median, min, max):
//  1. in-process: import @docsvc/pdf + read the fixtures + the first invoice-20 render, timed from the script's
//     first line (Node's own start-up, before any of our code runs, is excluded and reported apart);
//  2. `docsvc render invoice.template.json invoice-20.data.json` as a user runs it: wall time from spawn to exit;
//  3. `docsvc serve`: wall time from spawn to the first 200 on /health.
// Writes the "Cold start" section of BENCHMARKS.md (BENCH_COLD_WRITE=0 only prints).
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import { docsvcBin, figuresLine, serveNodeFlags, freePort, machineLine, replaceSection, root, sleep } from "./bench-lib.mjs";
import { writeLeanTable } from "./bench-lean-table.mjs";

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
// BENCH_BASELINE=<another checkout, built>: the same measures of that build, interleaved, in a "before" column.
const BASELINE = process.env.BENCH_BASELINE;
const builds = { after: root, ...(BASELINE ? { before: BASELINE } : {}) };
const template = join(root, "fixtures/invoice.template.json");
const data = join(root, "fixtures/invoice-20.data.json");
const GOALS = { inProcess: 250, cli: 450, health: 500 };

// Runs in a fresh `node`: performance.now() at the first line is how long Node took before our code ran.
const inProcessScript = (pdfEntry) => `
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

function run(args, { stdout = "pipe", env, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", stdout, "pipe"], env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    child.stdout?.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => {
      const wallMs = performance.now() - t0;
      if (code === 0) resolve({ out, err, wallMs });
      else reject(new Error(`node ${args.join(" ").slice(0, 80)} exited ${code}: ${err.slice(0, 500)}`));
    });
  });
}

// "@docsvc/pdf" imported by name from apps/server (a package that depends on it), as an embedder imports it:
// the package's exports pick the file (the production bundle once built; dist/src in an older checkout).
async function inProcess(build) {
  const { out, wallMs } = await run(["--input-type=module", "-e", inProcessScript("@docsvc/pdf")], { cwd: join(build, "apps/server") });
  return { ...JSON.parse(out), wallMs };
}

// Preloaded into `docsvc render`: prints the process's CPU time (all threads) as it exits.
const CPU_AT_EXIT = 'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("cpuMs "+(u.user+u.system)/1000+"\\n")})';

async function cliRender(build, dir) {
  const output = join(dir, "out.pdf");
  const { err, wallMs } = await run(["--import", CPU_AT_EXIT, docsvcBin(build), "render", template, data, "-o", output, "--now", "2026-11-21T12:00:00Z"]);
  return { wallMs, cpuMs: Number(/cpuMs ([\d.]+)/.exec(err)?.[1]) };
}

// CPU time (user + system, all threads) of a running process so far, from /proc (Linux; NaN elsewhere).
async function processCpuMs(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100) ticks
  } catch {
    return NaN;
  }
}

async function serverHealth(build, dir, n) {
  const port = await freePort();
  const dataDir = join(dir, `server-${n}`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serveNodeFlags(build), docsvcBin(build), "serve"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SMTP_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - t0 > 20_000) throw new Error("no /health within 20 s");
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
      if (ok) return { wallMs: performance.now() - t0, cpuMs: await processCpuMs(child.pid) };
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
  const results = Object.fromEntries(Object.keys(builds).map((name) => [name, { cold: [], cli: [], cliCpu: [], health: [], healthCpu: [] }]));
  try {
    // Interleaved (and, with a baseline, alternating builds), so a busy moment of the machine spreads over the
    // measures instead of hitting one.
    for (let i = 0; i < RUNS; i++) {
      bare.push((await run(["-e", "0"])).wallMs);
      for (const [name, build] of Object.entries(builds)) {
        const r = results[name];
        r.cold.push(await inProcess(build));
        const cli = await cliRender(build, dir);
        r.cli.push(cli.wallMs);
        r.cliCpu.push(cli.cpuMs);
        const health = await serverHealth(build, dir, `${name}-${i}`);
        r.health.push(health.wallMs);
        r.healthCpu.push(health.cpuMs);
        const c = r.cold.at(-1);
        console.log(`${name} run ${i + 1}: import ${c.importMs.toFixed(0)} + setup ${c.setupMs.toFixed(0)} + first render ${c.renderMs.toFixed(0)} = ${c.totalMs.toFixed(0)} ms (cpu ${c.cpuMs.toFixed(0)}, node start ${c.nodeStart.toFixed(0)} ms), docsvc render ${r.cli.at(-1).toFixed(0)} ms (cpu ${r.cliCpu.at(-1).toFixed(0)}), /health ${r.health.at(-1).toFixed(0)} ms (cpu ${r.healthCpu.at(-1).toFixed(0)})`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const load1 = loadavg()[0];
  const cells = (pick, goal) => {
    const after = stats(pick(results.after));
    const before = results.before ? `${fmt(stats(pick(results.before)))} | ` : "";
    return `${before}${fmt(after)} | ${goal === undefined ? "—" : verdict(after.median, goal)}`;
  };
  const values = (key) => (r) => r.cold.map((c) => c[key]);
  const header = results.before ? `| measure | before (${BASELINE}) | now | goal |\n|---|---|---|---|` : "| measure | result | goal |\n|---|---|---|";
  const rss = (r) => `${stats(r.cold.map((c) => c.maxRssMb)).median.toFixed(0)} MiB`;
  const body = `
## Cold start (\`pnpm bench:cold\`)

Machine: ${machineLine()}.
Run on ${new Date().toISOString().slice(0, 10)}: ${RUNS} fresh processes per measure${results.before ? " and build" : ""}, interleaved; median (min–max). Load average (1 min) ${load0.toFixed(2)} before and ${load1.toFixed(2)} after (above ~2.5 on these cores means other work shared the machine, and wall times stretch with it; the CPU line is steadier).
"In-process" is timed from the first line of the script: Node's own start-up (${fmt(stats(results.after.cold.map((c) => c.nodeStart)))} before our first line; a bare \`node -e 0\` takes ${fmt(stats(bare))} from spawn to exit) is not counted. \`docsvc render\` and \`/health\` are wall times from spawn, Node's start included.

${header}
| in-process: import \`@docsvc/pdf\` | ${cells(values("importMs"))} |
| in-process: read the fixtures | ${cells(values("setupMs"))} |
| in-process: first invoice-20 render (fonts loaded on the way) | ${cells(values("renderMs"))} |
| in-process: import + setup + first render | ${cells(values("totalMs"), GOALS.inProcess)} |
| CPU time of that process, Node's start included | ${cells(values("cpuMs"))} |
| peak RSS of that process | ${results.before ? `${rss(results.before)} | ` : ""}${rss(results.after)} | — |
| \`docsvc render invoice.template.json invoice-20.data.json -o out.pdf\` | ${cells((r) => r.cli, GOALS.cli)} |
| CPU time of that process | ${cells((r) => r.cliCpu)} |
| \`docsvc serve\` spawn → first 200 on \`/health\` | ${cells((r) => r.health, GOALS.health)} |
| CPU time of the server up to that answer (/proc, 10 ms ticks) | ${cells((r) => r.healthCpu)} |
`;
  console.log(body);
  if (process.env.BENCH_COLD_WRITE !== "0") {
    const after = results.after;
    const med = (xs) => stats(xs).median;
    const figures = figuresLine("cold", {
      date: new Date().toISOString().slice(0, 10),
      importMs: med(after.cold.map((c) => c.importMs)),
      setupMs: med(after.cold.map((c) => c.setupMs)),
      renderMs: med(after.cold.map((c) => c.renderMs)),
      inProcessMs: med(after.cold.map((c) => c.totalMs)),
      cliMs: med(after.cli),
      healthMs: med(after.health),
    });
    await replaceSection("cold", `${body}\n${figures}`);
    await writeLeanTable();
    console.log("BENCHMARKS.md updated");
  }
}

await main();
