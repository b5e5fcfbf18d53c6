// Development and test glue only (never used by the compiled service): worker threads do not inherit tsx's
// ESM loader on Node 20, so this plain-JS entry registers it and re-exports the TypeScript worker.
const { register } = await import("tsx/esm/api");
register();
const worker = await import("./password-worker.ts");

export const hash = worker.hash;
export const compare = worker.compare;
