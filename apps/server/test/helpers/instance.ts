// A docsvc process started the way an operator starts one (`node dist/bundle/cli.js serve`, the package's bin), for tests that run
// several instances or kill one. The listening URL is read from its first log lines.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../bundle/cli.js", import.meta.url));

/** A running child process. */
export interface Instance {
  /** The announced address, `http://localhost:port` (serve only). */
  readonly url: string;
  readonly child: ChildProcess;
  /** Every log line so far. */
  readonly lines: string[];
  /** SIGTERM and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>;
}

/** Starts `docsvc <args>` with `env` on top of a minimal environment; resolves once it is ready. */
export async function startInstance(args: readonly string[], env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env["PATH"] ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${lines.join("\n")}`)), 60_000);
    child.stderr?.on("data", (d: Buffer) => lines.push(d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      buffer += d.toString();
      for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        lines.push(line);
        let parsed: { msg?: string; url?: string } = {};
        try {
          parsed = JSON.parse(line) as typeof parsed;
        } catch {
          continue;
        }
        if (parsed.msg === "listening" || parsed.msg === "batch worker started") {
          clearTimeout(timer);
          resolve(parsed.url ?? "");
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${String(code)}):\n${lines.join("\n")}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(force);
  };
  return { url, child, lines, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}
