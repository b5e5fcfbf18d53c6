// `pnpm bench`: in-process render throughput and latency on the reference fixtures, a two-thread run, the
// first render of a fresh process, and peak RSS. Writes the "Rendering" section of BENCHMARKS.md.
import { readdir, readFile } from "node:fs/promises";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { figuresLine, machineLine, percentile, replaceSection, root } from "./bench-lib.mjs";
import { writeLeanTable } from "./bench-lean-table.mjs";

const pdfEntry = join(root, "packages/pdf/dist/src/index.js");
const layoutEntry = join(root, "packages/layout/dist/src/index.js");
const NOW = new Date("2026-11-21T12:00:00Z");

const fixture = async (name) => readFile(join(root, "fixtures", name), "utf8");
// The HTML invoice is compiled once (parse, sanitise, style sheets), as a server does once per template version.
const htmlInvoice = async () => (await import(layoutEntry)).compileHtml(await fixture("invoice.html"));
const loadCases = async () => ({
  "invoice-20": { template: await fixture("invoice.template.json"), data: JSON.parse(await fixture("invoice-20.data.json")) },
  "invoice-500": { template: await fixture("invoice.template.json"), data: JSON.parse(await fixture("invoice-500.data.json")) },
  receipt: { template: await fixture("receipt.template.json"), data: JSON.parse(await fixture("receipt.data.json")) },
  "html-invoice-20": { template: await htmlInvoice(), data: JSON.parse(await fixture("invoice-20.data.json")) },
  "html-invoice-500": { template: await htmlInvoice(), data: JSON.parse(await fixture("invoice-500.data.json")) },
  ...(await loadExtraCases()),
});

// Further cases (labels, image-heavy documents) live as fixtures/bench/<name>.template.json + .data.json.
async function loadExtraCases() {
  const dir = join(root, "fixtures", "bench");
  let names = [];
  try { names = await readdir(dir); } catch { return {}; }
  const cases = {};
  for (const file of names.filter((n) => n.endsWith(".template.json"))) {
    const name = file.replace(/\.template\.json$/, "");
    cases[name] = {
      template: await readFile(join(dir, file), "utf8"),
      data: JSON.parse(await readFile(join(dir, `${name}.data.json`), "utf8")),
    };
  }
  return cases;
}

async function measureCase(renderDocument, { template, data }, { seconds, maxRuns }) {
  for (let i = 0; i < 20; i++) await renderDocument(template, data, { now: NOW });
  const times = [];
  let pages = 0;
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until && times.length < maxRuns) {
    const t0 = performance.now();
    const report = await renderDocument(template, data, { now: NOW });
    times.push(performance.now() - t0);
    pages = report.pageCount;
    bytes = report.pdf.length;
  }
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  return {
    runs: times.length,
    perSecond: times.length / (total / 1000),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    pages,
    bytes,
  };
}

// A worker renders invoice-20 in a loop for the given time and reports how many it finished.
async function workerMain() {
  const { renderPdf } = await import(pdfEntry);
  const { template, data, seconds } = workerData;
  for (let i = 0; i < 20; i++) await renderPdf(template, data, { now: NOW });
  parentPort.postMessage("ready");
  await new Promise((resolve) => parentPort.once("message", resolve));
  let count = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    await renderPdf(template, data, { now: NOW });
    count++;
  }
  parentPort.postMessage(count);
}

async function measureThreads(threads, template, data, seconds) {
  const workers = Array.from({ length: threads }, () =>
    new Worker(fileURLToPath(import.meta.url), { workerData: { template, data, seconds } }),
  );
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once("message", resolve))));
  const t0 = performance.now();
  const counts = await Promise.all(workers.map((w) => {
    const done = new Promise((resolve) => w.once("message", resolve));
    w.postMessage("go");
    return done;
  }));
  const elapsed = (performance.now() - t0) / 1000;
  await Promise.all(workers.map((w) => w.terminate()));
  return counts.reduce((a, b) => a + b, 0) / elapsed;
}

// The first render of a fresh process: from process start to the PDF's last byte, fonts included.
function measureColdStart() {
  const script = `
    const t0 = performance.timeOrigin;
    const { renderPdf } = await import(${JSON.stringify(pdfEntry)});
    const { readFile } = await import("node:fs/promises");
    const template = await readFile(${JSON.stringify(join(root, "fixtures/invoice.template.json"))}, "utf8");
    const data = JSON.parse(await readFile(${JSON.stringify(join(root, "fixtures/invoice-20.data.json"))}, "utf8"));
    const before = performance.now();
    await renderPdf(template, data);
    console.log(JSON.stringify({ sinceStart: performance.now(), firstRender: performance.now() - before }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`cold start exited ${code}`))));
  });
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const cold = await measureColdStart();
  const { renderDocument } = await import(pdfEntry);
  const cases = await loadCases();
  const results = {};
  for (const [name, c] of Object.entries(cases)) {
    results[name] = await measureCase(renderDocument, c, { seconds, maxRuns: 20000 });
    const r = results[name];
    console.log(`${name}: ${r.perSecond.toFixed(1)}/s p50 ${r.p50.toFixed(2)} ms p95 ${r.p95.toFixed(2)} ms p99 ${r.p99.toFixed(2)} ms (${r.pages} pages, ${r.bytes} bytes)`);
  }
  // Read before the worker threads start: the single-process footprint is what a server pays per render lane.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  // One worker thread against two in the same harness: the ratio is the scaling, free of main-thread differences.
  const threadRuns = {};
  for (const name of ["invoice-20", "invoice-500"]) {
    const c = cases[name];
    const one = await measureThreads(1, c.template, c.data, seconds);
    const two = await measureThreads(2, c.template, c.data, seconds);
    threadRuns[name] = { one, two };
    console.log(`${name}: 1 worker thread ${one.toFixed(1)}/s, 2 worker threads ${two.toFixed(1)}/s (${(two / one).toFixed(2)}×)`);
  }
  const twoThreads = threadRuns["invoice-20"].two;
  // Peak memory of a render loop in a fresh process each (scripts/bench-memory.mjs has the details and the Memory section).
  const { measureMemory, MEMORY_GOALS } = await import("./bench-memory.mjs");
  const memOne = await measureMemory({ threads: 0, renders: 2000 });
  const memTwo = await measureMemory({ threads: 2, renders: 2000, youngMb: 12 });
  console.log(`cold: first render ${cold.firstRender.toFixed(1)} ms, ${cold.sinceStart.toFixed(1)} ms since process start; peak RSS ${peakRssMb.toFixed(0)} MB`);

  const rows = Object.entries(results).map(([name, r]) =>
    `| ${name} | ${r.pages} | ${(r.bytes / 1024).toFixed(1)} KiB | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.runs} |`,
  );
  const body = `
