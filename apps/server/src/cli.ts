#!/usr/bin/env node
// The `docsvc` command (commands.ts does the work). This entry first turns on Node's on-disk compile cache
// (Node >= 22.1; Node 20 has no module.enableCompileCache, so nothing happens there): static imports are hoisted,
// so the cache must be on before the command's modules load, hence the dynamic import below. The next run then
// reuses the compiled code instead of parsing and compiling it again. The cache is in the OS temporary directory
// (node-compile-cache) unless NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import module from "node:module";

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import("./commands.js");
