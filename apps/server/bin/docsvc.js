#!/usr/bin/env node
// The `docsvc` command in a checkout: `pnpm install` links this file (it exists before any build, unlike the
// bundle) as node_modules/.bin/docsvc, so `pnpm docsvc …` and `pnpm exec docsvc …` work; it runs the production
// bundle that `pnpm build` writes. The packed package (scripts/pack.mjs) points its bin at the bundle directly.
import { existsSync } from "node:fs";

const cli = new URL("../dist/bundle/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("docsvc: the bundle is not built yet; run `pnpm build` in the repository first\n");
  process.exit(1);
}
await import(cli.href);
