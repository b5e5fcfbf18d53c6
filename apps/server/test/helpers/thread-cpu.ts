// CPU time of this process's main thread alone (Linux /proc), for budgets that hold on a loaded machine where
// wall-clock ones do not: a render on the event loop would cost the main thread its CPU, wherever the time went.
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux ABI Node supports). */
const USER_HZ = 100;

/** Milliseconds of CPU (user + system) the main thread has used so far. */
export function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis): state is
  // field 3, utime field 14 and stime field 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/** Milliseconds of CPU every thread of the process has used so far. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
