// The messages between the main thread and the render workers. Plain data only (structured clone).
import type { Diagnostic, Stamp, Theme } from "@docsvc/layout";
import type { EinvoiceRequest } from "@docsvc/layout";
import type { PdfStandard, ProtectOptions } from "@docsvc/pdf";
import type { MessagePort } from "node:worker_threads";

/** One render, as the worker receives it. */
export interface RenderTask {
  /** `<templateId>@<updatedAt>` for stored templates: the worker caches the parsed document under it. */
  readonly cacheKey: string | null;
  readonly content: string;
  /** How `content` is read: a v4 report document (the default) or an HTML template. */
  readonly editorMode?: "report" | "html";
  readonly data: unknown;
  /** Already validated and normalised (validateTheme) on the main thread. */
  readonly theme: Theme | undefined;
  readonly title: string | undefined;
  /** ISO instant for `$now`/`$today`; absent: the real clock. */
  readonly now: string | undefined;
  /** The template's base PDF, drawn behind every page. */
  readonly base?: BaseRef | undefined;
  /** Passwords and permissions (validated on the main thread): the worker encrypts the finished PDF. */
  readonly protect?: ProtectOptions | undefined;
  /** The render's stamps (validated on the main thread), after a report's own. */
  readonly stamps?: readonly Stamp[] | undefined;
  /** The e-invoice to embed (RenderOptions.einvoice); false: not even the template's default. */
  readonly einvoice?: EinvoiceRequest | false | undefined;
  /**
   * A merged batch's row: also answer the row's encoded layout (painted into the merged PDF by a `mergeRows`
   * job, so the row is laid out once), and skip painting the row's own PDF unless `paint` is set (the row is
   * emailed); `pdf` is then empty.
   */
  readonly keepLayout?: { readonly paint: boolean };
  /** HTML inputs become form fields (RenderOptions.forms). */
  readonly forms?: boolean;
  /** Form fields drawn as content, no AcroForm (RenderOptions.flatten). */
  readonly flatten?: boolean;
  /** PDF/A and PDF/UA (validated on the main thread; RenderOptions.pdfStandards). */
  readonly pdfStandards?: readonly PdfStandard[] | undefined;
  /** false: an untagged PDF (RenderOptions.tagged). */
  readonly tagged?: boolean;
}

/** A stored base PDF as a render needs it: read by the worker from DATA_DIR (cached per hash). */
export interface BaseRef {
  readonly hash: string;
  /** The original PDF. */
  readonly path: string;
  /** The page rasters, by index (fallbacks where a page does not import as vectors). */
  readonly rasterPaths: readonly string[];
}

/** What checking an uploaded base PDF answers. */
export type InspectBaseResult =
  | { readonly ok: true; readonly pages: readonly { readonly width: number; readonly height: number }[]; readonly pngs: readonly Uint8Array[] }
  | { readonly ok: false; readonly reason: string };

/** Page 1 of a PDF as a PNG, with the page's size in points. */
export type FirstPageRaster =
  | { readonly ok: true; readonly png: Uint8Array; readonly width: number; readonly height: number }
  | { readonly ok: false; readonly reason: string };

/** Every row of a batch through one template into one PDF (merged batch output). */
export interface MergeTask {
  readonly cacheKey: string | null;
  readonly content: string;
  /** How `content` is read, as in RenderTask. */
  readonly editorMode?: "report" | "html";
  readonly rows: readonly unknown[];
  readonly theme: Theme | undefined;
  readonly title: string | undefined;
  readonly now: string | undefined;
  readonly base?: BaseRef | undefined;
  /** As in RenderTask (a merged PDF's fields are always drawn as content: docs/forms.md). */
  readonly forms?: boolean;
  readonly flatten?: boolean;
  /** As in RenderTask: the merged PDF is encrypted as a whole. */
  readonly protect?: ProtectOptions | undefined;
  /** As in RenderTask: every row's pages stamped. */
  readonly stamps?: readonly Stamp[] | undefined;
  /** As in RenderTask: the merged PDF declares and follows them (default: the template's own). */
  readonly pdfStandards?: readonly PdfStandard[] | undefined;
}

/**
 * A merged batch painted from its rows' layouts. The worker reads row i (0-based, in output order) by posting
 * a `RowRequest` on `port` and gets a `RowReply`: the layoutRow bytes, or the row's data when its layout is
 * missing (a job laid out before layouts were kept), which the worker then lays out itself.
 */
