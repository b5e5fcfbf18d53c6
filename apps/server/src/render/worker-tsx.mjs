// Development and test glue only (never used by the compiled service): worker threads do not inherit
// tsx's ESM loader on Node 20, so this plain-JS entry registers it and then loads the TypeScript worker,
// which talks to the pool by itself.
const { register } = await import("tsx/esm/api");
register();
await import("./worker.ts");
