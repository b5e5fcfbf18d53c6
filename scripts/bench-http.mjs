// `pnpm bench:http`: the built server under HTTP load. Starts `docsvc serve` on a free loopback port with a
// temp DATA_DIR and a PLANS_FILE raising the enterprise rate, signs up, lifts the workspace to that plan (so the rate limit is
// not what gets measured), creates an API key and the invoice template, then drives
// POST /api/templates/{id}/render with fixtures/invoice-20.data.json through autocannon.
// Records renders/s, p50/p95/p99, errors and the server's RSS over time; writes the "HTTP load" section of
// BENCHMARKS.md (between <!-- http:start --> and <!-- http:end -->, nothing else).
//
// Environment: BENCH_HTTP_SECONDS (default 60), BENCH_HTTP_CONNECTIONS (default 4), BENCH_HTTP_WARMUP (default 1500
// renders, enough for the heaps to reach their working size), BENCH_HTTP_NO_WRITE=1 (print only; leave BENCHMARKS.md alone),
// BENCH_BACKEND=pg: the same run twice back to back, on SQLite and then on PostgreSQL + Redis (a database and a key
// prefix of its own, see bench-backend.mjs), written to the "HTTP load on PostgreSQL and Redis" section
// (<!-- http-pg:start -->) with the ratio; the SQLite-only section is left alone then.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { cpuMs, openBackend } from "./bench-backend.mjs";
import { adminAccount, call, figuresLine, freePort, machineLine, percentile, replaceSection, root, rssMb, serveNodeFlags, startServer } from "./bench-lib.mjs";
import { writeLeanTable } from "./bench-lean-table.mjs";

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 60);
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 4);
const warmup = Number(process.env.BENCH_HTTP_WARMUP ?? 1500);
const email = "bench@example.test";
const password = "bench password";

