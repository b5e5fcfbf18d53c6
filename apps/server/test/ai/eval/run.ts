// The evaluation harness: for each reference in fixtures/ai/ (PNG and PDF), generate a draft through the
// real endpoint with the configured model, render it with its sample data, and score it against the
// reference. `onReference` lets the CI run point the fake model at the document behind each reference.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fromGenerated, GeneratedBandTemplate, type SchemaField } from "@docsvc/layout";
import * as v from "valibot";
import { comparePages } from "../../../src/ai/diff.js";
import type { AiRouteOptions } from "../../../src/routes/ai.js";
import type { AiSettings } from "../../../src/ai/settings.js";
import { DEFAULT_PLANS, type PlanTable } from "../../../src/services/plans.js";
import { startTestApp } from "../../helpers/harness.js";
import { parseSse } from "../support/server.js";
import { REFERENCE_SOURCES, REFERENCES_DIR, type ReferenceSource } from "./references.js";
import { pdfFirstPageText, textRecall } from "./score.js";

/** One scored reference. */
export interface EvalRow {
  readonly reference: string;
  readonly ok: boolean;
  readonly bands: number;
  readonly failedBands: number;
  readonly textRecall: number;
  readonly similarity: number;
  readonly seconds: number;
  readonly note: string;
}

/** What the harness runs against. */
export interface EvalOptions {
  readonly ai: AiSettings;
  readonly routes?: AiRouteOptions;
  /** Called before each reference is generated (the CI run replays the matching document). */
  readonly onReference?: (source: ReferenceSource) => Promise<void>;
  /** Only these sources (default: all). */
  readonly only?: readonly string[];
}

// Every plan unlimited: an evaluation must not stop at a quota or a rate limit.
const EVAL_PLANS = Object.fromEntries(
  Object.entries(DEFAULT_PLANS).map(([plan, limits]) => [plan, { ...limits, renderRatePerSecond: 100, renderBurst: 100, aiGenerationsPerMonth: null }]),
) as PlanTable;

/** Data from the schema's samples (what a client renders a fresh draft with). */
export function sampleData(schema: readonly SchemaField[]): Record<string, unknown> {
  return Object.fromEntries(schema.filter((f) => f.sample !== undefined).map((f) => [f.key, f.sample]));
}

/** Generates, renders and scores every reference; the server runs in-process with its own data dir. */
export async function runEval(options: EvalOptions): Promise<EvalRow[]> {
  const t = await startTestApp({ config: { ai: options.ai }, ...(options.routes ? { ai: options.routes } : {}), plans: EVAL_PLANS });
  const rows: EvalRow[] = [];
  try {
    const user = await t.signup();
    for (const source of REFERENCE_SOURCES.filter((s) => !options.only || options.only.includes(s.name))) {
      const pdf = new Uint8Array(await readFile(join(REFERENCES_DIR, `${source.name}.pdf`)));
      const png = new Uint8Array(await readFile(join(REFERENCES_DIR, `${source.name}.png`)));
      const referenceText = await pdfFirstPageText(pdf);
      for (const [kind, bytes] of [["png", png], ["pdf", pdf]] as const) {
        await options.onReference?.(source);
        const started = performance.now();
        const row = { reference: `${source.name}.${kind}`, bands: 0, failedBands: 0, textRecall: 0, similarity: 0 };
        const body = new FormData();
        body.append("image", new Blob([bytes as Uint8Array<ArrayBuffer>]), `${source.name}.${kind}`);
        const res = await t.app.request("/api/ai/generate-band-template", { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body });
        const done = parseSse(await res.text()).events.find((e) => e.event === "done");
        const seconds = (performance.now() - started) / 1000;
        const parsed = v.safeParse(GeneratedBandTemplate, done?.data["template"]);
        if (!parsed.success) {
          rows.push({ ...row, ok: false, seconds, note: `no draft (status ${res.status})` });
          continue;
        }
        const document = fromGenerated(parsed.output);
        const rendered = await t.call("POST", "/api/render", { token: user.token, body: { content: JSON.stringify(document), data: sampleData(document.schema) } });
        const raster = rendered.status === 200 ? await t.deps.renderer.rasterFirstPage?.(rendered.bytes) : undefined;
        const refRaster = await t.deps.renderer.rasterFirstPage?.(pdf);
        if (raster === undefined || !raster.ok || refRaster === undefined || !refRaster.ok) {
          rows.push({ ...row, ok: false, seconds, note: `draft did not render (status ${rendered.status})` });
          continue;
        }
        rows.push({
          reference: row.reference,
          ok: true,
          bands: parsed.output.bands.length,
          failedBands: parsed.output.bands.filter((b) => b.failed).length,
          textRecall: textRecall(referenceText, await pdfFirstPageText(rendered.bytes)),
          similarity: (await comparePages(refRaster.png, raster.png, { width: refRaster.width, height: refRaster.height })).similarity,
          seconds,
          note: "",
        });
      }
    }
  } finally {
    await t.close();
  }
  return rows;
}

/** The rows as a Markdown table. */
export function formatTable(rows: readonly EvalRow[]): string {
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  const lines = ["| reference | draft | bands (failed) | text recall | raster similarity | seconds |", "|---|---|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.reference} | ${r.ok ? "yes" : `no: ${r.note}`} | ${r.bands} (${r.failedBands}) | ${pct(r.textRecall)} | ${pct(r.similarity)} | ${r.seconds.toFixed(1)} |`);
  const ok = rows.filter((r) => r.ok);
  const mean = (f: (r: EvalRow) => number) => (ok.length ? ok.reduce((n, r) => n + f(r), 0) / ok.length : 0);
  lines.push(`| **mean** | ${ok.length}/${rows.length} | | ${pct(mean((r) => r.textRecall))} | ${pct(mean((r) => r.similarity))} | |`);
  return lines.join("\n");
}
