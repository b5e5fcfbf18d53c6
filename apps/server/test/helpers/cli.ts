// The `docsvc` command as a child process: under tsx the .ts entry; compiled, the production bundle that the
// package's `bin` names (dist/bundle/cli.js, built by scripts/bundle.mjs from dist/src), as users run it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "./fixtures.js";

const UNDER_TSX = import.meta.url.endsWith(".ts");
const CLI = fileURLToPath(new URL(UNDER_TSX ? "../../src/cli.ts" : "../../bundle/cli.js", import.meta.url));

/** node's arguments that start the CLI. */
export const CLI_ARGS: readonly string[] = [...(UNDER_TSX ? ["--import", "tsx"] : []), CLI];

/** A finished CLI run. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `docsvc <args>` from the repository root with extra environment variables. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI_ARGS, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
