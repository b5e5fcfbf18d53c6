// The limits an owner can set (docs/limits.md): who is trusted as a proxy (TRUST_PROXY), the login throttle
// (LOGIN_*), and the caps of request bodies, uploads, base PDFs and hub connections. Every variable is
// optional; unset, the default of the limits table holds. A bad value stops start-up naming the variable.
import { AddressListError, NOBODY, parseAddressList, type AddressList } from "./http/address-list.js";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.js";
import { BASE_PDF_BUDGET, MAX_BASE_OPERATORS, MAX_BASE_PAGES } from "./base-pdf/budget.js";
import { ConfigError } from "./config-error.js";
import { MAX_BACKGROUND_TILES, MAX_IMAGE_PIXELS, MAX_PAGES, MAX_ROWS, MAX_WEB_FONT_BYTES, MAX_WEB_FONTS } from "@docsvc/layout";
import { MAX_MESSAGE_BYTES } from "./collab/protocol.js";
import { MAX_JSON_DEPTH } from "./json-depth.js";
import { MAX_BATCH_ROWS } from "./schemas/batch.js";
import { SHEET_LIMITS } from "./uploads/limits.js";
import { LOGIN_DEFAULTS, LOGIN_FAILURE_WINDOW_MS, type LoginSettings } from "./services/login-throttle.js";

type Env = Readonly<Record<string, string | undefined>>;

const MB = 1024 * 1024;

/** Caps of request bodies, uploads, base PDFs and hub connections. */
export interface RequestLimits {
  /** JSON_MAX_DEPTH: nesting levels of a JSON body (the body is level 1). */
  readonly jsonDepth: number;
  /** BASE_PDF_MAX_BYTES: size of an uploaded base PDF. */
  readonly basePdfBytes: number;
  /** BASE_PDF_MAX_PAGES: pages of a base PDF. */
  readonly basePdfPages: number;
  /** BASE_PDF_MAX_OPERATORS: drawing operators of a base PDF (forms expanded). */
  readonly basePdfOperators: number;
  /** BASE_PDF_INSPECT_HEAP_MB: heap of the inspecting thread. */
  readonly basePdfHeapMb: number;
  /** BATCH_MAX_ROWS: rows of one batch (JSON rows or an upload's data rows). */
  readonly batchRows: number;
  /** UPLOAD_MAX_CELLS, UPLOAD_MAX_TEXT_MB, UPLOAD_MAX_XML_MB, UPLOAD_READ_TIMEOUT_MS, UPLOAD_READ_HEAP_MB. */
  readonly uploadCells: number;
  readonly uploadTextChars: number;
  readonly uploadXmlChars: number;
  readonly uploadTimeMs: number;
  readonly uploadHeapMb: number;
  /** HUB_MAX_MESSAGE_BYTES: one hub message, whole or being reassembled. */
  readonly hubMessageBytes: number;
  /** HUB_MAX_BUFFERED_BYTES: bytes one hub connection may hold (reassembling plus queued). */
  readonly hubBufferedBytes: number;
  /** CHECK_PDF_MAX_BYTES: size of a PDF sent to POST /api/tools/check-pdf. */
  readonly checkPdfBytes: number;
  /** CHECK_PDF_TIMEOUT_MS: time of each qpdf run reading it. */
  readonly checkPdfTimeMs: number;
  /** CHECK_PDF_MAX_JSON_MB: qpdf's description of its objects (bounds the objects checked and the memory). */
  readonly checkPdfJsonMb: number;
  /** CHECK_PDF_CONCURRENCY: checks running at once in this instance (each one a qpdf process). */
  readonly checkPdfConcurrency: number;
}

/** The defaults: the values of the limits table (the constants where each limit is checked). */
export const LIMIT_DEFAULTS: RequestLimits = {
  jsonDepth: MAX_JSON_DEPTH,
  basePdfBytes: 20 * MB,
  basePdfPages: MAX_BASE_PAGES,
  basePdfOperators: MAX_BASE_OPERATORS,
  basePdfHeapMb: BASE_PDF_BUDGET.heapMb,
  batchRows: MAX_BATCH_ROWS,
  uploadCells: SHEET_LIMITS.cells,
  uploadTextChars: SHEET_LIMITS.textChars,
  uploadXmlChars: SHEET_LIMITS.xmlChars,
  uploadTimeMs: SHEET_LIMITS.timeMs,
  uploadHeapMb: SHEET_LIMITS.heapMb,
  hubMessageBytes: MAX_MESSAGE_BYTES,
  hubBufferedBytes: 2 * MAX_MESSAGE_BYTES,
  checkPdfBytes: 20 * MB,
  checkPdfTimeMs: 10_000,
  checkPdfJsonMb: 8,
  checkPdfConcurrency: 2,
};

/** What this module parses, as Config fields. */
export interface LimitConfig {
  readonly trustProxy: TrustProxy;
  readonly login: LoginSettings;
  readonly limits: RequestLimits;
}