## Rendering (in-process, \`pnpm bench\`)

Machine: ${machineLine()}.
Run on ${new Date().toISOString().slice(0, 10)}; each case warmed up with 20 renders, then rendered one at a time for ${seconds} s, clock fixed.
The html-invoice cases render fixtures/invoice.html compiled once (as the server does per template version); each render applies the data, the cascade and layout.

| fixture | pages | PDF size | renders/s (1 thread) | p50 ms | p95 ms | p99 ms | runs |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

| measure | result | target |
|---|---|---|
| invoice-20, 2 worker threads | ${twoThreads.toFixed(1)} renders/s (${(twoThreads / threadRuns["invoice-20"].one).toFixed(2)}× one worker thread's ${threadRuns["invoice-20"].one.toFixed(1)}/s) | ≥ 300/s; ≥ 1.8× — ${twoThreads / threadRuns["invoice-20"].one >= 1.8 ? "met" : "missed"} |
| invoice-500, 2 worker threads | ${threadRuns["invoice-500"].two.toFixed(1)} renders/s (${(threadRuns["invoice-500"].two / threadRuns["invoice-500"].one).toFixed(2)}× one worker thread's ${threadRuns["invoice-500"].one.toFixed(1)}/s) | ≥ 1.8× — ${threadRuns["invoice-500"].two / threadRuns["invoice-500"].one >= 1.8 ? "met" : "missed"} |
| invoice-20, 1 thread | ${results["invoice-20"].perSecond.toFixed(1)} renders/s, median ${results["invoice-20"].p50.toFixed(2)} ms | ≥ 150/s, median ≤ 6.5 ms |
| invoice-500 median | ${results["invoice-500"].p50.toFixed(1)} ms | ≤ 60 ms |
| HTML invoice-20 (fixtures/invoice.html), 1 thread | ${results["html-invoice-20"].perSecond.toFixed(1)} renders/s, median ${results["html-invoice-20"].p50.toFixed(2)} ms | ≥ 200/s |
| HTML invoice-500, 1 thread | ${results["html-invoice-500"].perSecond.toFixed(1)} renders/s, median ${results["html-invoice-500"].p50.toFixed(1)} ms | ≥ 25/s |
| first render in a fresh process (fonts loaded, nothing warmed) | ${cold.firstRender.toFixed(0)} ms (${cold.sinceStart.toFixed(0)} ms after process start) | ≤ 400 ms |
| peak RSS of the benchmark process (before the thread run) | ${peakRssMb.toFixed(0)} MB | ≤ 200 MB |
| peak RSS, invoice-20 loop (2,000 renders) in a fresh process, 1 thread | ${memOne.peakRssMiB.toFixed(0)} MiB | ≤ ${MEMORY_GOALS.oneThreadMiB} MiB — ${memOne.peakRssMiB <= MEMORY_GOALS.oneThreadMiB ? "met" : "missed"} |
| peak RSS, invoice-20 loop (2,000 renders each) in a fresh process, 2 worker threads (render pool's limits) | ${memTwo.peakRssMiB.toFixed(0)} MiB | ≤ ${MEMORY_GOALS.twoThreadsMiB} MiB — ${memTwo.peakRssMiB <= MEMORY_GOALS.twoThreadsMiB ? "met" : "missed"} |
`;
  const figures = figuresLine("render", {
    date: new Date().toISOString().slice(0, 10),
    inv20PerSecond: results["invoice-20"].perSecond,
    inv20P50: results["invoice-20"].p50,
    inv20WorkerOne: threadRuns["invoice-20"].one,
    inv20Two: threadRuns["invoice-20"].two,
    inv500PerSecond: results["invoice-500"].perSecond,
    inv500WorkerOne: threadRuns["invoice-500"].one,
    inv500Two: threadRuns["invoice-500"].two,
  });
  await replaceSection("render", `${body}\n${figures}`);
  await writeLeanTable();
  console.log("BENCHMARKS.md updated");
}

if (isMainThread) await main();
else await workerMain();
