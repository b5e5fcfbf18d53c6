// Bounds on how long something may take are read off CPU time, not the wall clock: they catch work that grows out
// of proportion (quadratic passes, runaway expansion), and on a shared machine the wall clock of a run stretches
// several times with other processes' load while its CPU time does not.

/** Starts a CPU clock of this process; calling the result gives the CPU milliseconds (user + system) since. */
export function cpuClock(): () => number {
  const started = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
}
