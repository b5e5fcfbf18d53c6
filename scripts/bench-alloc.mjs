// `node scripts/bench-alloc.mjs [fixture-data] [renders]`: bytes allocated per render and GC cost per render, which
// a loaded machine measures as steadily as a quiet one (unlike renders/s). Allocation drives the young-generation
// scavenges and background GC threads that keep two render threads from scaling on 2 cores.
//
// Bytes: a child process with a young generation large enough that no GC runs during the window; heapUsed grows
// by exactly what the renders allocated. GC: a second child with Node's defaults counts GC pauses and their time.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PerformanceObserver } from "node:perf_hooks";
import { root } from "./bench-lib.mjs";

const self = fileURLToPath(import.meta.url);
const pdfEntry = join(process.env.BENCH_ROOT ?? root, "packages/pdf/dist/src/index.js");
const NOW = new Date("2026-11-21T12:00:00Z");

async function child(mode, dataName, renders) {
  const { renderPdf } = await import(pdfEntry);
  const template = await readFile(join(root, "fixtures/invoice.template.json"), "utf8");
  const data = JSON.parse(await readFile(join(root, "fixtures", `${dataName}.data.json`), "utf8"));
  for (let i = 0; i < 30; i++) await renderPdf(template, data, { now: NOW });
  let gcCount = 0;
  let gcMs = 0;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { gcCount++; gcMs += e.duration; }
  });
  obs.observe({ entryTypes: ["gc"] });
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 20));
  gcCount = 0; gcMs = 0;
  const h0 = process.memoryUsage().heapUsed;
  const c0 = process.cpuUsage();
  for (let i = 0; i < renders; i++) await renderPdf(template, data, { now: NOW });
  const cpu = process.cpuUsage(c0);
  const h1 = process.memoryUsage().heapUsed;
  await new Promise((r) => setTimeout(r, 20));
  obs.disconnect();
  const out = { mode, renders, cpuMsPerRender: (cpu.user + cpu.system) / 1000 / renders, gcPerRender: gcCount / renders, gcMsPerRender: gcMs / renders };
  if (mode === "bytes") out.kibPerRender = (h1 - h0) / 1024 / renders;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function run(args, nodeArgs) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...nodeArgs, self, "--child", ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (c) => (out += c));
    p.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}`))));
  });
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4], Number(process.argv[5]));
else {
  const dataName = process.argv[2] ?? "invoice-20";
  const renders = Number(process.argv[3] ?? (dataName === "invoice-20" ? 100 : 10));
  // 1 GiB of semi-space: no scavenge within the window (the child reports gcPerRender, which must be 0).
  const bytes = await run(["bytes", dataName, String(renders)], ["--expose-gc", "--min-semi-space-size=1024", "--max-semi-space-size=1024"]);
  const gc = await run(["gc", dataName, String(renders * 4)], ["--expose-gc"]);
  console.log(`${dataName}: ${bytes.kibPerRender.toFixed(0)} KiB allocated/render (GCs in window ${bytes.gcPerRender}); defaults: ${gc.cpuMsPerRender.toFixed(2)} CPU ms/render, ${gc.gcPerRender.toFixed(2)} GCs/render, ${gc.gcMsPerRender.toFixed(3)} GC ms/render`);
}
