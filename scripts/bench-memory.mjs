// `pnpm bench:memory`: peak memory of a steady invoice-20 render loop in a fresh process, on the main
// thread and with two worker threads, plus what the heap holds at the end. Writes the "Memory" section of
// BENCHMARKS.md (BENCH_MEMORY_WRITE=0 only prints). `pnpm bench` also reads the two peak figures from here.
//
// Peak RSS is the process's maxRSS (kernel high-water mark), so it includes Node itself, every thread and the
// native allocations of pdfkit/zlib, which is what a container limit sees.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { figuresLine, machineLine, replaceSection, root } from "./bench-lib.mjs";
import { writeLeanTable } from "./bench-lean-table.mjs";

// BENCH_ROOT measures another checkout's build (before/after comparisons); fixtures come from this one.
const pdfEntry = join(process.env.BENCH_ROOT ?? root, "packages/pdf/dist/src/index.js");
const NOW = new Date("2026-11-21T12:00:00Z");
const self = fileURLToPath(import.meta.url);
export const MEMORY_GOALS = { oneThreadMiB: 160, twoThreadsMiB: 220 };

async function invoice() {
  return {
    template: await readFile(join(root, "fixtures/invoice.template.json"), "utf8"),
    data: JSON.parse(await readFile(join(root, "fixtures/invoice-20.data.json"), "utf8")),
  };
}

// In a worker thread: `renders` renders, then the count.
async function workerLoop() {
  const { renderPdf } = await import(pdfEntry);
  const { template, data, renders } = workerData;
  for (let i = 0; i < renders; i++) await renderPdf(template, data, { now: NOW });
  parentPort.postMessage(renders);
}

// In the measured child process: the loop on this thread, or on `threads` workers; prints one JSON line.
async function child(threads, renders, youngMb) {
  const { template, data } = await invoice();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let count = 0;
  if (threads === 0) {
    const { renderPdf } = await import(pdfEntry);
    for (; count < renders; count++) await renderPdf(template, data, { now: NOW });
  } else {
    const workers = Array.from({ length: threads }, () => new Worker(self, { workerData: { template, data, renders }, ...(youngMb > 0 ? { resourceLimits: { maxYoungGenerationSizeMb: youngMb } } : {}) }));
    const counts = await Promise.all(workers.map((w) => new Promise((resolve, reject) => {
      w.once("message", resolve);
      w.once("error", reject);
    })));
    count = counts.reduce((a, b) => a + b, 0);
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const elapsed = (performance.now() - t0) / 1000;
  const heap = process.memoryUsage();
  const out = {
    renders: count,
    perSecond: count / elapsed,
    // CPU time of the whole process per render (all threads, GC included): steadier than renders/s on a busy machine.
    cpuMsPerRender: ((process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1000) / count,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    endRssMiB: heap.rss / 2 ** 20,
    heapUsedMiB: heap.heapUsed / 2 ** 20,
    heapTotalMiB: heap.heapTotal / 2 ** 20,
    externalMiB: heap.external / 2 ** 20,
    arrayBuffersMiB: heap.arrayBuffers / 2 ** 20,
  };
  if (threads === 0) {
    const { resourceCacheStats } = await import(pdfEntry);
    out.resourceCaches = resourceCacheStats();
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

/**
 * Peak RSS (MiB) and throughput of `renders` invoice-20 renders (per thread) in a fresh process: `threads` 0 = the
 * main thread. A count rather than a duration, so that a busy machine measures the same work.
 */
export function measureMemory({ threads, renders = 3000, nodeArgs = [], youngMb = 0, build = root }) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, BENCH_ROOT: build };
    const proc = spawn(process.execPath, [...nodeArgs, self, "--child", String(threads), String(renders), String(youngMb)], { stdio: ["ignore", "pipe", "inherit"], env });
    let out = "";
    proc.stdout.on("data", (c) => (out += c));
    proc.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`memory child exited ${code}`))));
  });
}

const mib = (v) => `${v.toFixed(0)} MiB`;
const verdict = (v, goal) => `≤ ${goal} MiB — ${v <= goal ? "met" : "missed"}`;

