// The render fixtures of the repository (shared invoice and receipt, plus fixtures/render/*), read once.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { renderDocument, type RenderReport } from "../../src/index.js";
import { repoRoot } from "../support/paths.js";

/** The fixed clock of every end-to-end render, so `$today` and the PDF dates never move. */
export const FIXED_NOW = new Date("2026-11-21T12:00:00Z");

/** Reads a JSON fixture below the repository's `fixtures/` folder as text. */
export function fixtureText(path: string): Promise<string> {
  return readFile(join(repoRoot, "fixtures", path), "utf8");
}

/** Renders `fixtures/<template>` with `fixtures/<data>` under the fixed clock. */
export async function renderFixture(template: string, data: string): Promise<RenderReport> {
  const [content, json] = await Promise.all([fixtureText(template), fixtureText(data)]);
  return renderDocument(content, JSON.parse(json) as unknown, { now: FIXED_NOW, title: template });
}

/** The named end-to-end cases: shared fixtures first, then the ones in fixtures/render. */
export const RENDER_CASES: readonly { readonly name: string; readonly template: string; readonly data: string }[] = [
  { name: "invoice-20", template: "invoice.template.json", data: "invoice-20.data.json" },
  { name: "invoice-500", template: "invoice.template.json", data: "invoice-500.data.json" },
  { name: "receipt", template: "receipt.template.json", data: "receipt.data.json" },
  ...[
    "label", "letters", "master-detail", "invoice-arabic", "invoice-hebrew", "shapes",
    "overflow", "landscape-tabloid", "custom-size", "watermark",
  ].map((name) => ({ name, template: `render/${name}.template.json`, data: `render/${name}.data.json` })),
];