/** Reads every limit variable. */
export function parseLimitConfig(env: Env): LimitConfig {
  const int = (name: string, fallback: number, min = 1) => integer(env, name, fallback, min);
  const window = int("LOGIN_FAILURE_WINDOW_MS", LOGIN_FAILURE_WINDOW_MS, 1000);
  const pair = int("LOGIN_FAILURES_PER_ADDRESS_EMAIL", LOGIN_DEFAULTS.pairFailures.capacity);
  const email = int("LOGIN_FAILURES_PER_EMAIL", LOGIN_DEFAULTS.emailFailures.capacity);
  return {
    trustProxy: addressSetting("TRUST_PROXY", env.TRUST_PROXY, parseTrustProxy),
    login: {
      pairFailures: { capacity: pair, refillMs: window / pair },
      emailFailures: { capacity: email, refillMs: window / email },
      addressLogins: { capacity: int("LOGIN_ADDRESS_BURST", LOGIN_DEFAULTS.addressLogins.capacity), refillMs: int("LOGIN_ADDRESS_REFILL_MS", LOGIN_DEFAULTS.addressLogins.refillMs) },
      trusted: addressSetting("LOGIN_TRUSTED_CIDRS", env.LOGIN_TRUSTED_CIDRS, (raw): AddressList => (raw?.trim() ? parseAddressList(raw) : NOBODY)),
    },
    limits: {
      jsonDepth: int("JSON_MAX_DEPTH", LIMIT_DEFAULTS.jsonDepth, 2),
      basePdfBytes: int("BASE_PDF_MAX_BYTES", LIMIT_DEFAULTS.basePdfBytes, 1024),
      basePdfPages: int("BASE_PDF_MAX_PAGES", LIMIT_DEFAULTS.basePdfPages),
      basePdfOperators: int("BASE_PDF_MAX_OPERATORS", LIMIT_DEFAULTS.basePdfOperators),
      basePdfHeapMb: int("BASE_PDF_INSPECT_HEAP_MB", LIMIT_DEFAULTS.basePdfHeapMb, 32),
      batchRows: int("BATCH_MAX_ROWS", LIMIT_DEFAULTS.batchRows),
      uploadCells: int("UPLOAD_MAX_CELLS", LIMIT_DEFAULTS.uploadCells),
      uploadTextChars: int("UPLOAD_MAX_TEXT_MB", LIMIT_DEFAULTS.uploadTextChars / MB) * MB,
      uploadXmlChars: int("UPLOAD_MAX_XML_MB", LIMIT_DEFAULTS.uploadXmlChars / MB) * MB,
      uploadTimeMs: int("UPLOAD_READ_TIMEOUT_MS", LIMIT_DEFAULTS.uploadTimeMs, 100),
      uploadHeapMb: int("UPLOAD_READ_HEAP_MB", LIMIT_DEFAULTS.uploadHeapMb, 32),
      hubMessageBytes: int("HUB_MAX_MESSAGE_BYTES", LIMIT_DEFAULTS.hubMessageBytes, 64 * 1024),
      hubBufferedBytes: int("HUB_MAX_BUFFERED_BYTES", LIMIT_DEFAULTS.hubBufferedBytes, 64 * 1024),
      checkPdfBytes: int("CHECK_PDF_MAX_BYTES", LIMIT_DEFAULTS.checkPdfBytes, 1024),
      checkPdfTimeMs: int("CHECK_PDF_TIMEOUT_MS", LIMIT_DEFAULTS.checkPdfTimeMs, 100),
      checkPdfJsonMb: int("CHECK_PDF_MAX_JSON_MB", LIMIT_DEFAULTS.checkPdfJsonMb, 1),
      checkPdfConcurrency: int("CHECK_PDF_CONCURRENCY", LIMIT_DEFAULTS.checkPdfConcurrency, 1),
    },
  };
}

/** RENDER_MAX_PAGES, RENDER_MAX_INSTANCES, IMAGE_MAX_PIXELS, HTML_MAX_FONT_MB, HTML_MAX_FONTS and HTML_MAX_BACKGROUND_TILES, for the render workers (Config.render.layoutLimits). */
export function layoutLimits(env: Env): { readonly maxPages: number; readonly maxRows: number; readonly maxImagePixels: number; readonly maxWebFontBytes: number; readonly maxWebFonts: number; readonly maxBackgroundTiles: number } {
  return {
    maxPages: integer(env, "RENDER_MAX_PAGES", MAX_PAGES, 1),
    maxRows: integer(env, "RENDER_MAX_INSTANCES", MAX_ROWS, 1),
    maxImagePixels: integer(env, "IMAGE_MAX_PIXELS", MAX_IMAGE_PIXELS, 1),
    maxWebFontBytes: integer(env, "HTML_MAX_FONT_MB", MAX_WEB_FONT_BYTES / (1024 * 1024), 1) * 1024 * 1024,
    maxWebFonts: integer(env, "HTML_MAX_FONTS", MAX_WEB_FONTS, 0),
    maxBackgroundTiles: integer(env, "HTML_MAX_BACKGROUND_TILES", MAX_BACKGROUND_TILES, 1),
  };
}

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min.toLocaleString("en-US")}, got '${raw}'.`);
  }
  return value;
}

function addressSetting<T>(name: string, raw: string | undefined, parse: (raw: string | undefined) => T): T {
  try {
    return parse(raw);
  } catch (err) {
    if (err instanceof AddressListError) throw new ConfigError(`${name}: ${err.message}.`);
    throw err;
  }
}

/** The limits in force: the configured ones, or the defaults (tests and embedders may leave `limits` out). */
export function limitsOf(config: { readonly limits?: RequestLimits | undefined }): RequestLimits {
  return config.limits ?? LIMIT_DEFAULTS;
}
