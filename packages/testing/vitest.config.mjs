// Vitest runs test/vitest/ (started by test/vitest.test.ts): the helper used from Vitest as a user would.
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["test/vitest/**/*.vitest.mjs"], environment: "node", testTimeout: 60_000 } });
