// Request bodies and queries of /api/templates.
import * as v from "valibot";
import { tooDeep } from "../json-depth.js";

const NameField = v.pipe(
  v.string("name must be a string."),
  v.trim(),
  v.nonEmpty("name must not be empty."),
  v.maxLength(200, "name must be at most 200 characters."),
);

const ContentField = v.string("content must be a string holding the template document (JSON text, or HTML for editorMode html).");

/** The most a template's sample data may take as JSON text (UTF-8 bytes). */
export const MAX_SAMPLE_DATA_BYTES = 256 * 1024;
/** The deepest a template's sample data may nest (the object itself is level 1). */
export const MAX_SAMPLE_DATA_DEPTH = 32;

const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A template's sample data (stored and versioned with it): a JSON object. */
export const TemplateSampleDataObject = v.custom<Record<string, unknown>>(isJsonObject, "sampleData must be a JSON object (or null for none).");

/**
 * A template's sample data, bounded: the template is read whole by every designer that opens it, so its data
 * stays small (real data goes to renders, not into the template).
 */
export const TemplateSampleDataField = v.pipe(
  TemplateSampleDataObject,
  v.check((value) => tooDeep(value, MAX_SAMPLE_DATA_DEPTH) === undefined, `sampleData must nest at most ${MAX_SAMPLE_DATA_DEPTH} levels deep.`),
  v.check((value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_SAMPLE_DATA_BYTES, `sampleData must be at most ${MAX_SAMPLE_DATA_BYTES / 1024} KiB as JSON.`),
);

export const CreateTemplateBody = v.object({
  name: NameField,
  content: ContentField,
  editorMode: v.nullish(v.picklist(["report", "html"], "editorMode must be 'report' or 'html' (or null, meaning 'report').")),
  sampleData: v.nullish(TemplateSampleDataField),
});

export const UpdateTemplateBody = v.object({
  content: ContentField,
  name: v.optional(NameField),
  expectedUpdatedAt: v.nullish(
    v.pipe(v.string("expectedUpdatedAt must be a string."), v.isoTimestamp("expectedUpdatedAt must be an ISO 8601 timestamp such as 2026-11-21T19:05:00.123Z.")),
  ),
  // Collaboration compaction and version kinds: accepted now, acted on by the hub and version history.
  yState: v.nullish(v.string("yState must be a base64 string.")),
  yStateSeq: v.nullish(v.pipe(v.number("yStateSeq must be an integer."), v.integer("yStateSeq must be an integer."))),
  versionKind: v.nullish(v.picklist(["auto", "manual", "restore"], "versionKind must be one of auto, manual, restore.")),
  // Restoring a version of the other editor mode switches the template's mode with the save.
  editorMode: v.nullish(v.picklist(["report", "html"], "editorMode must be 'report' or 'html' (or null, meaning unchanged).")),
  // Absent keeps the stored sample data (a client that does not know the field never drops it); null clears it.
  sampleData: v.nullish(TemplateSampleDataField),
});

/**
 * Data like the data the template will be rendered with (a JSON object). A report table's columns are fixed,
 * while an HTML table's follow its values: the importer sizes them as the HTML laid out with this data does.
 */
export const SampleDataField = v.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "sampleData must be a JSON object.",
);

export const ImportHtmlBody = v.object({
  name: NameField,
  html: v.pipe(v.string("html must be a string."), v.description("The HTML template: tokens, data-each and data-if as in html templates; @page margin boxes become page bands.")),
  css: v.nullish(v.pipe(v.string("css must be a string."), v.description("An extra style sheet, applied after the document's own <style> elements."))),
  sampleData: v.nullish(SampleDataField),
});

/** The optional body of upgrade-to-report (an empty body is the same as `{}`). */
export const UpgradeToReportBody = v.object({
  sampleData: v.nullish(SampleDataField),
});

export const TemplateListQuery = v.object({
  name: v.optional(v.string()),
});