// The render pool's young-generation limit (apps/server/src/render/pool.ts), applied to the worker threads here.
const POOL_YOUNG_MB = 12;

async function main() {
  const renders = Number(process.env.BENCH_RENDERS ?? 3000);
  // BENCH_BASELINE=<another checkout, built>: the same loops on that build, in a "before" column.
  const baseline = process.env.BENCH_BASELINE;
  const load0 = loadavg()[0];
  const semi = Number(process.env.BENCH_SEMI_SPACE_MB ?? 4);
  const runs = {
    one: (build) => measureMemory({ threads: 0, renders, build }),
    twoPool: (build) => measureMemory({ threads: 2, renders, youngMb: POOL_YOUNG_MB, build }),
    twoDefault: (build) => measureMemory({ threads: 2, renders, build }),
    oneSemi: (build) => measureMemory({ threads: 0, renders, build, nodeArgs: [`--max-semi-space-size=${semi}`] }),
  };
  const now = {};
  const before = {};
  for (const [name, runOne] of Object.entries(runs)) {
    if (baseline) before[name] = await runOne(baseline);
    now[name] = await runOne(root);
    const line = (r) => `peak RSS ${r.peakRssMiB.toFixed(0)} MiB, ${r.perSecond.toFixed(1)} renders/s, ${r.cpuMsPerRender.toFixed(2)} CPU ms/render`;
    console.log(`${name}: ${line(now[name])}${baseline ? ` (before: ${line(before[name])})` : ""}`);
  }
  const load1 = loadavg()[0];
  const cell = (r) => `${mib(r.peakRssMiB)} (${r.perSecond.toFixed(0)} renders/s, ${r.cpuMsPerRender.toFixed(2)} CPU ms/render)`;
  const row = (label, name, goal) => `| ${label} | ${baseline ? `${cell(before[name])} | ` : ""}${cell(now[name])} | ${goal === undefined ? "—" : verdict(now[name].peakRssMiB, goal)} |`;
  const one = now.one;
  const body = `
## Memory (\`pnpm bench:memory\`)

Machine: ${machineLine()}.
Run on ${new Date().toISOString().slice(0, 10)}: fixtures/invoice.template.json with invoice-20.data.json rendered ${renders} times in a fresh process (clock fixed) on the main thread, or ${renders} times on each of two worker threads. Peak RSS is the process's high-water mark (Node, all threads, native buffers); CPU ms per render counts every thread and the GC. Load average (1 min) ${load0.toFixed(2)} before and ${load1.toFixed(2)} after.

${baseline ? `| measure | before (${baseline}) | now | goal |\n|---|---|---|---|` : "| measure | result | goal |\n|---|---|---|"}
${row("invoice-20 loop, 1 thread: peak RSS", "one", MEMORY_GOALS.oneThreadMiB)}
${row(`invoice-20 loop, 2 worker threads with the render pool's young-generation limit (${POOL_YOUNG_MB} MiB): peak RSS`, "twoPool", MEMORY_GOALS.twoThreadsMiB)}
${row("invoice-20 loop, 2 worker threads, V8's default young generation: peak RSS", "twoDefault")}
${row(`invoice-20 loop, 1 thread, \`--max-semi-space-size=${semi}\`: peak RSS`, "oneSemi")}

After the 1-thread loop: heap ${mib(one.heapUsedMiB)} used of ${mib(one.heapTotalMiB)}, external ${mib(one.externalMiB)}, end RSS ${mib(one.endRssMiB)}; resource caches ${JSON.stringify(one.resourceCaches)}.
`;
  console.log(body);
  if (process.env.BENCH_MEMORY_WRITE !== "0") {
    const figures = figuresLine("memory", { date: new Date().toISOString().slice(0, 10), oneThreadMiB: now.one.peakRssMiB, twoThreadsMiB: now.twoPool.peakRssMiB });
    await replaceSection("memory", `${body}\n${figures}`);
    await writeLeanTable();
    console.log("BENCHMARKS.md updated");
  }
}

if (!isMainThread) await workerLoop();
else if (process.argv[2] === "--child") await child(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5] ?? 0));
else if (process.argv[1] === self) await main();
