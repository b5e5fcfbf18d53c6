// Development and test glue only (never used by the compiled service): worker threads do not inherit tsx's
// ESM loader on Node 20, so this plain-JS entry registers it, then runs the TypeScript job module.
import { workerData } from "node:worker_threads";

const { register } = await import("tsx/esm/api");
register();
await import(workerData.entry);
