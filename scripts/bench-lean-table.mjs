// The lean-engine table (issue #14): the figures the issue started from beside the newest measured ones, each
// goal marked met or missed. Rebuilt from the figures the other benchmark scripts record in their sections, so
// running any one of them refreshes the rows it measured. `node scripts/bench-lean-table.mjs` rebuilds it alone.
import { fileURLToPath } from "node:url";
import { readFigures, replaceSection } from "./bench-lib.mjs";

// As measured when the issue was filed (quiet machine, fresh process each).
const BEFORE = {
  oneThread: "254 docs/s, 3.5 ms median",
  twoThreads: "312 docs/s",
  peakOne: "311 MiB",
  peakTwo: "461 MiB",
  cold: "741 ms (478 + 263)",
  cli: "—",
  health: "—",
  inv500One: "32.8 docs/s",
  inv500Two: "18.5 docs/s",
  serverRss: "468–568 MB",
};

const verdict = (ok) => (ok === undefined ? "not measured" : ok ? "met" : "**missed**");
const num = (x, digits = 0) => (typeof x === "number" && Number.isFinite(x) ? x.toFixed(digits) : undefined);

export async function writeLeanTable() {
  const render = await readFigures("render");
  const memory = await readFigures("memory");
  const cold = await readFigures("cold");
  const http = await readFigures("http");
  const rows = [];
  const row = (label, before, now, goal, ok) =>
    rows.push(`| ${label} | ${before} | ${now ?? "—"} | ${goal === "—" ? "—" : `${goal} — ${verdict(now === undefined ? undefined : ok)}`} |`);
  const ratio = (two, one) => (two && one ? two / one : undefined);
  row("invoice-20, one thread", BEFORE.oneThread, render && `${num(render.inv20PerSecond, 1)} docs/s, ${num(render.inv20P50, 2)} ms median`, "≥ 400/s, ≤ 2.5 ms", render && render.inv20PerSecond >= 400 && render.inv20P50 <= 2.5);
  // The scaling: the median of paired windows' ratios when the run recorded it (scripts/bench.mjs), else the totals'.
  const r20 = render && (render.inv20Ratio ?? ratio(render.inv20Two, render.inv20WorkerOne));
  row("invoice-20, 2 threads", BEFORE.twoThreads, render && `${num(render.inv20Two, 1)} docs/s; one worker thread ${num(render.inv20WorkerOne, 1)}/s; scaling ${num(r20, 2)}×`, "≥ 1.8× one thread", r20 >= 1.8);
  row("peak memory, one thread (invoice-20 loop)", BEFORE.peakOne, memory && `${num(memory.oneThreadMiB)} MiB`, "≤ 160 MiB", memory?.oneThreadMiB <= 160);
  row("peak memory, 2 threads (render pool's limits)", BEFORE.peakTwo, memory && `${num(memory.twoThreadsMiB)} MiB`, "≤ 220 MiB", memory?.twoThreadsMiB <= 220);
  row("cold start (import + setup + first document)", BEFORE.cold, cold && `${num(cold.inProcessMs)} ms (${num(cold.importMs)} + ${num(cold.setupMs)} + ${num(cold.renderMs)})`, "≤ 250 ms", cold?.inProcessMs <= 250);
  row("`docsvc render` wall time", BEFORE.cli, cold && `${num(cold.cliMs)} ms`, "≤ 450 ms", cold?.cliMs <= 450);
  row("server spawn → `/health`", BEFORE.health, cold && `${num(cold.healthMs)} ms`, "≤ 500 ms", cold?.healthMs <= 500);
  row("invoice-500, one thread", BEFORE.inv500One, render && `${num(render.inv500PerSecond, 1)} docs/s`, "—", true);
  const r500 = render && (render.inv500Ratio ?? ratio(render.inv500Two, render.inv500WorkerOne));
  row("invoice-500, 2 threads", BEFORE.inv500Two, render && `${num(render.inv500Two, 1)} docs/s; one worker thread ${num(render.inv500WorkerOne, 1)}/s; scaling ${num(r500, 2)}×`, "≥ 1.8× one thread", r500 >= 1.8);
  row("server RSS through `pnpm bench:http`", BEFORE.serverRss, http && `${num(http.rssMinMb)}–${num(http.rssMaxMb)} MB at ${num(http.perSecond)} renders/s`, "≤ 300 MB", http?.rssMaxMb <= 300);
  const dates = [["render", render], ["memory", memory], ["cold", cold], ["http", http]].map(([name, f]) => `${name} ${f?.date ?? "not yet"}`).join(", ");
  const body = `
## The lean engine (issue #14): before and now

Rebuilt by every benchmark script from the figures its section records (runs: ${dates}). "Before" is the issue's
own measurement; median figures, quiet machine. Medians of fresh processes for cold start; peak RSS is the process's
high-water mark. The 2-thread scaling is the median ratio of paired windows, two worker threads against one, in the same harness (scripts/bench.mjs).

| measure | before | now | goal |
|---|---:|---:|---|
${rows.join("\n")}
`;
  await replaceSection("lean", body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeLeanTable();
