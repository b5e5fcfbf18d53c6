// Shared by the batch tests: templates, a job poller and a multipart upload.
import assert from "node:assert/strict";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TestApp } from "../helpers/harness.js";

/** A one-line template on a small page (fast to render); `{{name}}` and an optional bound image. */
export const TINY_TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 200, height: 80 },
  bands: [
    {
      id: "rh",
      kind: "report-header",
      height: 40,
      elements: [
        { id: "t", type: "text", x: 0, y: 0, width: 150, height: 14, text: "Hi {{name}} {{customer.city}}" },
        { id: "i", type: "image", x: 150, y: 0, width: 20, height: 20, src: "{{logo}}" },
      ],
    },
  ],
  schema: [
    { key: "name", type: "string" },
    { key: "customer", type: "object", fields: [{ key: "city", type: "string" }] },
    { key: "logo", type: "image" },
  ],
});

/** A template whose page count follows `lines.length` (one 30 pt line each on a 100 pt page). */
export const PAGED_TEMPLATE = JSON.stringify({
  version: 4,
  pageSize: { id: "custom", width: 200, height: 100 },
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
  bands: [
    { id: "rh", kind: "report-header", height: 20, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 150, height: 14, text: "Hi {{name}}" }] },
    { id: "d", kind: "detail", bindingField: "lines", height: 30, elements: [{ id: "l", type: "text", x: 0, y: 0, width: 150, height: 14, text: "{{text}}" }] },
  ],
  schema: [{ key: "name", type: "string" }, { key: "lines", type: "array", fields: [{ key: "text", type: "string" }] }],
});

/** The text of each page of a PDF, read back with pdf.js (items joined by spaces). */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: pdf.slice(), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  return pages;
}

/** Creates a template and answers its id. */
export async function createTemplate(t: TestApp, token: string, content = TINY_TEMPLATE, name = "Batch"): Promise<string> {
  const res = await t.call("POST", "/api/templates", { token, body: { name, content } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.id as string;
}

/** Polls a job until it is completed or failed. */
export async function waitForJob(t: TestApp, token: string, templateId: string, jobId: string, timeoutMs = 90_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call("GET", `/api/templates/${templateId}/render-batch/jobs/${jobId}`, { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (res.body.status === "completed" || res.body.status === "failed") return res.body;
    if (Date.now() > until) throw new Error(`job still ${String(res.body.status)}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Posts a multipart upload through the app. */
export async function upload(
  t: TestApp,
  token: string,
  templateId: string,
  file: { name: string; bytes: Uint8Array | string },
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, any> }> {
  const form = new FormData();
  form.set("file", new Blob([typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes)]), file.name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await t.app.request(`/api/templates/${templateId}/render-batch/upload`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A 1×1 PNG data URL. */
export const PNG_1PX =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