export interface MergeRowsTask extends Omit<MergeTask, "rows"> {
  readonly count: number;
  readonly port: MessagePort;
  /**
   * The coordinator's end of a channel to a `mergeRowsHelp` job in another worker, which may paint part of the
   * pages (@docsvc/pdf's helpPaintMergedRows); absent with one render thread.
   */
  readonly helper?: MessagePort;
  /**
   * A file the worker writes the merged PDF to as it paints (created or truncated), so neither thread ever holds
   * the whole file; the answer's `pdf` is then empty and `file` names it. Absent: the PDF comes back in `pdf`.
   */
  readonly outputFile?: string;
}

/**
 * Paints part of a merged batch's pages for the `mergeRows` job at the other end of `peer`, reading rows through
 * `port` as that job does (a row without a kept layout fails its part, which the coordinator then paints).
 */
export interface MergeRowsHelpTask {
  readonly port: MessagePort;
  readonly peer: MessagePort;
}

/** The merge worker asks for a row (see MergeRowsTask). */
export interface RowRequest {
  readonly request: number;
  readonly index: number;
}

/** The main thread answers a RowRequest. */
export type RowReply =
  | { readonly request: number; readonly layout: Uint8Array }
  | { readonly request: number; readonly data: unknown }
  | { readonly request: number; readonly error: string };

/** What a merge task answers. */
export type MergeTaskResult =
  | {
      readonly ok: true;
      /** The PDF; empty when it was written to the task's `outputFile`. */
      readonly pdf: Uint8Array;
      readonly pages: number;
      readonly rowPages: readonly number[];
      /** The task's outputFile, holding the PDF (`size` bytes). */
      readonly file?: string;
      readonly size?: number;
    }
  | { readonly ok: false; readonly errors: ContentErrors };

/** Model errors, keyed by document path. */
export type ContentErrors = Record<string, string[]>;

/** What a render task answers. */
export type RenderTaskResult =
  | {
      readonly ok: true;
      readonly pdf: Uint8Array;
      readonly pages: number;
      readonly diagnostics: readonly Diagnostic[];
      /** With `keepLayout`: the row's encoded layout (moved, not copied, like the PDF). */
      readonly layout?: Uint8Array;
    }
  | {
      readonly ok: false;
      readonly errors: ContentErrors;
      /** The data breaks an EN 16931 rule the e-invoice needs (a 422 naming `rule`; `errors.einvoice` says it too). */
      readonly einvoice?: { readonly rule: string; readonly message: string };
    };

/** What a validate task answers. */
export type ValidateTaskResult = { readonly ok: true } | { readonly ok: false; readonly errors: ContentErrors };

/** The jobs a worker runs. */
export type JobKind = "render" | "validate" | "merge" | "mergeRows" | "mergeRowsHelp" | "rasterFirstPage" | "importHtml" | "sign" | "readCertificate";

/** One job, as posted to a worker. */
export interface WorkerJob {
  readonly id: number;
  readonly kind: JobKind;
  readonly task: unknown;
}

/**
 * What a worker posts: `ready` once (fonts loaded), then one answer per job. `limit`: the job passed a layout
 * cap (pages, band instances and table rows) and the message says which.
 */
export type WorkerReply =
  | { readonly ready: true }
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string; readonly limit: boolean };

/** An HTML template to convert into a report document (import-html, upgrade-to-report). */
export interface ImportHtmlTask {
  readonly html: string;
  readonly css?: string | undefined;
  /** Data like the data the template will be rendered with: sizes the report's table columns. */
  readonly sampleData?: Record<string, unknown> | undefined;
}

/** The report document (JSON text) converted from HTML, or why it could not be. */
export type ImportHtmlTaskResult =
  | { readonly ok: true; readonly content: string; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly errors: ContentErrors };

/** A finished PDF to sign (src/signing/pades.ts). */
export type { SignTask } from "../signing/pades.js";
import type { CreatedSignature } from "../signing/pades.js";

/** The signed PDF (B-B; the main thread adds a timestamp), or why the document could not take the signature. */
export type SignTaskResult =
  | ({ readonly ok: true } & CreatedSignature)
  | { readonly ok: false; readonly reason: string };

/** An uploaded PKCS#12 and its password, to open (src/signing/pkcs12.ts). */
export interface ReadCertificateTask {
  readonly bytes: Uint8Array;
  readonly password: string;
}

export type { Pkcs12Contents as ReadCertificateResult } from "../signing/pkcs12.js";
