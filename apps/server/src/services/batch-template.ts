// GET …/render-batch/template: the CSV header row a user fills in for a template, from its schema and the
// tokens it uses (an HTML template: the tokens of its HTML and CSS). Columns are what one row of data needs at the top level: arrays (table and detail rows)
// cannot be spreadsheet cells, so array fields and tokens inside repeating bands and tables are left out.
import { HtmlLimitError, htmlDataPaths, type HtmlDataPaths } from "@docsvc/layout";
import type { Principal } from "../auth/principal.js";
import { findTemplate } from "../db/templates.js";
import { NotFoundError } from "../errors.js";
import { editorModeOf, type EditorMode } from "./content.js";
import type { ServiceDeps } from "./deps.js";

type Json = Record<string, unknown>;

const PATH = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/;
const TOKEN = /\{\{\s*([^}|]+?)\s*(?:\||\}\})/g;
// Element and band keys that hold token text or a top-level data path.
const TEXT_KEYS = ["text", "value", "src", "visibleIf"] as const;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function schemaColumns(fields: unknown, prefix: string, out: string[], arrays: Set<string>): void {
  if (!Array.isArray(fields)) return;
  for (const field of fields) {
    if (!isObject(field) || typeof field["key"] !== "string") continue;
    const key = `${prefix}${field["key"]}`;
    if (field["type"] === "array") arrays.add(key);
    else if (field["type"] === "object" && Array.isArray(field["fields"])) schemaColumns(field["fields"], `${key}.`, out, arrays);
    else out.push(key);
  }
}

function tokenPaths(text: string, out: string[]): void {
  for (const match of text.matchAll(TOKEN)) {
    const path = (match[1] ?? "").trim();
    if (PATH.test(path)) out.push(path);
  }
}

/**
 * The column names for a template: for a report document (JSON text) schema fields first, then other tokens
 * in document order; for an HTML template the tokens of its text, attributes, style sheets and data-if
 * conditions in document order, leaving out what data-each repeats.
 */
export function batchColumns(content: string, editorMode: EditorMode = "report"): string[] {
  return editorMode === "html" ? htmlColumns(content) : reportColumns(content);
}

function htmlColumns(content: string): string[] {
  let found: HtmlDataPaths;
  try {
    found = htmlDataPaths(content);
  } catch (error) {
    // Past the HTML limits the template cannot render either: no columns to offer.
    if (error instanceof HtmlLimitError) return [];
    throw error;
  }
  return withTokens([], new Set(found.arrays), found.paths.filter((p) => PATH.test(p)));
}

function reportColumns(content: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    return [];
  }
  if (!isObject(doc)) return [];
  const columns: string[] = [];
  const arrays = new Set<string>();
  schemaColumns(doc["schema"], "", columns, arrays);
  const bands = Array.isArray(doc["bands"]) ? doc["bands"].filter(isObject) : [];
  // Bands repeated per array item, and their children at any depth, resolve tokens against the item.
  const repeated = new Set(bands.filter((b) => typeof b["bindingField"] === "string" && b["bindingField"] !== "").map((b) => b["id"]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const b of bands) {
      if (!repeated.has(b["id"]) && repeated.has(b["parentId"])) {
        repeated.add(b["id"]);
        grew = true;
      }
    }
  }
  const tokens: string[] = [];
  for (const band of bands) {
    if (repeated.has(band["id"])) continue;
    if (typeof band["visibleIf"] === "string") tokenPaths(`{{${band["visibleIf"]}}}`, tokens);
    for (const element of Array.isArray(band["elements"]) ? band["elements"].filter(isObject) : []) {
      if (element["type"] === "table") continue;
      for (const key of TEXT_KEYS) {
        const value = element[key];
        if (typeof value === "string") tokenPaths(key === "visibleIf" ? `{{${value}}}` : value, tokens);
      }
      if (element["type"] === "image" && typeof element["bindingField"] === "string" && PATH.test(element["bindingField"])) tokens.push(element["bindingField"]);
    }
  }
  return withTokens(columns, arrays, tokens);
}

// The columns with each token path added unless a column covers it (or it is a parent of one), or it lies in an array.
function withTokens(columns: string[], arrays: ReadonlySet<string>, tokens: readonly string[]): string[] {
  const seen = new Set(columns);
  for (const path of tokens) {
    // Covered by a schema column (or an array field), or a parent of one: not a column of its own.
    const covered = [...seen].some((c) => c === path || c.startsWith(`${path}.`) || path.startsWith(`${c}.`));
    if (covered || [...arrays].some((a) => path === a || path.startsWith(`${a}.`))) continue;
    seen.add(path);
    columns.push(path);
  }
  return columns;
}

// A cell a spreadsheet program would read as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, or a
// tab or carriage return before one of them.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: a formula-like value is neutralised with a leading `'`, then quoted when needed (RFC 4180). */
function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header-row CSV for a template of the caller's workspace (with a BOM, so spreadsheet programs read UTF-8). */
export async function batchTemplateCsv(deps: ServiceDeps, principal: Principal, templateId: string): Promise<{ csv: string; fileName: string }> {
  const template = await findTemplate(deps.db, principal.workspaceId, templateId);
  if (template === undefined) throw new NotFoundError("Template");
  const header = batchColumns(template.content, editorModeOf(template.editor_mode)).map(csvField).join(",");
  const stem = template.name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "template";
  return { csv: `\uFEFF${header}\r\n`, fileName: `${stem}-batch.csv` };
}
