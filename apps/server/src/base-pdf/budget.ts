/** One base-PDF inspection's thread: past this wall time (BASE_PDF_INSPECT_TIMEOUT_MS) or heap it is terminated and the upload answers 413. */
export const BASE_PDF_BUDGET = { timeMs: 20_000, heapMb: 512 } as const;
