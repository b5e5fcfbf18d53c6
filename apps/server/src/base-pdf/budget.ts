/** One base-PDF inspection's thread: past this wall time (BASE_PDF_INSPECT_TIMEOUT_MS) or heap it is terminated and the upload answers 413. */
export const BASE_PDF_BUDGET = { timeMs: 20_000, heapMb: 512 } as const;
/** At most this many pages in a base PDF (BASE_PDF_MAX_PAGES). */
export const MAX_BASE_PAGES = 100;
/** At most this many drawing operators in a base PDF, counted with its form XObjects expanded (BASE_PDF_MAX_OPERATORS). */
export const MAX_BASE_OPERATORS = 2_000_000;