/** One run on `backendKind` (sqlite or pg): the measures, printed as they come. */
async function measure(backendKind) {
  const dataDir = await mkdtemp(join(tmpdir(), "docsvc-bench-http-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const backend = await openBackend(backendKind);
  // The enterprise plan's rate (500/s) is below what two cores can serve: raised through PLANS_FILE, so the limiter
  // still runs on every render (its cost is measured) but never answers 429.
  const plansFile = join(dataDir, "plans.json");
  await writeFile(plansFile, JSON.stringify({ enterprise: { renderRatePerSecond: 1_000_000, renderBurst: 1_000_000, aiGenerationsPerMonth: null } }));
  const server = await startServer(dataDir, port, { ADMIN_EMAILS: email, PLANS_FILE: plansFile, ...backend.env });
  try {
    // Setup through the public API, as a user would.
    const session = await adminAccount(base, dataDir, email, password, "enterprise", backend.verificationToken);
    const { key } = await call(base, "POST", "/api/api-keys", { token: session.accessToken, body: { name: "bench" } });
    const content = await readFile(join(root, "fixtures/invoice.template.json"), "utf8");
    const template = await call(base, "POST", "/api/templates", { token: session.accessToken, body: { name: "Invoice", content } });
    const data = JSON.parse(await readFile(join(root, "fixtures/invoice-20.data.json"), "utf8"));
    const body = JSON.stringify({ data });
    const path = `/api/templates/${template.id}/render`;

    // Warm-up: fonts loaded, template parsed and cached in every worker, JIT settled.
    const first = performance.now();
    await call(base, "POST", path, { apiKey: key, body: { data } });
    const firstMs = performance.now() - first;
    let warmed = 1;
    while (warmed < warmup) {
      await Promise.all(Array.from({ length: connections }, () => call(base, "POST", path, { apiKey: key, body: { data } })));
      warmed += connections;
    }

    const loadBefore = loadavg()[0];
    // CPU time of the server and of the database processes working for it: what a render costs, whatever else
    // shares the machine (throughput on a busy machine says more about the neighbours).
    const cpuBefore = await cpuMs([server.pid, ...(await backend.pids())]);
    const rss = [];
    const sampler = setInterval(async () => rss.push({ t: rss.length, mb: await rssMb(server.pid) }), 1000);
    const latencies = [];
    const instance = autocannon({
      url: `${base}${path}`,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": key },
      body,
      connections,
      duration: seconds,
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
    const result = await new Promise((resolve, reject) => instance.once("done", resolve).once("error", reject));
    clearInterval(sampler);
    const loadAfter = loadavg()[0];
    const cpuAfter = await cpuMs([server.pid, ...(await backend.pids())]);
    const cpuUsed = [...cpuAfter].reduce((sum, [pid, ms]) => sum + ms - (cpuBefore.get(pid) ?? 0), 0);

    latencies.sort((a, b) => a - b);
    const ok = latencies.length;
    const errors = result.errors + result.timeouts + result.non2xx;
    const perSecond = ok / seconds;
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const p99 = percentile(latencies, 99);
    const mbs = rss.map((s) => s.mb).filter((x) => Number.isFinite(x));
    // Flat = no trend once warm. RSS oscillates with garbage collection (±20 MB here), so the medians of the
    // middle and the last third of the samples are compared, not single points.
    const third = Math.max(1, Math.floor(mbs.length / 3));
    const median = (xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    };
    const firstThird = median(mbs.slice(0, third));
    const middle = median(mbs.slice(third, 2 * third));
    const last = median(mbs.slice(-third));
    const drift = last - middle;
    const usage = await call(base, "GET", "/api/usage", { token: session.accessToken });

    console.log(`[${backendKind}] ${perSecond.toFixed(1)} renders/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, errors ${errors}`);
    console.log(`RSS samples (MB, 1/s): ${mbs.map((x) => x.toFixed(0)).join(" ")}`);
    console.log(`RSS ${Math.min(...mbs).toFixed(0)}–${Math.max(...mbs).toFixed(0)} MB (thirds' medians ${firstThird.toFixed(0)} / ${middle.toFixed(0)} / ${last.toFixed(0)}); metered renders: ${usage.renders.total}`);

    const serverCpu = (cpuAfter.get(server.pid) ?? 0) - (cpuBefore.get(server.pid) ?? 0);
    console.log(`[${backendKind}] CPU ${(cpuUsed / Math.max(1, ok)).toFixed(2)} ms per render, of which the server ${(serverCpu / Math.max(1, ok)).toFixed(2)} ms`);
    return { backendKind, cpuPerRender: cpuUsed / Math.max(1, ok), serverCpuPerRender: serverCpu / Math.max(1, ok), perSecond, ok, errors, p50, p95, p99, mbs, firstThird, middle, last, drift, firstMs, metered: usage.renders.total, warmed, loadBefore, loadAfter };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
    await backend.close();
  }
}

const verdict = (ok) => (ok ? "met" : "**missed**");

/** The SQLite-only section (the default run). */
function httpSection(r) {
  const { perSecond, ok, errors, p50, p95, p99, mbs, firstThird, middle, last, drift, firstMs, warmed, loadBefore, loadAfter } = r;
  return `
## HTTP load (\`pnpm bench:http\`)

Machine: ${machineLine()}.
Run on ${new Date().toISOString().slice(0, 10)}: the built server (\`node ${serveNodeFlags(root).join(" ")} docsvc serve\` as \`pnpm start\` runs it, render pool sized to the cores, LOG_LEVEL=${process.env.LOG_LEVEL ?? "info"} with access logs) and autocannon on the same machine,
${connections} connections for ${seconds} s of \`POST /api/templates/{id}/render\` with an API key, fixtures/invoice.template.json + invoice-20.data.json,
after ${warmed} warm-up renders (one connection-batch at a time). Machine load average (1 min) ${loadBefore.toFixed(2)} before and
${loadAfter.toFixed(2)} after the run: anything above ~2.5 means other work shared the cores with the server and autocannon. Latencies are per request as autocannon saw them (exact percentiles over every 200 response).

| measure | result | target |
|---|---|---|
| throughput | ${perSecond.toFixed(1)} renders/s (${ok} renders) | ≥ 150/s — ${verdict(perSecond >= 150)} |
| latency p50 / p95 / p99 | ${p50.toFixed(1)} / ${p95.toFixed(1)} / ${p99.toFixed(1)} ms | p99 ≤ 50 ms — ${verdict(p99 <= 50)} |
| errors (non-2xx, socket errors, timeouts) | ${errors} | 0 — ${verdict(errors === 0)} |
| server RSS during the run (sampled each second) | ${Math.min(...mbs).toFixed(0)}–${Math.max(...mbs).toFixed(0)} MB; medians of the first / middle / last third ${firstThird.toFixed(0)} / ${middle.toFixed(0)} / ${last.toFixed(0)} MB | flat: last third within 25 MB of the middle third (${drift >= 0 ? "+" : ""}${drift.toFixed(0)} MB) — ${verdict(Math.abs(drift) < 25)} |
| first render after start (cold worker) | ${firstMs.toFixed(0)} ms | — |
| renders metered by \`GET /api/usage\` | ${r.metered} | = successful renders incl. warm-up (${ok + warmed}) — ${verdict(r.metered >= ok + warmed)} |
`;
}

/** SQLite and PostgreSQL + Redis measured back to back (BENCH_BACKEND=pg). */
function backendsSection(sqlite, pg) {
  const ratio = pg.perSecond / sqlite.perSecond;
  const cpuRatio = pg.cpuPerRender / sqlite.cpuPerRender;
  const row = (name, r) =>
    `| ${name} | ${r.perSecond.toFixed(1)} (${r.ok}) | ${r.cpuPerRender.toFixed(2)} (server ${r.serverCpuPerRender.toFixed(2)}) | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)} | ${r.errors} | ${Math.min(...r.mbs).toFixed(0)}–${Math.max(...r.mbs).toFixed(0)} | ${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)} | ${r.metered} |`;
  return `
## HTTP load on PostgreSQL and Redis (\`BENCH_BACKEND=pg pnpm bench:http\`)

Machine: ${machineLine()}.
Run on ${new Date().toISOString().slice(0, 10)}: the HTTP load run above, twice back to back in one invocation: first on SQLite (DATA_DIR, limits in memory), then on
PostgreSQL (a fresh local database, C collation; blobs and the outbox in it) + Redis (limits, presence, hub fan-out and the BullMQ batch queue under a fresh
key prefix), one \`docsvc serve\` instance each, ${connections} connections for ${seconds} s after ${sqlite.warmed} warm-up renders. The load average (1 min) before → after each run says how much
other work shared the two cores: figures from a busy machine compare the two backends with each other, not with other sections.

| backend | renders/s (renders) | CPU ms per render (of it the server) | p50 / p95 / p99 ms | errors | server RSS MB | load avg | metered renders |
|---|---|---|---|---|---|---|---|
${row("SQLite", sqlite)}
${row("PostgreSQL + Redis", pg)}

PostgreSQL + Redis reach ${(ratio * 100).toFixed(0)} % of SQLite's throughput: within 20 % — ${verdict(ratio >= 0.8)}.
A render costs ${(cpuRatio * 100).toFixed(0)} % of SQLite's CPU time on PostgreSQL + Redis (server process with its render threads, plus the
PostgreSQL backends serving its database; Redis is shared and not counted): the measure that holds when the machine is busy,
because then each database round trip also waits for a core.
`;
}

if ((process.env.BENCH_BACKEND ?? "sqlite") === "pg") {
  const sqlite = await measure("sqlite");
  const pg = await measure("pg");
  const section = backendsSection(sqlite, pg);
  if (process.env.BENCH_HTTP_NO_WRITE === "1") console.log(section);
  else {
    await replaceSection("http-pg", section);
    console.log("BENCHMARKS.md updated (HTTP load on PostgreSQL and Redis)");
  }
} else {
  const result = await measure(process.env.BENCH_BACKEND ?? "sqlite");
  const section = httpSection(result);
  if (process.env.BENCH_HTTP_NO_WRITE === "1") console.log(section);
  else {
    const figures = figuresLine("http", { date: new Date().toISOString().slice(0, 10), perSecond: result.perSecond, rssMinMb: Math.min(...result.mbs), rssMaxMb: Math.max(...result.mbs) });
    await replaceSection("http", `${section}\n${figures}`);
    await writeLeanTable();
    console.log("BENCHMARKS.md updated (HTTP load)");
  }
}
